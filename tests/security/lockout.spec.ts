// No stranger can lock an applicant out (NIST SP 800-63B §5.2.2): the owner's known browser
// passes account-wide limits that strangers fill, a completed reset clears the day's count, the reset's
// code answers only to the browsers that asked for it, and strangers asking for resets neither use up the
// owner's way in nor fill the owner's inbox.
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@portal/libs';
import { TEST_PASSWORD, codeFromMail } from '../support/api-client';
import { mailsTo } from '../support/maildev';
import { holdFor } from '../support/until';
import { HostileClient, endOfFileChecks, maildevUrl, signedInApplicant } from './support';

endOfFileChecks(__filename);

const NEW_PASSWORD = 'Quiet-Harbor-58';
const reset = (c: HostileClient, username: string, code: string) =>
  c.post('/auth/confirm-forgot-password', { username, code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });

async function mailedResetCode(c: HostileClient, username: string) {
  const since = new Date();
  expect((await c.post('/auth/forgot-password', { username })).status).toBe(200);
  return codeFromMail(maildevUrl(), username, since, 'password reset');
}

describe('a stranger cannot lock the owner out', () => {
  it('100 wrong passwords from 100 addresses: the known browser still signs in, a reset lets any browser in', async () => {
    const email = 'sec-lockout@example.com';
    const { client: ownersBrowser } = await signedInApplicant('sec-lockout');
    for (let round = 0; round < 10; round++)
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          new HostileClient().post('/auth/login', { username: email, password: `Wrong-guess-${round}-${i}` }),
        ),
      );

    const elsewhere = new HostileClient();
    const blocked = await elsewhere.post('/auth/login', { username: email, password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.data.message).toBe(ACCOUNT_MESSAGES.resetPasswordToContinue);

    // The browser the owner signed up on passes before any reset.
    const known = await ownersBrowser.post('/auth/login', { username: email, password: TEST_PASSWORD });
    expect(known.status).toBe(200);

    // A reset from the new browser clears the day's count: the new password works there and from anywhere.
    expect((await reset(elsewhere, email, await mailedResetCode(elsewhere, email))).body).toEqual({
      message: 'success',
    });
    expect((await elsewhere.post('/auth/login', { username: email, password: NEW_PASSWORD })).status).toBe(200);
    const third = await new HostileClient().post('/auth/login', { username: email, password: NEW_PASSWORD });
    expect(third.status).toBe(200);
  });

  it('a known browser’s own wrong passwords are still throttled (a stolen device cookie guesses no more)', async () => {
    const email = 'sec-known-guess@example.com';
    const { client } = await signedInApplicant('sec-known-guess');
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++)
      statuses.push((await client.post('/auth/login', { username: email, password: `Wrong-${i}-x` })).status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.at(-1)).toBe(429);
  });

  it('strangers’ wrong codes and reset requests leave the owner’s code working', async () => {
    const email = 'sec-reset-dos@example.com';
    await signedInApplicant('sec-reset-dos');
    const owner = new HostileClient();
    const code = await mailedResetCode(owner, email);
    const wrong = code === '000000' ? '111111' : '000000';
    // Ten wrong codes from ten addresses, and seven reset requests from seven more.
    await Promise.all(Array.from({ length: 10 }, () => reset(new HostileClient(), email, wrong)));
    for (let i = 0; i < 7; i++) await new HostileClient().post('/auth/forgot-password', { username: email });
    // And a stranger guessing from one browser uses up only the code of that browser.
    const stranger = new HostileClient();
    await stranger.post('/auth/forgot-password', { username: email });
    for (let i = 0; i < 6; i++) await reset(stranger, email, wrong);

    const done = await reset(owner, email, code);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'success' });
  });

  it('resets asked by strangers from 25 addresses: the owner on a new phone still gets a code and gets in, and one mail came', async () => {
    const email = 'sec-reset-flood@example.com';
    await signedInApplicant('sec-reset-flood');
    const since = new Date();
    // Each a new browser at a new address: an account-wide cap (it was 20 an hour) would be filled by them.
    const strangers = await Promise.all(
      Array.from({ length: 25 }, () => new HostileClient().post('/auth/forgot-password', { username: email })),
    );
    expect(strangers.map((a) => a.status)).toEqual(strangers.map(() => 200));

    const phone = new HostileClient();
    const asked = await phone.post('/auth/forgot-password', { username: email });
    expect(asked.status).toBe(200);
    // The same answer as anyone's (nothing tells whether a mail went out).
    expect(asked.body).toEqual(strangers[0]!.body);
    // The code of the one mail answers to the owner's new browser, which then signs in.
    const code = await codeFromMail(maildevUrl(), email, since, 'password reset');
    expect((await reset(phone, email, code)).body).toEqual({ message: 'success' });
    expect((await phone.post('/auth/login', { username: email, password: NEW_PASSWORD })).status).toBe(200);

    await holdFor(500, 'any further reset mail, sent in the background, reaches maildev');
    const resetMails = (await mailsTo(maildevUrl(), email)).filter(
      (m) =>
        new Date(m.time).getTime() >= since.getTime() - 1000 &&
        /password reset code|code de réinitialisation/.test(m.subject),
    );
    expect(resetMails).toHaveLength(1);
  });
});
