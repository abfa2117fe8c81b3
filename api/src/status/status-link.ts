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
  const parsed = verifiedPayload(key, token);
  if (!Array.isArray(parsed) || parsed.length !== 3) return undefined;
  const [applicationId, signRequestId, expiresAt] = parsed as unknown[];
  if (typeof applicationId !== 'string' || !/^[a-f0-9]{24}$/.test(applicationId)) return undefined;
  if (typeof signRequestId !== 'string' || typeof expiresAt !== 'number') return undefined;
  if (expiresAt <= now) return undefined;
  return { applicationId, signRequestId, expiresAt };
}

/**
 * A co-owner's signing link: single-purpose (its own key label, so a status link never opens a signing
 * session and the reverse), for one signer of one sign request, expiring like the status link.
 */
export type SignLinkClaims = { applicationId: string; signRequestId: string; order: number; expiresAt: number };

export const signLinkKey = (sessionSecret: Buffer): Buffer =>
  createHmac('sha256', sessionSecret).update('sign-link/v1').digest();

export function signSignLink(key: Buffer, claims: SignLinkClaims): string {
  const payload = b64(
    JSON.stringify(['sign', claims.applicationId, claims.signRequestId, claims.order, claims.expiresAt]),
  );
  return `${payload}.${b64(createHmac('sha256', key).update(payload).digest())}`;
}

/** The claims of a signing link this api signed and that has not expired; undefined for anything else. */
export function verifySignLink(key: Buffer, token: unknown, now = Date.now()): SignLinkClaims | undefined {
  const parsed = verifiedPayload(key, token);
  if (!Array.isArray(parsed) || parsed.length !== 5 || parsed[0] !== 'sign') return undefined;
  const [, applicationId, signRequestId, order, expiresAt] = parsed as unknown[];
  if (typeof applicationId !== 'string' || !/^[a-f0-9]{24}$/.test(applicationId)) return undefined;
  if (typeof signRequestId !== 'string' || !signRequestId) return undefined;
  if (typeof order !== 'number' || !Number.isInteger(order) || order < 2) return undefined;
  if (typeof expiresAt !== 'number' || expiresAt <= now) return undefined;
  return { applicationId, signRequestId, order, expiresAt };
}

/** The JSON a token carries when its HMAC is this key's; undefined for anything else. */
function verifiedPayload(key: Buffer, token: unknown): unknown {
  if (typeof token !== 'string' || token.length > 400) return undefined;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = createHmac('sha256', key).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * A phone link ("Use my phone"), single-purpose (its own key label: it never opens a status
 * page, a signing session or a session of ours), for one document slot of one application, naming the link
 * row (`linkId`) that makes it single-use and revocable, and expiring after PHONE_LINK_MINUTES.
 */
export const PHONE_LINK_MINUTES = 15;
export type PhoneLinkClaims = { applicationId: string; linkId: string; expiresAt: number };

export const phoneLinkKey = (sessionSecret: Buffer): Buffer =>
  createHmac('sha256', sessionSecret).update('phone-link/v1').digest();

export function signPhoneLink(key: Buffer, claims: PhoneLinkClaims): string {
  const payload = b64(JSON.stringify(['phone', claims.applicationId, claims.linkId, claims.expiresAt]));
  return `${payload}.${b64(createHmac('sha256', key).update(payload).digest())}`;
}

/** The claims of a phone link this api signed and that has not expired; undefined for anything else. */
export function verifyPhoneLink(key: Buffer, token: unknown, now = Date.now()): PhoneLinkClaims | undefined {
  const parsed = verifiedPayload(key, token);
  if (!Array.isArray(parsed) || parsed.length !== 4 || parsed[0] !== 'phone') return undefined;
  const [, applicationId, linkId, expiresAt] = parsed as unknown[];
  if (typeof applicationId !== 'string' || !/^[a-f0-9]{24}$/.test(applicationId)) return undefined;
  if (typeof linkId !== 'string' || !/^[a-f0-9]{24}$/.test(linkId)) return undefined;
  if (typeof expiresAt !== 'number' || expiresAt <= now) return undefined;
  return { applicationId, linkId, expiresAt };
}
