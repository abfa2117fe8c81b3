import { emailGreeting, escapeHtml, languageOf, linkInLanguage, type ByLanguage } from '@portal/libs';

/**
 * The email that tells the account's owner their archive ("Download my data") is ready: a link to the
 * portal's page, where the signed-in owner downloads it, and the date the link stops working. In the
 * account's language (English when none is kept). The archive itself is never attached: it holds the SSN.
 */
export type DataExportEmailData = {
  firstName: string;
  /** PUBLIC_URL + '/my-data?export=' + the export's id. */
  pageUrl: string;
  expiresAt: Date;
  language?: string;
};

type Copy = { subject: string; lead: string; button: string; expiry: (date: string) => string; outro: string };

const COPY: ByLanguage<Copy> = {
  en: {
    subject: 'Your data is ready to download',
    lead: 'The copy of your data you asked for is ready: your answers, your documents, your application, the emails we sent you and your application’s stages.',
    button: 'Download my data',
    expiry: (d: string) => `Sign in to download it. The link works until ${d}; after that the copy is deleted.`,
    outro: 'If you did not ask for a copy of your data, change your password and let us know.',
  },
  'fr-CA': {
    subject: 'Vos données sont prêtes à télécharger',
    lead: 'La copie de vos données que vous avez demandée est prête\u00a0: vos réponses, vos documents, votre demande, les courriels que nous vous avons envoyés et les étapes de votre demande.',
    button: 'Télécharger mes données',
    expiry: (d: string) =>
      `Connectez-vous pour la télécharger. Le lien fonctionne jusqu’au ${d}\u00a0; la copie est ensuite supprimée.`,
    outro: 'Si vous n’avez pas demandé de copie de vos données, changez votre mot de passe et avisez-nous.',
  },
  'es-US': {
    subject: 'Sus datos están listos para descargar',
    lead: 'La copia de sus datos que solicitó está lista: sus respuestas, sus documentos, su solicitud, los correos electrónicos que le enviamos y las etapas de su solicitud.',
    button: 'Descargar mis datos',
    expiry: (d: string) =>
      `Inicie sesión para descargarla. El enlace funciona hasta el ${d}; después, la copia se elimina.`,
    outro: 'Si usted no solicitó una copia de sus datos, cambie su contraseña e infórmenos.',
  },
};

export function renderDataExportEmail(d: DataExportEmailData): { subject: string; html: string; text: string } {
  const lang = languageOf(d.language);
  const c = COPY[lang];
  const greeting = emailGreeting(d.firstName, lang);
  const date = new Intl.DateTimeFormat(lang, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(d.expiresAt);
  const url = linkInLanguage(d.pageUrl, lang);
  const text = [greeting, '', c.lead, '', `${c.button}: ${url}`, '', c.expiry(date), '', c.outro].join('\n');
  const esc = escapeHtml;
  const html = `<!doctype html><html lang="${lang}"><body style="margin:0;background:#f4f6fa;font-family:Helvetica,Arial,sans-serif;color:#1d2939">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;padding:28px">
<tr><td style="font-size:20px;font-weight:700;color:#0b5cab;padding-bottom:12px">Fundwise</td></tr>
<tr><td style="font-size:16px;padding-bottom:12px">${esc(greeting)}</td></tr>
<tr><td style="font-size:15px;padding-bottom:16px">${esc(c.lead)}</td></tr>
<tr><td style="padding-top:8px"><a href="${esc(url)}" style="background:#0b5cab;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${esc(c.button)}</a></td></tr>
<tr><td style="font-size:15px;padding-top:16px">${esc(c.expiry(date))}</td></tr>
<tr><td style="font-size:14px;color:#475467;padding-top:16px">${esc(c.outro)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: c.subject, html, text };
}
