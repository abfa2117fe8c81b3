// Done when "a sign-up code reaches the local inbox over STARTTLS with login, after a 454":
// the api's mail to an SMTP server that requires STARTTLS and a login (a private CA's certificate, checked),
// as SES does, and that throttles the first try (454). Before, the code was tried once more after 2 s and
// a refusal was lost; a permanent refusal (5xx) is not tried again and is logged without address or code.
import { Logger } from '@nestjs/common';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../tests/support/api-client';
import {
  makeCertificates,
  secureSmtpEnv,
  startSecureSmtp,
  type Certificates,
} from '../../../tests/support/secure-servers';
import { startSlice } from '../../../tests/support/slice';
import { MAIL_POOL } from './mail.service';
import { holdFor, until } from '../../../tests/support/until';

let certs: Certificates;
let smtp: Awaited<ReturnType<typeof startSecureSmtp>>;
let slice: Awaited<ReturnType<typeof startSlice>>;

beforeAll(async () => {
  certs = makeCertificates();
  smtp = await startSecureSmtp(certs);
  slice = await startSlice({
    env: secureSmtpEnv(smtp, certs),
  });
});

afterAll(async () => {
  await slice?.close();
  await smtp?.close();
  certs?.remove();
});

let ip = 0;
const signUp = (email: string) =>
  new ApiClient(slice.baseUrl, `10.0.3.${++ip}`).post('/auth/register', {
    firstName: 'Grace',
    lastName: 'Hopper',
    businessName: 'Compilers LLC',
    phone: '+12125550123',
    email,
    password: 'Ledger-Quill-42',
    confirmPassword: 'Ledger-Quill-42',
  });

it('a sign-up code reaches the server over STARTTLS with the login, after a 454, and confirms the account', async () => {
  const email = `starttls-${Date.now()}@example.com`;
  smtp.refuseNext({ at: 'MAIL', code: 454, message: 'Throttling failure: Maximum sending rate exceeded.' });
  const since = smtp.mailCommands();
  expect((await signUp(email)).status).toBe(201);
  const [mail] = await until(
    () => smtp.to(email),
    (m) => m.length > 0,
    { ms: 20_000, what: 'the code email after the 454' },
  );
  expect(smtp.pendingRefusals()).toBe(0);
  expect(smtp.mailCommands() - since).toBe(2); // the throttled try, then the one that went
  expect(mail).toMatchObject({ secure: true, user: 'portal', from: 'no-reply@fundwise.example' });
  expect(smtp.logins.every((l) => l.secure && l.ok)).toBe(true);
  const code = /^ {4}(\d{6})\s*$/m.exec(mail!.raw)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  const confirmed = await new ApiClient(slice.baseUrl, '10.0.3.200').post('/auth/confirm-signup', {
    username: email,
    password: 'Ledger-Quill-42',
    code,
  });
  expect(confirmed.status).toBe(200);
  await holdFor(500, 'a second copy of the code would arrive within this window');
  expect(smtp.to(email)).toHaveLength(1);
});

it('a permanent refusal (554) is not tried again and is logged with its code, never the address or code', async () => {
  const errors = vi.spyOn(Logger.prototype, 'error');
  const email = `rejected-${Date.now()}@example.com`;
  smtp.refuseNext({ at: 'DATA', code: 554, message: 'Message rejected: Email address is not verified.' });
  const since = smtp.mailCommands();
  expect((await signUp(email)).status).toBe(201);
  const logged = await until(
    () => errors.mock.calls.map(([entry]) => entry as Record<string, unknown>),
    (calls) => calls.some((c) => c.msg === 'account email refused by the mail service'),
    { what: 'the refusal in the log' },
  );
  expect(logged).toContainEqual(expect.objectContaining({ kind: 'confirm-sign-up', smtpCode: 554, tries: 1 }));
  await holdFor(2_500, 'a retry would come 2 s after the refusal');
  expect(smtp.mailCommands() - since).toBe(1);
  expect(smtp.to(email)).toHaveLength(0);
  expect(JSON.stringify(errors.mock.calls)).not.toContain(email);
  errors.mockRestore();
});

it('a burst of sign-ups shares the pooled connections: every code arrives, with a login per connection, not per email', async () => {
  const burst = Array.from({ length: 8 }, (_, i) => `burst-${i}-${Date.now()}@example.com`);
  const loginsBefore = smtp.logins.length;
  const answers = await Promise.all(burst.map((email) => signUp(email)));
  expect(answers.map((a) => a.status)).toEqual(burst.map(() => 201));
  await until(
    () => burst.filter((email) => smtp.to(email).length === 1),
    (arrived) => arrived.length === burst.length,
    { ms: 20_000, what: 'every code email of the burst' },
  );
  const logins = smtp.logins.slice(loginsBefore);
  expect(logins.every((l) => l.secure && l.ok)).toBe(true);
  // One email a connection before: 8 handshakes and logins.
  expect(logins.length).toBeLessThanOrEqual(MAIL_POOL.maxConnections);
});
