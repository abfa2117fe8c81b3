// The webhook keys' cache (webhook-keys.ts): a flood of made-up kids costs a bounded number of Plaid calls,
// is remembered as unknown, and never evicts the key Plaid gave; a kept key is asked about again (an hour
// on, or after a new key came), and one Plaid expired is refused from its expired_at on.
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { plaidWebhookRefusal, type PlaidWebhookKey } from './plaid-webhook';
import {
  KEY_FRESH_MS,
  KNOWN_KEYS_MAX,
  LOOKUPS_PER_WINDOW,
  LOOKUP_WINDOW_MS,
  UNKNOWN_FOR_MS,
  WebhookKeys,
} from './webhook-keys';

const REAL = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' } as PlaidWebhookKey;

function keysWithPlaid(known: Record<string, PlaidWebhookKey>) {
  const asked: string[] = [];
  let now = 1_000_000;
  let down = false;
  const keys = new WebhookKeys(
    (kid) => {
      asked.push(kid);
      return down ? Promise.reject(new Error('Plaid unreachable')) : Promise.resolve(known[kid]);
    },
    () => now,
  );
  return { keys, asked, pass: (ms: number) => (now += ms), now: () => now, setDown: (d: boolean) => (down = d) };
}

describe('the webhook keys', () => {
  it('ask Plaid once for a real key and keep it through a flood of made-up kids', async () => {
    const { keys, asked, pass } = keysWithPlaid({ real: REAL });
    expect(await keys.keyOf('real')).toBe(REAL);
    for (let minute = 0; minute < 30; minute++) {
      for (let i = 0; i < 200; i++) expect(await keys.keyOf(`forged-${minute}-${i}`)).toBeUndefined();
      pass(LOOKUP_WINDOW_MS);
    }
    expect(await keys.keyOf('real')).toBe(REAL);
    expect(asked.filter((k) => k === 'real')).toHaveLength(1);
    // At most the window's share of questions about new kids, whatever the flood.
    expect(asked.length - 1).toBeLessThanOrEqual(30 * LOOKUPS_PER_WINDOW);
  });

  it('remember an unknown kid for a while, then ask again', async () => {
    const { keys, asked, pass } = keysWithPlaid({});
    for (let i = 0; i < 5; i++) expect(await keys.keyOf('gone')).toBeUndefined();
    expect(asked).toEqual(['gone']);
    pass(UNKNOWN_FOR_MS + 1);
    await keys.keyOf('gone');
    expect(asked).toEqual(['gone', 'gone']);
  });

  it('ask once for concurrent webhooks with the same kid', async () => {
    const { keys, asked } = keysWithPlaid({ real: REAL });
    expect(await Promise.all([keys.keyOf('real'), keys.keyOf('real'), keys.keyOf('real')])).toEqual([REAL, REAL, REAL]);
    expect(asked).toEqual(['real']);
  });

  it('keep the keys in use when more real keys come than it holds', async () => {
    const all = Object.fromEntries(Array.from({ length: KNOWN_KEYS_MAX + 5 }, (_, i) => [`k${i}`, { ...REAL }]));
    const { keys, pass, setDown } = keysWithPlaid(all);
    for (const kid of Object.keys(all)) {
      await keys.keyOf(kid);
      await keys.keyOf('k0'); // the key in use
      pass(LOOKUP_WINDOW_MS);
    }
    // Still kept: with Plaid unreachable it is answered as Plaid last gave it (an evicted kid would not be).
    setDown(true);
    expect(await keys.keyOf('k0')).toEqual(REAL);
    expect(await keys.keyOf(`k${KNOWN_KEYS_MAX + 4}`)).toEqual(REAL);
  });

  it('ask Plaid again about a kept key an hour on, and keep what it says: an expiry, or no such key', async () => {
    const plaid: Record<string, PlaidWebhookKey> = { real: REAL, other: { ...REAL } };
    const { keys, asked, pass, now } = keysWithPlaid(plaid);
    await keys.keyOf('real');
    await keys.keyOf('other');
    // 'other' came after 'real': a rotation may have expired 'real', so it is asked about again once.
    await keys.keyOf('real');
    pass(KEY_FRESH_MS - 1);
    expect(await keys.keyOf('real')).toBe(REAL);
    expect(asked).toEqual(['real', 'other', 'real']);
    pass(1);
    const expiredAt = Math.floor(now() / 1000) + 60;
    plaid.real = { ...REAL, expired_at: expiredAt };
    delete plaid.other;
    expect(await keys.keyOf('real')).toMatchObject({ expired_at: expiredAt });
    expect(await keys.keyOf('other')).toBeUndefined();
    // An expiry is final: never asked about again.
    pass(10 * KEY_FRESH_MS);
    expect(await keys.keyOf('real')).toMatchObject({ expired_at: expiredAt });
    expect(asked).toEqual(['real', 'other', 'real', 'real', 'other']);
  });

  it('ask again about the kept keys once Plaid gives a new one (a rotation), and keep them through an outage', async () => {
    const plaid: Record<string, PlaidWebhookKey> = { old: REAL, new: { ...REAL } };
    const { keys, asked, pass, setDown } = keysWithPlaid(plaid);
    await keys.keyOf('old');
    await keys.keyOf('new');
    expect(await keys.keyOf('old')).toBe(REAL);
    expect(asked).toEqual(['old', 'new', 'old']);
    // Plaid unreachable when a kept key is due: it stays, and is not asked about on every webhook.
    pass(KEY_FRESH_MS);
    setDown(true);
    for (let i = 0; i < 5; i++) expect(await keys.keyOf('old')).toBe(REAL);
    expect(asked.filter((k) => k === 'old')).toHaveLength(3);
  });
});

describe('a key Plaid expired', () => {
  it('verifies the webhooks it signed until its expired_at, and refuses them after', async () => {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = { ...pair.publicKey.export({ format: 'jwk' }), alg: 'ES256' } as PlaidWebhookKey;
    const body = Buffer.from('{"webhook_type":"ITEM","webhook_code":"WEBHOOK_UPDATE_ACKNOWLEDGED"}');
    const now = Date.now();
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const claims = {
      iat: Math.floor(now / 1000),
      request_body_sha256: createHash('sha256').update(body).digest('hex'),
    };
    const signed = `${part({ alg: 'ES256', kid: 'k1', typ: 'JWT' })}.${part(claims)}`;
    const signature = sign('sha256', Buffer.from(signed), { key: pair.privateKey, dsaEncoding: 'ieee-p1363' });
    const jwt = `${signed}.${signature.toString('base64url')}`;
    const expiring = { ...jwk, expired_at: Math.floor(now / 1000) + 30 };
    expect(await plaidWebhookRefusal(body, jwt, () => Promise.resolve(expiring), now)).toBeUndefined();
    expect(await plaidWebhookRefusal(body, jwt, () => Promise.resolve(expiring), now + 31_000)).toBe('unknownKey');
  });
});
