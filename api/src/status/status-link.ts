import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a co-owner's status link works: about as long as a sign request stays open. */
export const STATUS_LINK_DAYS = 30;

export type StatusLinkClaims = { applicationId: string; signRequestId: string; expiresAt: number };

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/**
 * The key for status links, derived from SESSION_SECRET with a label of its own, so a status link can
 * never pass for a session token (or the reverse) and no new secret has to be configured.
 */
export const statusLinkKey = (sessionSecret: Buffer): Buffer =>
  createHmac('sha256', sessionSecret).update('status-link/v1').digest();

/** `payload.signature`, both base64url: the application, the sign request and the expiry, HMAC-SHA256 signed. */
export function signStatusLink(key: Buffer, claims: StatusLinkClaims): string {
  const payload = b64(JSON.stringify([claims.applicationId, claims.signRequestId, claims.expiresAt]));
  return `${payload}.${b64(createHmac('sha256', key).update(payload).digest())}`;
}

/** The claims of a link this api signed and that has not expired; undefined for anything else. */
export function verifyStatusLink(key: Buffer, token: unknown, now = Date.now()): StatusLinkClaims | undefined {
  if (typeof token !== 'string' || token.length > 400) return undefined;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = createHmac('sha256', key).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return undefined;
  const [applicationId, signRequestId, expiresAt] = parsed as unknown[];
  if (typeof applicationId !== 'string' || !/^[a-f0-9]{24}$/.test(applicationId)) return undefined;
  if (typeof signRequestId !== 'string' || typeof expiresAt !== 'number') return undefined;
  if (expiresAt <= now) return undefined;
  return { applicationId, signRequestId, expiresAt };
}
