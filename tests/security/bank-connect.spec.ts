// Issue 27 item 1: every /bank endpoint (Connect your bank) attacked as the rest of the api is: another
// user's application, no XSRF token, hostile bodies, bursts past the rate limit, parallel fetches; the
// Plaid access token never leaves the api (no answer, no log line) and is stored sealed, and a disconnect
// deletes it and removes the item at the Plaid stand-in.
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { COLLECTIONS } from '@portal/libs';
import type { Answer } from '../support/api-client';
import { HostileClient, atDocumentsStage, endOfFileChecks, mongoUri, raw, signedInApplicant, tally } from './support';

endOfFileChecks(__filename);

const plaidUrl = () => inject('securityPlaidUrl');
const ACCESS_TOKEN = /access-sandbox-[0-9a-f-]{36}/;
const POSTS = ['/bank/link-token', '/bank/exchange', '/bank/statements', '/bank/disconnect'] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Applicant = Awaited<ReturnType<typeof signedInApplicant>>;
/** Every answer the bank endpoints gave in this file: none may hold an access token. */
const answers: Answer[] = [];
const seen = (a: Answer) => (answers.push(a), a);
const post = async (who: Applicant, path: string, body: unknown) => seen(await who.client.post(path, body));
const validPublicToken = () => `public-sandbox-${crypto.randomUUID()}`;

let mongo: MongoClient;
beforeAll(async () => {
  mongo = await MongoClient.connect(mongoUri());
});
afterAll(async () => mongo?.close());
const bankLink = (applicationId: string) =>
  mongo
    .db()
    .collection('banklinks')
    .findOne({ applicationId: new ObjectId(applicationId) });
const standinItems = async () =>
  ((await (await fetch(`${plaidUrl()}/__admin/items`)).json()) as { items: { item_id: string }[] }).items;

/** An applicant at the statements step (the fetched PDFs are stored only there). */
async function applicant(tag: string): Promise<Applicant> {
  const a = await signedInApplicant(`sec-bank-${tag}-${Date.now()}`);
  await atDocumentsStage(a.applicationId, 1);
  return a;
}

/** Link as the browser does: a link token, the stand-in's Link form with the sandbox credentials, the exchange. */
async function connect(a: Applicant) {
  const link = await post(a, '/bank/link-token', { applicationId: a.applicationId });
  expect(link.status).toBe(200);
  const page = await fetch(`${plaidUrl()}/link?token=${encodeURIComponent(String(link.body.data.linkToken))}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'user_good', password: 'pass_good' }),
  });
  const publicToken = (await page.text()).match(/public-sandbox-[0-9a-f-]{36}/)?.[0];
  expect(publicToken).toBeTruthy();
  const exchanged = await post(a, '/bank/exchange', { applicationId: a.applicationId, publicToken });
  expect(exchanged.status).toBe(200);
  // The stand-in's statements are ready a second after the link (PRODUCT_NOT_READY until then).
  await sleep(1_200);
}

describe('Connect your bank: /bank endpoints as hostile input', () => {
  let owner: Applicant;
  let other: Applicant;
  beforeAll(async () => {
    [owner, other] = await Promise.all([applicant('owner'), applicant('other')]);
    await connect(owner);
  });

  it("another user's application is refused on every /bank endpoint, and its link stays as it was", async () => {
    const before = await bankLink(owner.applicationId);
    const id = owner.applicationId;
    const status = seen(await other.client.get(`/bank/application/${id}`));
    expect(status.status).toBe(404);
    for (const path of POSTS) {
      const body =
        path === '/bank/exchange' ? { applicationId: id, publicToken: validPublicToken() } : { applicationId: id };
      const res = await post(other, path, body);
      if (res.status < 400) tally.invalidAccepted++;
      expect(res.status, path).toBe(404);
    }
    const after = await bankLink(owner.applicationId);
    expect(after?.accessTokenSealed).toBe(before?.accessTokenSealed);
    expect(after?.itemId).toBe(before?.itemId);
  });

  it("another user asking while the owner's fetch runs gets a refusal, never the owner's answer", async () => {
    // The owner's fetch downloads and stores four PDFs: the other user's calls land while it runs.
    const owners = post(owner, '/bank/statements', { applicationId: owner.applicationId });
    await sleep(30);
    const others = await Promise.all(
      Array.from({ length: 6 }, () => post(other, '/bank/statements', { applicationId: owner.applicationId })),
    );
    expect((await owners).status).toBe(200);
    for (const res of others) {
      if (res.status < 400) tally.invalidAccepted++;
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toMatch(/filled|missing|pending|reconnect/);
    }
  });

  it('no XSRF token: every POST is refused and nothing changes', async () => {
    const before = await bankLink(owner.applicationId);
    owner.client.xsrf = false;
    try {
      for (const path of POSTS) {
        const body =
          path === '/bank/exchange'
            ? { applicationId: owner.applicationId, publicToken: validPublicToken() }
            : { applicationId: owner.applicationId };
        const res = await post(owner, path, body);
        if (res.status < 400) tally.invalidAccepted++;
        expect(res.status, path).toBe(403);
      }
    } finally {
      owner.client.xsrf = true;
    }
    expect((await bankLink(owner.applicationId))?.accessTokenSealed).toBe(before?.accessTokenSealed);
  });

  it('hostile bodies answer 400 (413 past the body limit), never a 500', async () => {
    const id = owner.applicationId;
    const idBodies: unknown[] = [
      {},
      { applicationId: 12345 },
      { applicationId: null },
      { applicationId: true },
      { applicationId: [id] },
      { applicationId: { $ne: null } },
      { applicationId: { $gt: '' } },
      { applicationId: `${id} ` },
      { applicationId: id.toUpperCase() },
      { applicationId: '../'.repeat(8) },
      { applicationId: 'x'.repeat(90_000) },
      { applicationId: id, extra: 1 },
      { applicationId: id, userId: other.user?._id },
      { applicationId: id, nested: { a: { b: { c: { d: [1, 2, { e: 'f' }] } } } } },
    ];
    const tokenBodies: unknown[] = [
      { applicationId: id },
      { applicationId: id, publicToken: 12345 },
      { applicationId: id, publicToken: null },
      { applicationId: id, publicToken: [validPublicToken()] },
      { applicationId: id, publicToken: { $ne: null } },
      { applicationId: id, publicToken: '' },
      { applicationId: id, publicToken: 'public-sandbox-not-a-token' },
      { applicationId: id, publicToken: `access-sandbox-${crypto.randomUUID()}` },
      { applicationId: id, publicToken: `link-sandbox-${crypto.randomUUID()}` },
      { applicationId: id, publicToken: `${validPublicToken()}\n` },
      { applicationId: id, publicToken: `PUBLIC-SANDBOX-${crypto.randomUUID()}` },
      { applicationId: id, publicToken: `public-sandbox-${'f'.repeat(36)}` },
      { applicationId: id, publicToken: 'x'.repeat(90_000) },
      { applicationId: id, publicToken: validPublicToken(), institution: '<script>' },
    ];
    for (const path of POSTS) {
      for (const body of [...idBodies, ...(path === '/bank/exchange' ? tokenBodies : [])]) {
        const res = await post(owner, path, body);
        if (res.status < 400) tally.invalidAccepted++;
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      }
      const json = { 'content-type': 'application/json' };
      const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
      for (const text of [
        '',
        'null',
        '[]',
        '"x"',
        '{',
        '{"applicationId":',
        deep,
        `{"__proto__":{"x":1},"applicationId":"${id}"}`,
      ]) {
        const res = seen(await raw(owner.client, 'POST', path, text, json));
        expect(res.status, `${path} ${text.slice(0, 40)}`).toBe(400);
      }
      const huge = seen(
        await raw(owner.client, 'POST', path, JSON.stringify({ applicationId: 'x'.repeat(200_000) }), json),
      );
      expect(huge.status).toBe(413);
    }
    // A well-formed public token Plaid never gave: Plaid refuses it, the api answers 400 and keeps the link.
    const before = await bankLink(id);
    const unknown = await post(owner, '/bank/exchange', { applicationId: id, publicToken: validPublicToken() });
    expect(unknown.status).toBe(400);
    expect((await bankLink(id))?.accessTokenSealed).toBe(before?.accessTokenSealed);
  });

  it('parallel duplicate /bank/statements calls store each month once', async () => {
    const a = await applicant('dup');
    await connect(a);
    const all = await Promise.all(
      Array.from({ length: 8 }, () => post(a, '/bank/statements', { applicationId: a.applicationId })),
    );
    for (const res of all) expect(res.status).toBe(200);
    // Twice more after the burst: the months are there, nothing is added.
    await post(a, '/bank/statements', { applicationId: a.applicationId });
    const files = await mongo
      .db()
      .collection(COLLECTIONS.files)
      .find({ applicationId: new ObjectId(a.applicationId), source: 'bank' })
      .toArray();
    const months = files.map((f) => String(f.monthLabel));
    expect(months.length).toBeGreaterThan(0);
    expect(new Set(months).size, months.join(', ')).toBe(months.length);
  });

  it('the rate limit holds under a parallel burst: 30 link tokens an hour, not one more', async () => {
    const a = await applicant('burst');
    const burst = await Promise.all(
      Array.from({ length: 60 }, () => post(a, '/bank/link-token', { applicationId: a.applicationId })),
    );
    const ok = burst.filter((r) => r.status === 200).length;
    if (ok > 30) tally.limitsExceeded++;
    expect(ok).toBeLessThanOrEqual(30);
    expect(burst.filter((r) => r.status === 429).length).toBe(60 - ok);
    expect(burst.every((r) => r.status === 200 || r.status === 429)).toBe(true);
  });

  it('the access token is stored sealed; a disconnect deletes it and removes the item at Plaid', async () => {
    const a = await applicant('seal');
    await connect(a);
    const link = await bankLink(a.applicationId);
    expect(link).toBeTruthy();
    const stored = JSON.stringify(link);
    expect(stored).not.toMatch(ACCESS_TOKEN);
    expect(stored).not.toMatch(/access-sandbox/);
    expect(String(link!.accessTokenSealed).length).toBeGreaterThan(40);
    expect((await standinItems()).map((i) => i.item_id)).toContain(link!.itemId);

    const off = await post(a, '/bank/disconnect', { applicationId: a.applicationId });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ connected: false });
    expect(await bankLink(a.applicationId)).toBeNull();
    expect((await standinItems()).map((i) => i.item_id)).not.toContain(link!.itemId);
    expect((await post(a, '/bank/statements', { applicationId: a.applicationId })).status).toBe(404);
    expect(seen(await a.client.get(`/bank/application/${a.applicationId}`)).body.data.connected).toBe(false);
  });

  it("no answer of this file, and no line of the api's log, holds an access token", () => {
    expect(answers.length).toBeGreaterThan(100);
    for (const a of answers) {
      expect(JSON.stringify(a.body) ?? '').not.toMatch(/access-sandbox/);
      expect(JSON.stringify([...a.headers])).not.toMatch(/access-sandbox/);
    }
    const log = readFileSync(inject('securityApiLog'), 'utf8');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toMatch(/access-sandbox/);
  });
});

describe("Plaid's webhooks (/webhooks/plaid): only what Plaid signed is acted on", () => {
  const JSON_TYPE = { 'content-type': 'application/json' };
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  /** The stand-in's own Plaid-Verification of `body`, signed at `iat` (seconds). */
  const standinSigned = async (body: string, iat?: number) =>
    (
      (await (
        await fetch(`${plaidUrl()}/__admin/sign-webhook`, { method: 'POST', body: JSON.stringify({ body, iat }) })
      ).json()) as { verification: string }
    ).verification;
  const hook = (body: string, headers: Record<string, string>) =>
    raw(new HostileClient(), 'POST', '/webhooks/plaid', body, { ...JSON_TYPE, ...headers });
  const requireLogin = (on: boolean) =>
    fetch(`${plaidUrl()}/__admin/require-login`, { method: 'POST', body: JSON.stringify({ on }) });

  let a: Applicant;
  beforeAll(async () => {
    a = await applicant('hooks');
    await connect(a);
  });

  it('statements ready (the STATEMENTS webhook) fetch them with no browser asking', async () => {
    // connect() never calls /bank/statements: the stand-in's signed webhook, a second after the link, does.
    const files = () =>
      mongo
        .db()
        .collection(COLLECTIONS.files)
        .countDocuments({ applicationId: new ObjectId(a.applicationId), source: 'bank' });
    await expect.poll(files, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  });

  it('unsigned, another key, alg none, stale and altered bodies are refused (401) and change nothing', async () => {
    const { itemId } = (await bankLink(a.applicationId))!;
    const loginRequired = JSON.stringify({
      webhook_type: 'ITEM',
      webhook_code: 'ERROR',
      item_id: itemId,
      error: { error_code: 'ITEM_LOGIN_REQUIRED' },
      environment: 'sandbox',
    });
    const now = Math.floor(Date.now() / 1000);
    const genuine = await standinSigned(loginRequired);
    const kid = (JSON.parse(Buffer.from(genuine.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;
    const claims = { iat: now, request_body_sha256: createHash('sha256').update(loginRequired).digest('hex') };
    const mine = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const signedByMe = `${part({ alg: 'ES256', kid, typ: 'JWT' })}.${part(claims)}`;
    const attempts: [string, string, Record<string, string>][] = [
      ['unsigned', loginRequired, {}],
      ['empty header', loginRequired, { 'plaid-verification': '' }],
      [
        'another key, the stand-in kid',
        loginRequired,
        {
          'plaid-verification': `${signedByMe}.${sign('sha256', Buffer.from(signedByMe), { key: mine.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`,
        },
      ],
      ['alg none', loginRequired, { 'plaid-verification': `${part({ alg: 'none', kid })}.${part(claims)}.` }],
      ['stale (6 minutes)', loginRequired, { 'plaid-verification': await standinSigned(loginRequired, now - 360) }],
      [
        'body altered',
        loginRequired,
        { 'plaid-verification': await standinSigned(loginRequired.replace('ITEM_LOGIN_REQUIRED', 'NO_ACCOUNTS')) },
      ],
      [
        'another body, a genuine header',
        loginRequired.replace('"ERROR"', '"ERROR" '),
        { 'plaid-verification': genuine },
      ],
    ];
    for (const [name, body, headers] of attempts) {
      const res = await hook(body, headers);
      if (res.status < 400) tally.invalidAccepted++;
      expect(res.status, name).toBe(401);
      expect((await bankLink(a.applicationId))?.needsReconnect, name).toBeUndefined();
    }
    expect(seen(await a.client.get(`/bank/application/${a.applicationId}`)).body.data.reconnect).toBeUndefined();
    // The same body with its genuine header is acted on: the link needs a reconnect (then repaired).
    expect((await hook(loginRequired, { 'plaid-verification': genuine })).status).toBe(200);
    expect((await bankLink(a.applicationId))?.needsReconnect).toBe(true);
    expect(seen(await a.client.get(`/bank/application/${a.applicationId}`)).body.data.reconnect).toBe(true);
  });

  it("the stand-in's ITEM webhooks: login required marks the link, login repaired clears it", async () => {
    try {
      await requireLogin(true);
      await expect.poll(async () => (await bankLink(a.applicationId))?.needsReconnect).toBe(true);
    } finally {
      await requireLogin(false);
    }
    await expect.poll(async () => (await bankLink(a.applicationId))?.needsReconnect).toBeUndefined();
  });
});
