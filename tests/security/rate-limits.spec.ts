// Rate limits that a parallel burst, a forged forwarded header or a second endpoint cannot pass, and a
// throttle that never locks the owner out (NIST SP 800-63B growing delays, docs/security.md, 'Accounts and sessions').
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, applicantFor, codeFromMail } from '../support/api-client';
import { HostileClient, endOfFileChecks, maildevUrl, signedInApplicant, tally } from './support';

endOfFileChecks(__filename);

const ACCOUNT_FREE_FAILURES = 10;
const ADDRESS_FREE_FAILURES = 50;
const CODE_TRIES = 5;

/** Counts checks past a limit into the report, and fails the test on any. */
function noneOver(checked: number, limit: number) {
  tally.limitsExceeded += Math.max(0, checked - limit);
  expect(checked).toBeLessThanOrEqual(limit);
}

const wrongLogin = (c: HostileClient, username: string, i: number) =>
  c.post('/auth/login', { username, password: `Wrong-guess-${i}-x` });

describe('password guessing', () => {
  it('twenty parallel logins five times over check at most 10 wrong passwords on one account', async () => {
    await signedInApplicant('sec-burst');
    const attacker = new HostileClient();
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => wrongLogin(attacker, 'sec-burst@example.com', round * 20 + i)),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    noneOver(statuses.filter((s) => s === 401).length, ACCOUNT_FREE_FAILURES);
  });

  it('100 parallel wrong logins check at most 10 passwords, and the counting never answers 500', async () => {
    await signedInApplicant('sec-hundred');
    const attacker = new HostileClient();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => wrongLogin(attacker, 'sec-hundred@example.com', i)),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    noneOver(answers.filter((a) => a.status === 401).length, ACCOUNT_FREE_FAILURES);
    const refused = answers.find((a) => a.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('the owner’s correct password gets through a block that another address caused', async () => {
    await signedInApplicant('sec-owner');
    const attacker = new HostileClient();
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 3; i++) await wrongLogin(attacker, 'sec-owner@example.com', i);
    expect((await wrongLogin(attacker, 'sec-owner@example.com', 99)).status).toBe(429);
    const owner = new HostileClient();
    const ok = await owner.post('/auth/login', { username: 'sec-owner@example.com', password: TEST_PASSWORD });
    expect(ok.status).toBe(200);
  });

  it('confirm-signup is no second password oracle: it shares the login throttle', async () => {
    const b = new HostileClient();
    expect((await b.post('/auth/register', applicantFor('sec-oracle'))).status).toBe(201);
    const attacker = new HostileClient();
    let checked = 0;
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++)
      if ((await wrongLogin(attacker, 'sec-oracle@example.com', i)).status === 401) checked++;
    const viaConfirm = await attacker.post('/auth/confirm-signup', {
      username: 'sec-oracle@example.com',
      password: 'Wrong-guess-confirm',
      code: '123456',
    });
    if (viaConfirm.status === 401) checked++;
    expect(viaConfirm.status).toBe(429);
    noneOver(checked, ACCOUNT_FREE_FAILURES);
  });

  it('a new X-Forwarded-For value on every try does not reset the per-address count', async () => {
    const attacker = new HostileClient();
    let checked = 0;
    for (let i = 0; i < ADDRESS_FREE_FAILURES + 10; i++) {
      const spoofed = `203.0.113.${i % 250}`;
      const a = await attacker.call(
        'POST',
        '/auth/login',
        { username: `nobody-${i}@example.com`, password: 'Wrong-guess-xff' },
        { 'x-forwarded-for': spoofed, forwarded: `for=${spoofed}`, 'x-real-ip': spoofed },
      );
      if (a.status === 401) checked++;
    }
    noneOver(checked, ADDRESS_FREE_FAILURES);
  });
});

describe('one-time codes', () => {
  it('parallel wrong confirmation codes are evaluated at most five times, then the code is void', async () => {
    const b = new HostileClient();
    const since = new Date();
    expect((await b.post('/auth/register', applicantFor('sec-codes'))).status).toBe(201);
    const code = await codeFromMail(maildevUrl(), 'sec-codes@example.com', since);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        new HostileClient().post('/auth/confirm-signup', {
          username: 'sec-codes@example.com',
          password: TEST_PASSWORD,
          code: wrong,
        }),
      ),
    );
    const evaluatedWrong = answers.filter((a) => /^Invalid verification code/.test(a.body?.data?.message ?? ''));
    // Tries 1-4 answer 'Invalid…'; the fifth voids the code; any more would be guesses past the limit.
    noneOver(evaluatedWrong.length, CODE_TRIES - 1);
    const late = await b.post('/auth/confirm-signup', {
      username: 'sec-codes@example.com',
      password: TEST_PASSWORD,
      code,
    });
    expect(late.status).toBe(400);
    expect(late.body.data.message).toMatch(/^This code has expired or was tried too many times/);
  });

  it('parallel wrong reset codes are evaluated at most five times, then the code is void', async () => {
    await signedInApplicant('sec-reset-codes');
    const b = new HostileClient();
    const since = new Date();
    await b.post('/auth/forgot-password', { username: 'sec-reset-codes@example.com' });
    const code = await codeFromMail(maildevUrl(), 'sec-reset-codes@example.com', since, 'password reset');
    const wrong = code === '000000' ? '111111' : '000000';
    // Eight at once from the browser that asked for the code (a code answers only to its requester).
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        b.post('/auth/confirm-forgot-password', {
          username: 'sec-reset-codes@example.com',
          code: wrong,
          password: 'Quiet-Harbor-58',
          confirmPassword: 'Quiet-Harbor-58',
        }),
      ),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const evaluatedWrong = answers.filter((a) => /^Invalid verification code/.test(a.body?.data?.message ?? ''));
    noneOver(evaluatedWrong.length, CODE_TRIES - 1);
    const late = await b.post('/auth/confirm-forgot-password', {
      username: 'sec-reset-codes@example.com',
      code,
      password: 'Quiet-Harbor-58',
      confirmPassword: 'Quiet-Harbor-58',
    });
    expect(late.status).toBe(400);
    expect(late.body.data.message).toMatch(/^This code has expired or was tried too many times/);
  });
});
