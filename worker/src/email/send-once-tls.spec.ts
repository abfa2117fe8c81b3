// The worker's emails (offers, reminders) to a mail service as hosted ones are: STARTTLS
// required or implicit TLS, the certificate checked against a private CA, a login. A temporary refusal (454
// throttling) throws a plain error, which the activity's retries try again; a permanent one (554) is a
// non-retryable MailRejectedError. The final dot's last byte is still held back under TLS (send-once.ts).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NON_RETRYABLE_ERRORS } from '@portal/workflows';
import { makeCertificates, startSecureSmtp, type Certificates } from '../../../tests/support/secure-servers';
import { holdFor } from '../../../tests/support/until';
import { MailRejectedError } from '../errors';
import { sendOnce } from './send-once';
import { smtpOf } from './smtp';

let certs: Certificates;
let starttls: Awaited<ReturnType<typeof startSecureSmtp>>;
let implicit: Awaited<ReturnType<typeof startSecureSmtp>>;

beforeAll(async () => {
  certs = makeCertificates();
  starttls = await startSecureSmtp(certs);
  implicit = await startSecureSmtp(certs, { implicit: true });
});
afterAll(async () => {
  await starttls?.close();
  await implicit?.close();
  certs?.remove();
});

const settings = (server: { port: number; account: { user: string; pass: string } }, tls: 'starttls' | 'implicit') =>
  smtpOf({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: server.port,
    SMTP_TLS: tls,
    SMTP_USER: server.account.user,
    SMTP_PASSWORD: server.account.pass,
    SMTP_CA_FILE: certs.caFile,
  });
const message = (to: string) => ({ from: 'offers@fundwise.example', to, subject: 'Your selected offer', text: 'hi' });

describe('STARTTLS with a login', () => {
  it('a 454 throws a retryable error; the next try goes out over TLS, logged in', async () => {
    const to = `throttled-${Date.now()}@example.com`;
    starttls.refuseNext({ at: 'MAIL', code: 454, message: 'Throttling failure: Maximum sending rate exceeded.' });
    const first = await sendOnce(settings(starttls, 'starttls'), message(to)).catch((e: unknown) => e);
    expect(first).toMatchObject({ responseCode: 454 });
    expect(first).not.toBeInstanceOf(MailRejectedError);
    expect(await sendOnce(settings(starttls, 'starttls'), message(to))).toBe('sent');
    expect(starttls.to(to)).toEqual([expect.objectContaining({ secure: true, user: 'portal' })]);
  });

  it('a 554 is a non-retryable MailRejectedError that names the code', async () => {
    const to = `rejected-${Date.now()}@example.com`;
    starttls.refuseNext({ at: 'DATA', code: 554, message: 'Message rejected: Email address is not verified.' });
    const refused = await sendOnce(settings(starttls, 'starttls'), message(to)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MailRejectedError);
    expect(refused).toMatchObject({
      type: 'MailRejectedError',
      nonRetryable: true,
      message: 'SMTP server refused: 554',
    });
    expect(NON_RETRYABLE_ERRORS).toContain('MailRejectedError');
    expect(starttls.to(to)).toHaveLength(0);
  });

  it('a wrong password is refused for good (535)', async () => {
    const wrong = { ...settings(starttls, 'starttls'), auth: { user: 'portal', pass: 'not-it' } };
    await expect(sendOnce(wrong, message(`login-${Date.now()}@example.com`))).rejects.toBeInstanceOf(MailRejectedError);
  });

  it('beforeCommit runs while the server still lacks the final byte, over TLS too', async () => {
    const to = `commit-tls-${Date.now()}@example.com`;
    let seenDuringCommit = -1;
    const outcome = await sendOnce(settings(starttls, 'starttls'), message(to), {
      beforeCommit: async () => {
        await holdFor(300, 'a message the server already had would be received within this window');
        seenDuringCommit = starttls.to(to).length;
      },
    });
    expect(outcome).toBe('sent');
    expect(seenDuringCommit).toBe(0);
    expect(starttls.to(to)).toHaveLength(1);
  });

  it('refuses a certificate its CA did not sign, and a server that offers no STARTTLS (maildev)', async () => {
    const { tls: _, ...systemCas } = settings(starttls, 'starttls');
    await expect(
      sendOnce({ ...systemCas, tls: { rejectUnauthorized: true } }, message('x@example.com')),
    ).rejects.toThrow(/self-signed certificate|unable to verify/);
    const maildev = smtpOf({ SMTP_HOST: '127.0.0.1', SMTP_PORT: inject('smtpPort'), SMTP_TLS: 'starttls' });
    await expect(sendOnce(maildev, message('plain@example.com'))).rejects.toThrow();
  });
});

it('implicit TLS (port 465 style) with a login', async () => {
  const to = `implicit-${Date.now()}@example.com`;
  expect(await sendOnce(settings(implicit, 'implicit'), message(to))).toBe('sent');
  expect(implicit.to(to)).toEqual([expect.objectContaining({ secure: true, user: 'portal' })]);
});
