import { emailGreeting, escapeHtml, languageOf, type ByLanguage } from '@portal/libs';

/** 'account-exists' carries no code: it tells an account's owner that someone tried to sign up again with it. */
export type CodeEmailKind = 'confirm-sign-up' | 'reset-password' | 'account-exists';

type Copy = { subject: string; intro: string; expiry: string; outro: string };

/** The code emails in each language the portal speaks: the account's language picks. */
const COPY: ByLanguage<Record<CodeEmailKind, Copy>> = {
  en: {
    'confirm-sign-up': {
      subject: 'Your Fundwise confirmation code',
      intro: 'Thanks for starting your application. Enter this code to confirm your email address:',
      expiry: 'The code expires in 10 minutes and can be used once.',
      outro: "If you didn't start an application with us, you can ignore this email.",
    },
    'reset-password': {
      subject: 'Your Fundwise password reset code',
      intro: 'We received a request to reset your password. Enter this code to choose a new one:',
      expiry: 'The code expires in 10 minutes and can be used once.',
      outro: "If you didn't ask to reset your password, you can ignore this email; your password stays the same.",
    },
    'account-exists': {
      subject: 'You already have a Fundwise account',
      intro:
        'Someone, probably you, just tried to sign up with this email address, which already has an account. No new account was made and no code was sent.',
      expiry:
        'To continue your application, log in. If you forgot your password, choose "Forgot password?" on the login page.',
      outro: "If this wasn't you, you can ignore this email; nothing in your account changed.",
    },
  },
  'fr-CA': {
    'confirm-sign-up': {
      subject: 'Votre code de confirmation Fundwise',
      intro: 'Merci d’avoir commencé votre demande. Entrez ce code pour confirmer votre adresse courriel :',
      expiry: 'Le code expire dans 10 minutes et ne peut servir qu’une fois.',
      outro: 'Si vous n’avez pas commencé de demande chez nous, vous pouvez ignorer ce courriel.',
    },
    'reset-password': {
      subject: 'Votre code de réinitialisation du mot de passe Fundwise',
      intro:
        'Nous avons reçu une demande de réinitialisation de votre mot de passe. Entrez ce code pour en choisir un nouveau :',
      expiry: 'Le code expire dans 10 minutes et ne peut servir qu’une fois.',
      outro:
        'Si vous n’avez pas demandé à réinitialiser votre mot de passe, vous pouvez ignorer ce courriel; votre mot de passe reste le même.',
    },
    'account-exists': {
      subject: 'Vous avez déjà un compte Fundwise',
      intro:
        'Quelqu’un, sans doute vous, vient d’essayer de s’inscrire avec cette adresse courriel, qui a déjà un compte. Aucun compte n’a été créé et aucun code n’a été envoyé.',
      expiry:
        'Pour poursuivre votre demande, connectez-vous. Si vous avez oublié votre mot de passe, choisissez « Mot de passe oublié? » sur la page de connexion.',
      outro: 'Si ce n’était pas vous, vous pouvez ignorer ce courriel; rien n’a changé dans votre compte.',
    },
  },
  'es-US': {
    'confirm-sign-up': {
      subject: 'Su código de confirmación de Fundwise',
      intro: 'Gracias por comenzar su solicitud. Ingrese este código para confirmar su correo electrónico:',
      expiry: 'El código vence en 10 minutos y solo se puede usar una vez.',
      outro: 'Si usted no comenzó una solicitud con nosotros, puede ignorar este correo electrónico.',
    },
    'reset-password': {
      subject: 'Su código para restablecer la contraseña de Fundwise',
      intro: 'Recibimos una solicitud para restablecer su contraseña. Ingrese este código para elegir una nueva:',
      expiry: 'El código vence en 10 minutos y solo se puede usar una vez.',
      outro:
        'Si usted no pidió restablecer su contraseña, puede ignorar este correo electrónico; su contraseña sigue siendo la misma.',
    },
    'account-exists': {
      subject: 'Usted ya tiene una cuenta de Fundwise',
      intro:
        'Alguien, probablemente usted, acaba de intentar registrarse con este correo electrónico, que ya tiene una cuenta. No se creó ninguna cuenta nueva ni se envió ningún código.',
      expiry:
        'Para continuar con su solicitud, inicie sesión. Si olvidó su contraseña, elija "¿Olvidó su contraseña?" en la página de inicio de sesión.',
      outro: 'Si no fue usted, puede ignorar este correo electrónico; nada cambió en su cuenta.',
    },
  },
};

/**
 * The one-time code email, as HTML and plain text, in the account's language (English when none is kept).
 * It goes to whatever address was typed at sign-up, so the first name shows only when it is safe to
 * (see nameForEmail).
 */
export function renderCodeEmail(
  kind: CodeEmailKind,
  code: string,
  firstName: string,
  publicUrl: string,
  language?: string,
) {
  const lang = languageOf(language);
  const c = COPY[lang][kind];
  const greeting = emailGreeting(firstName, lang);
  const codeText = code ? `\n\n    ${code}` : '';
  const text = `${greeting}\n\n${c.intro}${codeText}\n\n${c.expiry}\n\n${c.outro}\n\nFundwise\n${publicUrl}`;
  const codeRow = code
    ? `\n        <tr><td align="center" style="font-size:32px;letter-spacing:8px;font-weight:700;background:#eef4fb;border-radius:8px;padding:16px" data-code="${code}">${code}</td></tr>`
    : '';
  const html = `<!doctype html>
<html lang="${lang}"><body style="margin:0;background:#f4f6fa;font-family:Helvetica,Arial,sans-serif;color:#1d2939">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px">
    <tr><td align="center">
      <table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
        <tr><td style="font-size:22px;font-weight:700;color:#0b5cab;padding-bottom:16px">Fundwise</td></tr>
        <tr><td style="font-size:16px;line-height:24px">${escapeHtml(greeting)}</td></tr>
        <tr><td style="font-size:16px;line-height:24px;padding:8px 0 16px">${escapeHtml(c.intro)}</td></tr>${codeRow}
        <tr><td style="font-size:14px;line-height:20px;color:#475467;padding-top:16px">${escapeHtml(c.expiry)}</td></tr>
        <tr><td style="font-size:14px;line-height:20px;color:#475467;padding-top:8px">${escapeHtml(c.outro)}</td></tr>
      </table>
    </td></tr>
  </table>
</body></html>`;
  return { subject: c.subject, text, html };
}
