import { emailGreeting, escapeHtml, languageOf, linkInLanguage, nameForEmail, type ByLanguage } from '@portal/libs';

/**
 * The reminder sent to an applicant whose application has not moved: a link to their step,
 * and one to 'Where do I stand'. In the account's language (English when none is kept), the links too.
 */
export type ReminderEmailData = {
  firstName: string;
  company: string;
  reminder: 1 | 2;
  /** PUBLIC_URL + the saved step's path. */
  stepUrl: string;
  /** PUBLIC_URL + '/status'. */
  statusUrl: string;
  language?: string;
};

const COMPANY_MAX = 80;

type Copy = {
  business: string;
  subject1: (company: string) => string;
  subject2: (company: string) => string;
  lead1: (company: string) => string;
  lead2: (company: string) => string;
  button: string;
  status: string;
  statusLink: string;
  outro: string;
};

const COPY: ByLanguage<Copy> = {
  en: {
    business: 'your business',
    subject1: (c: string) => `Your funding application for ${c} is waiting for you`,
    subject2: (c: string) => `Still interested? Your application for ${c} is saved`,
    lead1: (c: string) => `Your application for ${c} is saved where you left it. Pick it up in a few minutes:`,
    lead2: (c: string) => `We kept your application for ${c} just as you left it. When you are ready, continue here:`,
    button: 'Continue your application',
    status: 'See where your application stands:',
    statusLink: 'Where do I stand',
    outro: 'If you no longer need funding, you can ignore this email.',
  },
  'fr-CA': {
    business: 'votre entreprise',
    subject1: (c: string) => `Votre demande de financement pour ${c} vous attend`,
    subject2: (c: string) => `Toujours intéressé? Votre demande pour ${c} est enregistrée`,
    lead1: (c: string) =>
      `Votre demande pour ${c} est enregistrée là où vous l’avez laissée. Terminez-la en quelques minutes\u00a0:`,
    lead2: (c: string) =>
      `Nous avons gardé votre demande pour ${c} telle que vous l’avez laissée. Quand vous serez prêt, poursuivez ici\u00a0:`,
    button: 'Poursuivre votre demande',
    status: 'Voyez où en est votre demande\u00a0:',
    statusLink: 'Où en est ma demande',
    outro: 'Si vous n’avez plus besoin de financement, vous pouvez ignorer ce courriel.',
  },
  'es-US': {
    business: 'su empresa',
    subject1: (c: string) => `Su solicitud de financiamiento para ${c} sigue pendiente`,
    subject2: (c: string) => `¿Todavía le interesa? Su solicitud para ${c} está guardada`,
    lead1: (c: string) => `Su solicitud para ${c} está guardada donde la dejó. Termínela en unos minutos:`,
    lead2: (c: string) => `Guardamos su solicitud para ${c} tal como la dejó. Cuando lo desee, continúe aquí:`,
    button: 'Continuar su solicitud',
    status: 'Vea en qué punto está su solicitud:',
    statusLink: 'Estado de mi solicitud',
    outro: 'Si ya no necesita financiamiento, puede ignorar este correo electrónico.',
  },
};

export function renderReminderEmail(d: ReminderEmailData): { subject: string; html: string; text: string } {
  const lang = languageOf(d.language);
  const c = COPY[lang];
  const greeting = emailGreeting(d.firstName, lang);
  const company = nameForEmail(d.company, COMPANY_MAX) ?? c.business;
  const subject = d.reminder === 1 ? c.subject1(company) : c.subject2(company);
  const lead = d.reminder === 1 ? c.lead1(company) : c.lead2(company);
  // The portal opens in the email's language, whatever the phone's own.
  const stepUrl = linkInLanguage(d.stepUrl, lang);
  const statusUrl = linkInLanguage(d.statusUrl, lang);
  const text = [greeting, '', lead, stepUrl, '', c.status, statusUrl, '', c.outro].join('\n');
  const esc = escapeHtml;
  const html = `<!doctype html><html lang="${lang}"><body style="margin:0;background:#f4f6fa;font-family:Helvetica,Arial,sans-serif;color:#1d2939">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;padding:28px">
<tr><td style="font-size:20px;font-weight:700;color:#0b5cab;padding-bottom:12px">Fundwise</td></tr>
<tr><td style="font-size:16px;padding-bottom:12px">${esc(greeting)}</td></tr>
<tr><td style="font-size:15px;padding-bottom:16px">${esc(lead)}</td></tr>
<tr><td style="padding-top:8px"><a href="${esc(stepUrl)}" style="background:#0b5cab;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${esc(c.button)}</a></td></tr>
<tr><td style="font-size:15px;padding-top:16px">${esc(c.status)} <a href="${esc(statusUrl)}">${esc(c.statusLink)}</a></td></tr>
<tr><td style="font-size:14px;color:#475467;padding-top:16px">${esc(c.outro)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, html, text };
}
