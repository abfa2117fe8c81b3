import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, applicantFor, codeFromMail } from '../../../tests/support/api-client';
import { mailsTo } from '../../../tests/support/maildev';
import { eventually } from '../../../tests/support/until';
import { authSlice } from './auth.spec-setup';

// A US owner who signs up in Spanish: the account keeps the language, and every code email it is sent
// (sign-up, password reset, a second sign-up with its address) is in Spanish, as the api sends them.
const room = authSlice();

/** The newest mail to `to` whose subject is `subject`, once it has arrived. */
const mailNamed = (to: string, subject: string) =>
  eventually(async () => (await mailsTo(room.slice.maildevUrl, to)).findLast((m) => m.subject === subject));

describe('an account in US Spanish', () => {
  it('keeps es-US, and its sign-up, reset and already-registered emails are in Spanish', async () => {
    const email = 'ana-es@example.com';
    const b = room.browser();
    const since = new Date();
    const reg = await b.post('/auth/register', { ...applicantFor('ana-es'), firstName: 'Ana', language: 'es-US' });
    expect(reg.status).toBe(201);
    expect((await room.db.collection('users').findOne({ userName: email }))?.language).toBe('es-US');

    const confirmMail = await mailNamed(email, 'Su código de confirmación de Fundwise');
    expect(confirmMail.text).toMatch(/^Hola, Ana:\n\nGracias por comenzar su solicitud\./);
    expect(confirmMail.text).toContain('El código vence en 10 minutos y solo se puede usar una vez.');
    expect(confirmMail.html).toContain('<html lang="es-US">');
    const code = await codeFromMail(room.slice.maildevUrl, email, since);
    const confirmed = await b.post('/auth/confirm-signup', { username: email, password: TEST_PASSWORD, code });
    expect(confirmed.status).toBe(200);

    // The reset is asked with no language: the account's own decides.
    const resetSince = new Date();
    expect((await room.browser().post('/auth/forgot-password', { username: email })).status).toBe(200);
    const reset = await mailNamed(email, 'Su código para restablecer la contraseña de Fundwise');
    expect(reset.text).toContain('Recibimos una solicitud para restablecer su contraseña.');
    expect(await codeFromMail(room.slice.maildevUrl, email, resetSince, 'password reset')).toMatch(/^\d{6}$/);

    // Someone signs up again with the address, in English: its owner is told in the account's language.
    const again = await room.browser().post('/auth/register', { ...applicantFor('ana-es'), language: 'en' });
    expect(again.status).toBe(201);
    const notice = await mailNamed(email, 'Usted ya tiene una cuenta de Fundwise');
    expect(notice.text).toContain('Alguien, probablemente usted, acaba de intentar registrarse');
    expect(notice.text).not.toMatch(/\d{6}/);
    for (const mail of [confirmMail, reset, notice]) expect(mail.text).not.toMatch(/\b(Hi|Hello|code expires|email)\b/);
  });

  it('refuses a language the portal does not speak', async () => {
    const res = await room.browser().post('/auth/register', { ...applicantFor('ana-xx'), language: 'es' });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.language).toBe('Invalid value');
  });
});
