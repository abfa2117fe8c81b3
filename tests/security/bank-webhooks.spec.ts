// Plaid's webhooks (/webhooks/plaid) attacked: unsigned, signed by another key, alg none, stale and altered
// bodies are refused and change nothing; what the Plaid stand-in signed is acted on.
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '@portal/libs';
import {
  applicant,
  bankLink,
  connect,
  db,
  plaidUrl,
  seen,
  standinItems,
  type Applicant,
} from './bank-connect.applicants';
import { HostileClient, endOfFileChecks, raw, signedInApplicant, tally } from './support';

endOfFileChecks(__filename);

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
  /** Linked before the statements step: its webhook fetch stores nothing, so its item stays live at Plaid. */
  let kept: Applicant;
  beforeAll(async () => {
    a = await applicant('hooks');
    await connect(a);
    kept = await signedInApplicant(`sec-bank-kept-${Date.now()}`);
    await connect(kept);
  });

  it('statements refreshed (the STATEMENTS webhook) fetch them with no browser asking, then the item is removed', async () => {
    // connect() never calls /bank/statements: the api asks /statements/refresh at the exchange, and the
    // stand-in's signed STATEMENTS_REFRESH_COMPLETE, a second later, starts the fetch.
    const files = () =>
      db()
        .collection(COLLECTIONS.files)
        .countDocuments({ applicationId: new ObjectId(a.applicationId), source: 'bank' });
    await expect.poll(files, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    // Every month in: the item is removed at Plaid (no more billing for it).
    const { itemId } = (await bankLink(a.applicationId))!;
    await expect
      .poll(async () => (await standinItems()).map((i) => i.item_id), { timeout: 20_000 })
      .not.toContain(itemId);
  });

  it('unsigned, another key, alg none, stale and altered bodies are refused (401) and change nothing', async () => {
    const { itemId } = (await bankLink(kept.applicationId))!;
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
      expect((await bankLink(kept.applicationId))?.needsReconnect, name).toBeUndefined();
    }
    expect(seen(await kept.client.get(`/bank/application/${kept.applicationId}`)).body.data.reconnect).toBeUndefined();
    // The same body with its genuine header is acted on: the link needs a reconnect (then repaired).
    expect((await hook(loginRequired, { 'plaid-verification': genuine })).status).toBe(200);
    expect((await bankLink(kept.applicationId))?.needsReconnect).toBe(true);
    expect(seen(await kept.client.get(`/bank/application/${kept.applicationId}`)).body.data.reconnect).toBe(true);
  });

  it('a webhook finds its link through an index on the item (MongoDB would read every link without one)', async () => {
    const keys = async () => (await db().collection('banklinks').indexes()).map((i) => JSON.stringify(i.key));
    await expect.poll(keys).toContain(JSON.stringify({ itemId: 1 }));
  });

  it("the stand-in's ITEM webhooks: login required marks the link, login repaired clears it", async () => {
    try {
      await requireLogin(true);
      await expect.poll(async () => (await bankLink(kept.applicationId))?.needsReconnect).toBe(true);
    } finally {
      await requireLogin(false);
    }
    await expect.poll(async () => (await bankLink(kept.applicationId))?.needsReconnect).toBeUndefined();
  });
});
