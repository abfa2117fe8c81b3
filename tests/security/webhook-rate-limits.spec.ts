// Plaid sends its webhooks from a few addresses of its own, so a limit per sending address would, at
// volume, refuse Plaid itself. Webhooks Plaid did not sign are limited per address (a sender of forgeries
// is cut off); those Plaid signed never count there, and are bounded per item instead (a signed webhook
// replayed within its 5 minutes acts at most WEBHOOKS_PER_ITEM_HOUR times an hour).
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UNSIGNED_WEBHOOKS_PER_ADDRESS_HOUR } from '../../api/src/bank/bank.controller';
import { WEBHOOKS_PER_ITEM_HOUR } from '../../api/src/bank/bank-webhooks';
import { bankLink, connect, plaidUrl } from './bank-connect.applicants';
import { HostileClient, endOfFileChecks, raw, signedInApplicant, tally } from './support';

endOfFileChecks(__filename);

const JSON_TYPE = { 'content-type': 'application/json' };
const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const standinSigned = async (body: string) =>
  (
    (await (
      await fetch(`${plaidUrl()}/__admin/sign-webhook`, { method: 'POST', body: JSON.stringify({ body }) })
    ).json()) as { verification: string }
  ).verification;
const hook = (from: HostileClient, body: string, verification: string) =>
  raw(from, 'POST', '/webhooks/plaid', body, { ...JSON_TYPE, 'plaid-verification': verification });

describe("Plaid's webhooks and the rate limits", () => {
  it("never refuses Plaid's signed webhooks for their sending address; cuts off a sender of forgeries", async () => {
    const plaid = new HostileClient();
    const body = JSON.stringify({ webhook_type: 'ITEM', webhook_code: 'LOGIN_REPAIRED', item_id: 'no-such-item' });
    const genuine = await standinSigned(body);
    const statuses = new Map<number, number>();
    for (let i = 0; i < UNSIGNED_WEBHOOKS_PER_ADDRESS_HOUR + 20; i++) {
      const status = (await hook(plaid, body, genuine)).status;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: UNSIGNED_WEBHOOKS_PER_ADDRESS_HOUR + 20 });

    const forger = new HostileClient();
    const mine = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const kid = (JSON.parse(Buffer.from(genuine.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;
    const claims = {
      iat: Math.floor(Date.now() / 1000),
      request_body_sha256: createHash('sha256').update(body).digest('hex'),
    };
    const head = `${part({ alg: 'ES256', kid, typ: 'JWT' })}.${part(claims)}`;
    const forged = `${head}.${sign('sha256', Buffer.from(head), { key: mine.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
    for (let i = 0; i < UNSIGNED_WEBHOOKS_PER_ADDRESS_HOUR; i++) {
      const res = await hook(forger, body, forged);
      if (res.status < 400) tally.invalidAccepted++;
      expect(res.status).toBe(401);
    }
    const cut = await hook(forger, body, forged);
    expect(cut.status).toBe(429);
    expect(Number(cut.headers.get('retry-after'))).toBeGreaterThan(0);
    // Plaid, from its own address, is still heard.
    expect((await hook(plaid, body, genuine)).status).toBe(200);
  });

  it('acts on one item’s signed webhooks a bounded number of times an hour, from any address', async () => {
    // Linked before the statements step: its item stays live at Plaid (nothing is fetched into slots).
    const a = await signedInApplicant(`sec-hook-limit-${Date.now()}`);
    await connect(a);
    const { itemId } = (await bankLink(a.applicationId))!;
    const body = JSON.stringify({ webhook_type: 'ITEM', webhook_code: 'LOGIN_REPAIRED', item_id: itemId });
    const genuine = await standinSigned(body);
    // The stand-in's own STATEMENTS_REFRESH_COMPLETE about the item may have taken one of the hour's.
    const accepted: number[] = [];
    let refused = 0;
    for (let i = 0; i <= WEBHOOKS_PER_ITEM_HOUR && !refused; i++) {
      const status = (await hook(new HostileClient(), body, genuine)).status;
      if (status === 200) accepted.push(i);
      else if (status === 429) refused = i + 1;
      else throw new Error(`answered ${status}`);
    }
    expect(accepted.length).toBeGreaterThanOrEqual(WEBHOOKS_PER_ITEM_HOUR - 1);
    expect(refused).toBeGreaterThan(0);
  });
});
