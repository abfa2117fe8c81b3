import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyBoxDelivery } from './box-webhook-signature';

const keys = { primaryKey: 'primary-key', secondaryKey: 'secondary-key' };
const body = Buffer.from('{"type":"webhook_event","trigger":"SIGN_REQUEST.COMPLETED"}');
const NOW = Date.parse('2026-11-29T10:00:00Z');

/** A delivery as Box signs it (Box's guide: HMAC-SHA256 of the body's bytes, then the timestamp's, base64). */
function delivered(timestamp: string, over: Record<string, string> = {}) {
  const sign = (k: string) => createHmac('sha256', k).update(body).update(timestamp).digest('base64');
  return {
    'box-delivery-timestamp': timestamp,
    'box-signature-version': '1',
    'box-signature-algorithm': 'HmacSHA256',
    'box-signature-primary': sign(keys.primaryKey),
    'box-signature-secondary': sign(keys.secondaryKey),
    ...over,
  };
}
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

describe('verifyBoxDelivery', () => {
  it('accepts a delivery slightly ahead of our clock (clock skew), which the SDK refused', () => {
    expect(verifyBoxDelivery(body, delivered(at(1_000)), keys, NOW)).toBe(true);
    expect(verifyBoxDelivery(body, delivered(at(59_000)), keys, NOW)).toBe(true);
  });

  it('refuses one more than a minute ahead, and one older than 10 minutes (a replay)', () => {
    expect(verifyBoxDelivery(body, delivered(at(61_000)), keys, NOW)).toBe(false);
    expect(verifyBoxDelivery(body, delivered(at(-9 * 60_000)), keys, NOW)).toBe(true);
    expect(verifyBoxDelivery(body, delivered(at(-10 * 60_000 - 1_000)), keys, NOW)).toBe(false);
  });

  it("takes Box's RFC 3339 timestamps with an offset", () => {
    expect(verifyBoxDelivery(body, delivered('2026-11-29T02:00:30-08:00'), keys, NOW)).toBe(true);
  });

  it('accepts either key (rotation) and refuses a tampered body, a wrong key and other versions', () => {
    const ts = at(0);
    expect(verifyBoxDelivery(body, delivered(ts, { 'box-signature-primary': 'AAAA' }), keys, NOW)).toBe(true);
    expect(verifyBoxDelivery(body, delivered(ts, { 'box-signature-secondary': '' }), keys, NOW)).toBe(true);
    expect(verifyBoxDelivery(Buffer.from(`${body.toString()} `), delivered(ts), keys, NOW)).toBe(false);
    expect(verifyBoxDelivery(body, delivered(ts), { primaryKey: 'x', secondaryKey: 'y' }, NOW)).toBe(false);
    expect(verifyBoxDelivery(body, delivered(ts, { 'box-signature-version': '2' }), keys, NOW)).toBe(false);
    expect(verifyBoxDelivery(body, delivered(ts, { 'box-signature-algorithm': 'HmacSHA1' }), keys, NOW)).toBe(false);
    expect(verifyBoxDelivery(body, delivered('yesterday'), keys, NOW)).toBe(false);
    const { 'box-delivery-timestamp': _, ...untimed } = delivered(ts);
    expect(verifyBoxDelivery(body, untimed, keys, NOW)).toBe(false);
  });
});
