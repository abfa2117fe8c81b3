// The webhook keys' cache (webhook-keys.ts): a flood of made-up kids costs a bounded number of Plaid calls,
// is remembered as unknown, and never evicts the key Plaid gave.
import { describe, expect, it } from 'vitest';
import type { PlaidWebhookKey } from './plaid-webhook';
import { KNOWN_KEYS_MAX, LOOKUPS_PER_WINDOW, LOOKUP_WINDOW_MS, UNKNOWN_FOR_MS, WebhookKeys } from './webhook-keys';

const REAL = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' } as PlaidWebhookKey;

function keysWithPlaid(known: Record<string, PlaidWebhookKey>) {
  const asked: string[] = [];
  let now = 1_000_000;
  const keys = new WebhookKeys(
    (kid) => {
      asked.push(kid);
      return Promise.resolve(known[kid]);
    },
    () => now,
  );
  return { keys, asked, pass: (ms: number) => (now += ms) };
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
    const { keys, asked, pass } = keysWithPlaid(all);
    for (const kid of Object.keys(all)) {
      await keys.keyOf(kid);
      await keys.keyOf('k0'); // the key in use
      pass(LOOKUP_WINDOW_MS);
    }
    expect(asked.filter((k) => k === 'k0')).toHaveLength(1);
  });
});
