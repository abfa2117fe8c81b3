import { endSentence, escapeHtml, languageOf, LANGUAGE_WRITING, nameForEmail, type ByLanguage } from '@portal/libs';

const COMPANY_MAX = 80;

type Copy = { subject: string; greeting: string; intro: string; sign: string; link: string; outro: string };
/** The applicant's first name and the business's name, each undefined when it cannot be shown. */
type Names = { who?: string; company?: string };

// endSentence: a name ending in its own period ('Maple Leaf Inc.') takes no second one.
const COPY: ByLanguage<(n: Names) => Copy> = {
  en: ({ who, company }) => ({
    subject: company
      ? `Your signature is needed on ${company}'s funding application`
      : 'Your signature is needed on a funding application',
    greeting: 'Hello,',
    intro: `${endSentence(`${who ?? 'A co-owner'} named you as an owner on the funding application for ${company ?? 'your business'}`)} Your signature is needed: sign the application from this email, on any device, with no account to create.`,
    sign: 'Review and sign the application',
    link: 'See where the application stands',
    outro:
      'These links are yours alone and expire in 30 days. If you do not know this business, you can ignore this email.',
  }),
  'fr-CA': ({ who, company }) => ({
    subject: company
      ? `Votre signature est attendue pour la demande de financement de l’entreprise ${company}`
      : 'Votre signature est attendue pour une demande de financement',
    greeting: 'Bonjour,',
    intro: `${endSentence(`${who ?? 'Un copropriétaire'} vous a nommé comme propriétaire dans la demande de financement de ${company ? `l’entreprise ${company}` : 'votre entreprise'}`)} Votre signature est requise : signez la demande à partir de ce courriel, sur l’appareil de votre choix, sans créer de compte.`,
    sign: 'Examiner et signer la demande',
    link: 'Voir où en est la demande',
    outro:
      'Ces liens vous sont personnels et expirent dans 30 jours. Si vous ne connaissez pas cette entreprise, vous pouvez ignorer ce courriel.',
  }),
  'es-US': ({ who, company }) => ({
    subject: company
      ? `Se necesita su firma en la solicitud de financiamiento de ${company}`
      : 'Se necesita su firma en una solicitud de financiamiento',
    greeting: 'Hola:',
    intro: `${endSentence(`${who ?? 'Un copropietario'} lo nombró como propietario en la solicitud de financiamiento de ${company ?? 'su empresa'}`)} Se necesita su firma: firme la solicitud desde este correo electrónico, en cualquier dispositivo, sin crear una cuenta.`,
    sign: 'Revisar y firmar la solicitud',
    link: 'Ver el estado de la solicitud',
    outro:
      'Estos enlaces son solo para usted y vencen en 30 días. Si no conoce esta empresa, puede ignorar este correo electrónico.',
  }),
};

/**
 * The email to a co-owner who has to sign: a signed link to their own signing session and one to where
 * the application stands, neither needing an account (no separate invitation comes). Sent in the applicant's language; the applicant's first name and the business's
 * name show only when they are safe to (nameForEmail), else neutral words stand in.
 */
export function renderStatusEmail(d: {
  applicantFirstName: unknown;
  businessName: unknown;
  statusUrl: string;
  signUrl: string;
  language?: string;
}) {
  const lang = languageOf(d.language);
  const c = COPY[lang]({ who: nameForEmail(d.applicantFirstName), company: nameForEmail(d.businessName, COMPANY_MAX) });
  const colon = LANGUAGE_WRITING[lang].colon;
  const text = [
    c.greeting,
    '',
    c.intro,
    '',
    `${c.sign}${colon} ${d.signUrl}`,
    '',
    `${c.link}${colon} ${d.statusUrl}`,
    '',
    c.outro,
    '',
    'Fundwise',
  ].join('\n');
  const esc = escapeHtml;
  const html = `<!doctype html>
<html lang="${lang}"><body style="margin:0;background:#f4f6fa;font-family:Helvetica,Arial,sans-serif;color:#1d2939">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:22px;font-weight:700;color:#0b5cab;padding-bottom:16px">Fundwise</td></tr>
<tr><td style="font-size:16px;line-height:24px">${esc(c.greeting)}</td></tr>
<tr><td style="font-size:16px;line-height:24px;padding:8px 0 16px">${esc(c.intro)}</td></tr>
<tr><td><a href="${esc(d.signUrl)}" style="background:#0b5cab;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${esc(c.sign)}</a></td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-top:16px"><a href="${esc(d.statusUrl)}" style="color:#0b5cab">${esc(c.link)}</a></td></tr>
<tr><td style="font-size:14px;line-height:20px;color:#475467;padding-top:16px">${esc(c.outro)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: c.subject, text, html };
}
