import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, applicantFor, codeFromMail } from '../../../tests/support/api-client';
import { authSlice } from './auth.spec-setup';

// Sign-up confirmation, login and sessions (the reset of a password: forgot-password.spec.ts; affiliates:
// affiliates.spec.ts).
const room = authSlice();
const PASSWORD = TEST_PASSWORD;
const applicant = applicantFor;

describe('sign-up confirmation', () => {
  it('refuses a wrong code, then confirms with the mailed one and starts a session', async () => {
    const b = room.browser();
    const since = new Date();
    expect((await b.post('/auth/register', applicant('confirm'))).status).toBe(201);
    const code = await codeFromMail(room.slice.maildevUrl, 'confirm@example.com', since);
    const wrong = code === '000000' ? '111111' : '000000';

    const refused = await b.post('/auth/confirm-signup', {
      username: 'confirm@example.com',
      password: PASSWORD,
      code: wrong,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.message).toBe('Invalid verification code provided, please try again.');
    expect(b.cookies.has('access_token')).toBe(false);

    const xsrfBefore = b.cookies.get('XSRF-TOKEN');
    const ok = await b.post('/auth/confirm-signup', { username: 'confirm@example.com', password: PASSWORD, code });
    expect(ok.body).toMatchObject({ $metadata: { httpStatusCode: 200 }, username: 'confirm@example.com' });
    // The session's user comes with it, the journey started (its first stage saved): the browser need not ask.
    expect(ok.body.data.applications[0].stage).toEqual({ pageName: 'FINANCIAL', pageStep: 1, path: '/financial' });
    expect(ok.body.data).toEqual((await b.get('/auth/user')).body.data);
    expect(b.cookies.has('access_token')).toBe(true);
    expect(b.cookies.get('XSRF-TOKEN')).not.toBe(xsrfBefore);
    const setCookies = ok.headers.getSetCookie().join('\n');
    expect(setCookies).toMatch(/access_token=[^;]+;.*HttpOnly/i);
    expect(setCookies).toMatch(/refresh_token=[^;]+;.*Path=\/api\/auth.*HttpOnly/i);
    expect(setCookies).toMatch(/SameSite=Lax/i);
  });

  it('voids a code after five wrong tries and an expired code is refused', async () => {
    const b = room.browser();
    const since = new Date();
    await b.post('/auth/register', applicant('tries'));
    const code = await codeFromMail(room.slice.maildevUrl, 'tries@example.com', since);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await b.post('/auth/confirm-signup', { username: 'tries@example.com', password: PASSWORD, code: wrong });
    const late = await b.post('/auth/confirm-signup', { username: 'tries@example.com', password: PASSWORD, code });
    expect(late.status).toBe(400);
    expect(late.body.data.message).toBe(
      'This code has expired or was tried too many times. Please request a new code.',
    );

    await room.db
      .collection('codes')
      .updateOne({ key: 'tries@example.com:confirm-sign-up' }, { $set: { sentAt: new Date(0) } });
    const since2 = new Date();
    expect((await b.post('/auth/send-confirmation-code', { username: 'tries@example.com' })).status).toBe(200);
    const fresh = await codeFromMail(room.slice.maildevUrl, 'tries@example.com', since2);
    await room.db
      .collection('codes')
      .updateOne({ key: 'tries@example.com:confirm-sign-up' }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await b.post('/auth/confirm-signup', {
      username: 'tries@example.com',
      password: PASSWORD,
      code: fresh,
    });
    expect(expired.status).toBe(400);
    expect(expired.body.data.message).toMatch(/^This code has expired/);
  });

  it('refuses a resend within 30 seconds, the same for known and unknown emails', async () => {
    const b = room.browser();
    await b.post('/auth/register', applicant('resend'));
    const known = await b.post('/auth/send-confirmation-code', { username: 'resend@example.com' });
    expect(known.status).toBe(429);
    expect(Number(known.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(known.body.data.message).toMatch(/^Please wait \d+ seconds before requesting another code\.$/);

    const first = await b.post('/auth/send-confirmation-code', { username: 'nobody@example.com' });
    expect(first.body).toEqual({ deliveryMedium: 'EMAIL', destination: 'n***@e***.com' });
    const second = await b.post('/auth/send-confirmation-code', { username: 'nobody@example.com' });
    expect(second.status).toBe(429);
  });
});

describe('login and sessions: logging in and out', () => {
  it('tells an unconfirmed account to confirm, and refuses a wrong password', async () => {
    const b = room.browser();
    await b.post('/auth/register', applicant('unconfirmed'));
    const res = await b.post('/auth/login', { username: 'unconfirmed@example.com', password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.data.message).toBe('User is not confirmed.');
    const wrong = await b.post('/auth/login', { username: 'unconfirmed@example.com', password: 'nope-nope-nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.data.message).toBe('Incorrect username or password.');
    const unknown = await b.post('/auth/login', { username: 'ghost@example.com', password: PASSWORD });
    expect(unknown.body.data.message).toBe('Incorrect username or password.');
  });

  it('logs in, verifies, reads the user with the saved stage, refreshes, logs out', async () => {
    await room.signedUp('session');
    const b = room.browser();
    const login = await b.post('/auth/login', { username: 'Session@Example.com', password: PASSWORD });
    expect(login.body).toMatchObject({ message: 'success', username: 'session@example.com' });

    expect((await b.get('/auth/verify-token')).body).toEqual({ valid: true, username: 'session@example.com' });
    const user = await b.get('/auth/user');
    // The login's answer carries the session's user, as the read answers it.
    expect(login.body.data).toEqual(user.body.data);
    expect(user.body.data).toMatchObject({ email: 'session@example.com', firstName: 'Katherine' });
    expect(user.body.data.applications[0].stage).toEqual({ pageName: 'FINANCIAL', pageStep: 1, path: '/financial' });
    // The session stays in its httpOnly cookie: the token call names no token a script could carry off.
    const token = await b.get('/auth/token');
    expect(token.status).toBe(200);
    expect(token.body).toEqual({ data: { accessToken: null } });

    const oldRefresh = b.cookies.get('refresh_token');
    const refreshed = await b.post('/auth/refresh-token', { username: 'session@example.com' });
    expect(refreshed.status).toBe(200);
    expect(b.cookies.get('refresh_token')).not.toBe(oldRefresh);

    expect((await b.post('/auth/logout')).status).toBe(200);
    expect(b.cookies.has('access_token')).toBe(false);
    const after = await b.get('/auth/verify-token');
    expect(after.status).toBe(403);
    expect(after.body.name).toBe('ForbiddenException');
    expect(after.body.message).toMatch(/^Forbidden/);
    // Neither token came along: the answer says a refresh cannot help (one round trip for the web).
    expect(after.body.data.code).toBe('NO_SESSION');
  });
});

describe('login and sessions: refresh, XSRF and throttling', () => {
  it('leaves NO_SESSION out while a refresh cookie could still renew the session', async () => {
    const b = await room.signedUp('renewable');
    b.cookies.delete('access_token');
    const expired = await b.get('/auth/user');
    expect(expired.status).toBe(403);
    expect(expired.body.data.code).toBeUndefined();
    expect((await b.post('/auth/refresh-token', { username: 'renewable@example.com' })).status).toBe(200);
    expect((await b.get('/auth/user')).status).toBe(200);
  });

  it('revokes the whole session when a rotated refresh token is used again', async () => {
    const b = await room.signedUp('reuse');
    const stolen = b.cookies.get('refresh_token')!;
    expect((await b.post('/auth/refresh-token', { username: 'reuse@example.com' })).status).toBe(200);

    const thief = room.browser();
    thief.cookies.set('refresh_token', stolen);
    expect((await thief.post('/auth/refresh-token', { username: 'reuse@example.com' })).status).toBe(403);
    // The rightful holder's newer token is revoked too: the family is burnt.
    expect((await b.post('/auth/refresh-token', { username: 'reuse@example.com' })).status).toBe(403);
  });

  it('refuses a mutating call without the XSRF header', async () => {
    const b = room.browser();
    b.xsrf = false;
    const res = await b.post('/auth/login', { username: 'session@example.com', password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.data.message).toBe('Invalid or missing XSRF token');
    expect(res.headers.getSetCookie().join()).toMatch(/XSRF-TOKEN=/);
  });

  it('throttles wrong passwords per account with 429 and Retry-After, yet lets the owner in from another address', async () => {
    await room.signedUp('target');
    const attacker = room.browser();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 11; i++) {
      last = await attacker.post('/auth/login', { username: 'target@example.com', password: `guess-${i}-guess` });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    // The attacker's failures block the attacker, not the owner: no lockout by wrong passwords.
    const owner = await room.browser().post('/auth/login', { username: 'target@example.com', password: PASSWORD });
    expect(owner.status).toBe(200);
  });
});
