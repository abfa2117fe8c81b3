/**
 * The journey's refusals, each with a code the web matches on (never the text) and the HTTP status the
 * api answers with: 400 for a move that cannot be made, 409 for one that must wait for the application's
 * state (a signature, an opportunity), 422 when the application cannot be signed as it is, 503 when an
 * outside service has not answered.
 */
export const JOURNEY_ERRORS = {
  NO_FURTHER_STAGE: { status: 400, message: 'No further stage available' },
  NO_EARLIER_STAGE: { status: 400, message: 'No earlier stage available' },
  STAGE_MOVE_REFUSED: { status: 400, message: 'That step is not available yet' },
  ANSWERS_MISSING: { status: 400, message: 'Please complete this step before continuing' },
  SIGN_FIRST: { status: 409, message: 'Please sign the application before continuing' },
  OFFERS_NOT_READY: { status: 409, message: 'Please submit your bank statements first' },
  STATEMENTS_UNAVAILABLE: {
    status: 503,
    message: 'We could not submit your documents just now. Please try again in a few minutes.',
  },
  NO_SIGNERS: { status: 422, message: 'No signers found' },
  APPLICATION_CLOSED: { status: 409, message: 'This application is closed' },
  // Not in the specification: a save from a window showing answers that another window has saved over
  // since (domain/revisions.ts); the refusal carries the answers as saved now.
  ANSWERS_CHANGED: { status: 409, message: 'This was changed in another window' },
  // Not in the specification: a change to an answer the signed application shows, once every signer has
  // signed (or the opportunity exists). The signature binds what was signed.
  SIGNED_ANSWERS_LOCKED: {
    status: 409,
    message: 'Your application is signed: these answers can no longer be changed',
  },
} as const;

export type JourneyErrorCode = keyof typeof JOURNEY_ERRORS;

export const isJourneyErrorCode = (v: unknown): v is JourneyErrorCode =>
  typeof v === 'string' && Object.hasOwn(JOURNEY_ERRORS, v);
