/// <reference types="node" />
// Node only (node:crypto): imported by path, never through the libs index the web app bundles.
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How old a delivery may be: Box's 'Signature verification' guide (guides/webhooks/v2/signatures-v2) says
 * to refuse a BOX-DELIVERY-TIMESTAMP older than 10 minutes (a replayed message).
 */
export const BOX_DELIVERY_MAX_AGE_MS = 10 * 60_000;
/**
 * How far ahead of our clock a delivery's timestamp may be: Box's clock and ours differ by a little
 * (box-node-sdk's validateMessage refuses even 1 s ahead, and cannot be told otherwise, so a delivery
 * signed a moment "in the future" was lost to the webhook and waited for the 30 s poll).
 */
export const BOX_DELIVERY_CLOCK_SKEW_MS = 60_000;

export type BoxSignatureKeys = { primaryKey: string; secondaryKey: string };

const signature = (key: string, body: Buffer, timestamp: string) =>
  createHmac('sha256', key).update(body).update(timestamp, 'utf8').digest();

const same = (expected: Buffer, received: string | undefined) => {
  if (!received) return false;
  const got = Buffer.from(received, 'base64');
  return got.length === expected.length && timingSafeEqual(got, expected);
};

/**
 * Whether a webhook delivery is Box's, as Box's guide checks it: version 1 and HmacSHA256 headers, a
 * BOX-DELIVERY-TIMESTAMP (RFC 3339) no older than 10 minutes and at most a minute ahead of `now`, and
 * base64(HMAC-SHA256(key, raw body bytes ‖ timestamp bytes)) in BOX-SIGNATURE-PRIMARY under the primary key
 * or in BOX-SIGNATURE-SECONDARY under the secondary key (either one: keys are rotated one at a time).
 * `headers` are Node's, names lower-cased.
 */
export function verifyBoxDelivery(
  rawBody: Buffer,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  keys: BoxSignatureKeys,
  now = Date.now(),
): boolean {
  const header = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? undefined : v;
  };
  if (header('box-signature-version') !== '1' || header('box-signature-algorithm') !== 'HmacSHA256') return false;
  const timestamp = header('box-delivery-timestamp');
  const at = timestamp ? Date.parse(timestamp) : NaN;
  if (!timestamp || Number.isNaN(at)) return false;
  if (now - at > BOX_DELIVERY_MAX_AGE_MS || at - now > BOX_DELIVERY_CLOCK_SKEW_MS) return false;
  return (
    same(signature(keys.primaryKey, rawBody, timestamp), header('box-signature-primary')) ||
    same(signature(keys.secondaryKey, rawBody, timestamp), header('box-signature-secondary'))
  );
}
