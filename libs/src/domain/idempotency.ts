/**
 * Idempotent requests, so a retried action (a lost answer, a double click) happens once: the wire contract shared by
 * the api and the web client. A client sends one `Idempotency-Key` per user action and the same key on every retry of
 * that action; the api answers a repeat with the first answer, kept 24 hours.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer that is a stored first answer rather than a fresh one. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
/** 16 to 128 characters of letters, digits, '-', '_', '.' and ':' (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{16,128}$/;
export const isIdempotencyKey = (v: unknown): v is string => typeof v === 'string' && IDEMPOTENCY_KEY_PATTERN.test(v);
/** How long a first answer is kept for repeats. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

/** The refusals, each with the code the web matches on and its HTTP status. */
export const IDEMPOTENCY_ERRORS = {
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    message: 'Idempotency-Key must be 16 to 128 letters, digits or . _ : -',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used for a different request; send a new key for a new request',
  },
  REQUEST_IN_PROGRESS: {
    status: 409,
    message: 'The same request is still in progress; try again in a moment',
  },
} as const;
export type IdempotencyErrorCode = keyof typeof IDEMPOTENCY_ERRORS;

/**
 * The code of a 503 whose request took no effect because the database was busy or out of reach for a
 * moment: the same request (with the same key) may go again after the answer's Retry-After.
 */
export const TRY_AGAIN_CODE = 'TRY_AGAIN';
