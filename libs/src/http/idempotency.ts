/**
 * The client's side of idempotent requests (docs/security.md, 'Idempotent requests'; the wire contract is
 * domain/idempotency.ts): when an action sent with an Idempotency-Key goes again with the same key, and
 * how a key is made. One rule for the web app, the api tests' client and the bench driver. Pure: no DOM,
 * no I/O (a key's random bits come from Web Crypto, which browsers and Node both have).
 */
import { TRY_AGAIN_CODE } from '../domain/idempotency';

/**
 * Automatic retries of a keyed action (safe: the server runs a key once): after a network error, while
 * the server says the same request is still in progress, and when its database was busy for a moment.
 */
export const RETRY_DELAYS_MS = [500, 1500, 3000];

/**
 * The server has no answer yet (409: the same request still runs) or took no effect (503: its database
 * was busy): the same key goes again after a pause. Each code comes with its one status.
 */
export const isSendAgain = (code?: string) => code === 'REQUEST_IN_PROGRESS' || code === TRY_AGAIN_CODE;

/** Statuses that are not the action's answer: the server kept no answer, so the same key may go again. */
export const isUnanswered = (status: number, code?: string) =>
  status === 0 || status >= 500 || status === 408 || status === 429 || code === 'REQUEST_IN_PROGRESS';

/** 128 random bits; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
