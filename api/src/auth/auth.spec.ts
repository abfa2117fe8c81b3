import { MongoClient, type Db, type Document, type WithId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  TEST_PASSWORD,
  applicantFor,
  codeFromMail,
  signUpAndConfirm,
} from '../../../tests/support/api-client';
import { startSlice } from '../../../tests/support/slice';
import { until } from '../../../tests/support/until';

type Slice = Awaited<ReturnType<typeof startSlice>>;
let slice: Slice;
let mongo: MongoClient;
let db: Db;
let ipCounter = 0;

/** A fresh browser from a fresh address (so per-IP limits only bite where a test means them to). */
const browser = () => new ApiClient(slice.baseUrl, `10.1.0.${++ipCounter}`);
const PASSWORD = TEST_PASSWORD;
const applicant = applicantFor;
const signedUp = (tag: string) => signUpAndConfirm(slice.baseUrl, slice.maildevUrl, tag, `10.1.1.${++ipCounter}`);

beforeAll(async () => {
  slice = await startSlice();
  mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  db = mongo.db();
});

afterAll(async () => {
  await mongo?.close();
  await slice?.close();
});

describe('sign-up confirmation', () => {
  it('refuses a wrong code, then confirms with the mailed one and starts a session', async () => {
    const b = browser();
    const since = new Date();
    expect((await b.post('/auth/register', applicant('confirm'))).status).toBe(201);
    const code = await codeFromMail(slice.maildevUrl, 'confirm@example.com', since);
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
    expect(ok.body).toEqual({ $metadata: { httpStatusCode: 200 }, username: 'confirm@example.com' });
    expect(b.cookies.has('access_token')).toBe(true);
    expect(b.cookies.get('XSRF-TOKEN')).not.toBe(xsrfBefore);
    const setCookies = ok.headers.getSetCookie().join('\n');
    expect(setCookies).toMatch(/access_token=[^;]+;.*HttpOnly/i);
    expect(setCookies).toMatch(/refresh_token=[^;]+;.*Path=\/api\/auth.*HttpOnly/i);
    expect(setCookies).toMatch(/SameSite=Lax/i);
  });

  it('voids a code after five wrong tries and an expired code is refused', async () => {
    const b = browser();
    const since = new Date();
    await b.post('/auth/register', applicant('tries'));
    const code = await codeFromMail(slice.maildevUrl, 'tries@example.com', since);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await b.post('/auth/confirm-signup', { username: 'tries@example.com', password: PASSWORD, code: wrong });
    const late = await b.post('/auth/confirm-signup', { username: 'tries@example.com', password: PASSWORD, code });
    expect(late.status).toBe(400);
    expect(late.body.data.message).toBe(
      'This code has expired or was tried too many times. Please request a new code.',
    );

    await db
      .collection('codes')
      .updateOne({ key: 'tries@example.com:confirm-sign-up' }, { $set: { sentAt: new Date(0) } });
    const since2 = new Date();
    expect((await b.post('/auth/send-confirmation-code', { username: 'tries@example.com' })).status).toBe(200);
    const fresh = await codeFromMail(slice.maildevUrl, 'tries@example.com', since2);
    await db
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
    const b = browser();
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

describe('login and sessions', () => {
  it('tells an unconfirmed account to confirm, and refuses a wrong password', async () => {
    const b = browser();
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
    await signedUp('session');
    const b = browser();
    const login = await b.post('/auth/login', { username: 'Session@Example.com', password: PASSWORD });
    expect(login.body).toEqual({ message: 'success', username: 'session@example.com' });

    expect((await b.get('/auth/verify-token')).body).toEqual({ valid: true, username: 'session@example.com' });
    const user = await b.get('/auth/user');
    expect(user.body.data).toMatchObject({ email: 'session@example.com', firstName: 'Katherine' });
    expect(user.body.data.applications[0].stage).toEqual({ pageName: 'FINANCIAL', pageStep: 1, path: '/financial' });
    expect((await b.get('/auth/token')).body.data.accessToken).toBe(b.cookies.get('access_token'));

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

  it('leaves NO_SESSION out while a refresh cookie could still renew the session', async () => {
    const b = await signedUp('renewable');
    b.cookies.delete('access_token');
    const expired = await b.get('/auth/user');
    expect(expired.status).toBe(403);
    expect(expired.body.data.code).toBeUndefined();
    expect((await b.post('/auth/refresh-token', { username: 'renewable@example.com' })).status).toBe(200);
    expect((await b.get('/auth/user')).status).toBe(200);
  });

  it('revokes the whole session when a rotated refresh token is used again', async () => {
    const b = await signedUp('reuse');
    const stolen = b.cookies.get('refresh_token')!;
    expect((await b.post('/auth/refresh-token', { username: 'reuse@example.com' })).status).toBe(200);

    const thief = browser();
    thief.cookies.set('refresh_token', stolen);
    expect((await thief.post('/auth/refresh-token', { username: 'reuse@example.com' })).status).toBe(403);
    // The rightful holder's newer token is revoked too: the family is burnt.
    expect((await b.post('/auth/refresh-token', { username: 'reuse@example.com' })).status).toBe(403);
  });

  it('refuses a mutating call without the XSRF header', async () => {
    const b = browser();
    b.xsrf = false;
    const res = await b.post('/auth/login', { username: 'session@example.com', password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.data.message).toBe('Invalid or missing XSRF token');
    expect(res.headers.getSetCookie().join()).toMatch(/XSRF-TOKEN=/);
  });

  it('throttles wrong passwords per account with 429 and Retry-After, yet lets the owner in from another address', async () => {
    await signedUp('target');
    const attacker = browser();
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
    const owner = await browser().post('/auth/login', { username: 'target@example.com', password: PASSWORD });
    expect(owner.status).toBe(200);
  });
});

describe('forgot password', () => {
  it('resets with the mailed code, and the old sessions end', async () => {
    const old = await signedUp('reset');
    const b = browser();
    const since = new Date();
    const asked = await b.post('/auth/forgot-password', { username: 'reset@example.com' });
    expect(asked.body).toEqual({ deliveryMedium: 'EMAIL', destination: 'r***@e***.com' });
    const unknown = await b.post('/auth/forgot-password', { username: 'nobody-reset@example.com' });
    expect(unknown.body).toEqual({ deliveryMedium: 'EMAIL', destination: 'n***@e***.com' });
    const code = await codeFromMail(slice.maildevUrl, 'reset@example.com', since, 'password reset');

    const mismatch = await b.post('/auth/confirm-forgot-password', {
      username: 'reset@example.com',
      code,
      password: 'New-Ledger-77',
      confirmPassword: 'New-Ledger-78',
    });
    expect(mismatch.body.data.fields.confirmPassword).toBe('Passwords do not match');
    const common = await b.post('/auth/confirm-forgot-password', {
      username: 'reset@example.com',
      code,
      password: 'password123',
      confirmPassword: 'password123',
    });
    expect(common.body.data.message).toBe('This password is too common. Please choose a less common one.');

    const done = await b.post('/auth/confirm-forgot-password', {
      username: 'reset@example.com',
      code,
      password: 'New-Ledger-77',
      confirmPassword: 'New-Ledger-77',
    });
    expect(done.body).toEqual({ message: 'success' });
    const reused = await b.post('/auth/confirm-forgot-password', {
      username: 'reset@example.com',
      code,
      password: 'Other-Ledger-99',
      confirmPassword: 'Other-Ledger-99',
    });
    expect(reused.body.data.message).toMatch(/^This code has expired/);
    expect((await old.post('/auth/refresh-token', { username: 'reset@example.com' })).status).toBe(403);
    expect((await b.post('/auth/login', { username: 'reset@example.com', password: PASSWORD })).status).toBe(401);
    expect((await b.post('/auth/login', { username: 'reset@example.com', password: 'New-Ledger-77' })).status).toBe(
      200,
    );
  });

  it('shows the reset form messages word for word', async () => {
    const res = await browser().post('/auth/confirm-forgot-password', {
      username: '',
      code: '',
      password: '',
      confirmPassword: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual({
      username: 'Email is requiured',
      code: 'one time code is required',
      password: 'Password is required',
      confirmPassword: 'Re-enter password',
    });
  });
});

describe('affiliates', () => {
  async function applicationOf(email: string) {
    const user = await db.collection('users').findOne({ userName: email });
    return until(
      () => db.collection('applications').findOne({ userId: user!._id }),
      (app) => Boolean(app?.sfLeadId),
      { ms: 20_000, what: 'no lead' },
    ) as Promise<WithId<Document>>;
  }

  it('keeps an active affiliate of the configured record type and drops any other', async () => {
    const active = slice.crm.insert('Account', {
      Name: 'Partner Co',
      RecordTypeId: slice.settings.worker.AFFILIATE_RECORD_TYPE_ID,
      Status__c: 'ACTIVE',
    });
    const inactive = slice.crm.insert('Account', {
      Name: 'Lapsed Co',
      RecordTypeId: slice.settings.worker.AFFILIATE_RECORD_TYPE_ID,
      Status__c: 'Inactive',
    });
    await browser().post('/auth/register', { ...applicant('referred'), affiliateId: active });
    await browser().post('/auth/register', { ...applicant('lapsed'), affiliateId: inactive });
    await browser().post('/auth/register', { ...applicant('bogus'), affiliateId: "x' OR Id != '" });

    expect((await applicationOf('referred@example.com')).affiliateId).toBe(active);
    expect((await applicationOf('lapsed@example.com')).affiliateId).toBeUndefined();
    expect((await applicationOf('bogus@example.com')).affiliateId).toBeUndefined();
    const leads = slice.crm.records('Lead');
    expect(leads.find((l) => l.Email === 'referred@example.com')?.Affiliate_Id__c).toBe(active);
    expect(leads.find((l) => l.Email === 'lapsed@example.com')?.Affiliate_Id__c).toBeUndefined();
  });

  it('answers an affiliate account status from the CRM, and not found for any other account', async () => {
    const partner = slice.crm.insert('Account', {
      Name: 'Status Partner',
      RecordTypeId: slice.settings.worker.AFFILIATE_RECORD_TYPE_ID,
      Status__c: 'Active',
    });
    const customer = slice.crm.insert('Account', { Name: 'Customer', RecordTypeId: '012000000000CUSAAA' });
    const anonymous = browser();
    const ok = await anonymous.get(`/account/account-status/${partner}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ Status__c: 'Active', RecordTypeId: slice.settings.worker.AFFILIATE_RECORD_TYPE_ID });
    expect((await anonymous.get(`/account/account-status/${customer}`)).status).toBe(404);
    expect((await anonymous.get('/account/account-status/001000000000NOPE')).status).toBe(404);
    expect((await anonymous.get("/account/account-status/x' OR Id != '")).status).toBe(404);
  });
});
