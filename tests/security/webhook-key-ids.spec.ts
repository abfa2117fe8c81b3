// Plaid webhooks naming made-up key ids: each new kid used to cost a Plaid call (fetching its verification
// key), and past 100 kids the key cache was emptied, dropping the real key. A flood now costs a bounded
// number of calls and the key Plaid signs with is kept: the next genuine webhook costs none.
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { plaidUrl } from './bank-connect.applicants';
import { HostileClient, endOfFileChecks, raw, tally } from './support';

endOfFileChecks(__filename);

const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const lookups = async () =>
  ((await (await fetch(`${plaidUrl()}/__admin/key-lookups`)).json()) as { keyLookups: number }).keyLookups;
const standinSigned = async (body: string) =>
  (
    (await (
      await fetch(`${plaidUrl()}/__admin/sign-webhook`, { method: 'POST', body: JSON.stringify({ body }) })
    ).json()) as { verification: string }
  ).verification;
const hook = (body: string, verification: string) =>
  raw(new HostileClient(), 'POST', '/webhooks/plaid', body, {
    'content-type': 'application/json',
    'plaid-verification': verification,
  });

describe('Plaid webhooks with made-up key ids', () => {
  it('cost a bounded number of Plaid calls and never drop the real key', async () => {
    // About an item nobody linked: accepted, and nothing to change.
    const body = JSON.stringify({ webhook_type: 'ITEM', webhook_code: 'LOGIN_REPAIRED', item_id: 'no-such-item' });
    expect((await hook(body, await standinSigned(body))).status).toBe(200);

    const before = await lookups();
    const mine = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    for (let i = 0; i < 150; i++) {
      const head = `${part({ alg: 'ES256', kid: randomUUID(), typ: 'JWT' })}.${part({ iat: Math.floor(Date.now() / 1000) })}`;
      const signature = sign('sha256', Buffer.from(head), { key: mine.privateKey, dsaEncoding: 'ieee-p1363' });
      const res = await hook(body, `${head}.${signature.toString('base64url')}`);
      if (res.status < 400) tally.invalidAccepted++;
      expect(res.status).toBe(401);
    }
    const flood = (await lookups()) - before;
    expect(flood, 'Plaid calls for 150 made-up kids').toBeLessThanOrEqual(10);

    // The real key is still held: a genuine webhook is accepted without asking Plaid again.
    expect((await hook(body, await standinSigned(body))).status).toBe(200);
    expect((await lookups()) - before).toBe(flood);
  });
});
