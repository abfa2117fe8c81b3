// Plaid's webhooks verified as Plaid documents it
// (https://plaid.com/docs/api/webhooks/webhook-verification/): the Plaid-Verification header is a JWT signed
// ES256 by a key /webhook_verification_key/get gives for its `kid`; its payload's request_body_sha256 is the
// SHA-256 of the exact body, and its iat is at most 5 minutes old.
import { createHash, createPublicKey, timingSafeEqual, verify, type JsonWebKey } from 'node:crypto';

/** A verification key as /webhook_verification_key/get answers it. */
export type PlaidWebhookKey = JsonWebKey & { alg?: string; expired_at?: number | null };
/** The key of a kid, or undefined when Plaid does not know it (or could not be asked). */
export type WebhookKeyOf = (kid: string) => Promise<PlaidWebhookKey | undefined>;

export const WEBHOOK_MAX_AGE_SECONDS = 5 * 60;
/** A kid as Plaid writes them (a UUID); anything else is refused before any key is looked up. */
const KID = /^[A-Za-z0-9_-]{1,64}$/;

export type WebhookRefusal = 'unsigned' | 'malformed' | 'algorithm' | 'unknownKey' | 'signature' | 'stale' | 'body';

function json(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Why a webhook is refused, or undefined when its header proves it came from Plaid with exactly this body. */
export async function plaidWebhookRefusal(
  body: Buffer,
  header: string | undefined,
  keyOf: WebhookKeyOf,
  now = Date.now(),
): Promise<WebhookRefusal | undefined> {
  if (!header) return 'unsigned';
  const parts = header.split('.');
  if (parts.length !== 3 || header.length > 4096 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return 'malformed';
  const [head, payload, signature] = parts as [string, string, string];
  const jose = json(head);
  if (!jose) return 'malformed';
  // Only ES256: never 'none', never a symmetric algorithm a public key could be mistaken for the secret of.
  if (jose.alg !== 'ES256') return 'algorithm';
  if (typeof jose.kid !== 'string' || !KID.test(jose.kid)) return 'malformed';
  const jwk = await keyOf(jose.kid);
  if (!jwk || jwk.kty !== 'EC' || jwk.crv !== 'P-256' || (jwk.alg !== undefined && jwk.alg !== 'ES256'))
    return 'unknownKey';
  if (typeof jwk.expired_at === 'number' && jwk.expired_at * 1000 < now) return 'unknownKey';
  let valid = false;
  try {
    const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, format: 'jwk' });
    const bytes = Buffer.from(signature, 'base64url');
    valid =
      bytes.length === 64 &&
      verify('sha256', Buffer.from(`${head}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, bytes);
  } catch {
    valid = false;
  }
  if (!valid) return 'signature';
  const claims = json(payload);
  if (!claims) return 'malformed';
  const iat = claims.iat;
  // At most 5 minutes old, and not from the future (a minute of clock difference allowed).
  if (typeof iat !== 'number' || now / 1000 - iat > WEBHOOK_MAX_AGE_SECONDS || iat - now / 1000 > 60) return 'stale';
  const claimed = claims.request_body_sha256;
  const actual = createHash('sha256').update(body).digest('hex');
  if (typeof claimed !== 'string' || claimed.length !== actual.length) return 'body';
  return timingSafeEqual(Buffer.from(claimed), Buffer.from(actual)) ? undefined : 'body';
}
