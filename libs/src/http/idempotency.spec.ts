import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN, TRY_AGAIN_CODE } from '../domain/idempotency';
import { RETRY_DELAYS_MS, isSendAgain, isUnanswered, newIdempotencyKey } from './idempotency';

describe('the client rule of idempotent requests', () => {
  it('makes keys the server accepts, different each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('retries three times, waiting longer each time', () => {
    expect(RETRY_DELAYS_MS).toEqual([500, 1500, 3000]);
  });

  it('sends the same key again while the request is in progress or the database was busy, not otherwise', () => {
    expect(isSendAgain('REQUEST_IN_PROGRESS')).toBe(true);
    expect(isSendAgain(TRY_AGAIN_CODE)).toBe(true);
    expect(isSendAgain('IDEMPOTENCY_KEY_REUSED')).toBe(false);
    expect(isSendAgain(undefined)).toBe(false);
  });

  it('a network error, a 5xx, 408, 429 or "in progress" is no answer; 2xx and other 4xx are', () => {
    for (const status of [0, 500, 503, 408, 429]) expect(isUnanswered(status), String(status)).toBe(true);
    expect(isUnanswered(409, 'REQUEST_IN_PROGRESS')).toBe(true);
    for (const status of [200, 201, 400, 403, 404, 409, 422]) expect(isUnanswered(status), String(status)).toBe(false);
  });
});
