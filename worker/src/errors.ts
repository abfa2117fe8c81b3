import { ApplicationFailure } from '@temporalio/activity';
import { RECORD_WRITE_FAILED } from '@portal/workflows';

/**
 * Failures a retry cannot fix. They are ApplicationFailures marked non-retryable, so Temporal stops
 * at once whatever the workflow's retry policy lists; their type is also in NON_RETRYABLE_ERRORS
 * (@portal/workflows). The message names codes and fields only, never values: failure messages are
 * stored unencrypted in history, while details go through the payload codec.
 */
abstract class RejectedError extends ApplicationFailure {
  constructor(type: string, message: string, details: Record<string, unknown>) {
    super(message, type, true, [details]);
  }
}

/** Salesforce refused the request itself; `errors` has its answer, `heldBack` the fields it kept out. */
export class CrmRejectedError extends RejectedError {
  constructor(
    message: string,
    readonly code: string,
    readonly errors: unknown[] = [],
    readonly heldBack?: Record<string, unknown>,
  ) {
    super('CrmRejectedError', message, { code, errors, ...(heldBack ? { heldBack } : {}) });
  }
}

/** Box refused the request (a 4xx other than 429): bad input, a missing item or a lacking scope. */
export class BoxRejectedError extends RejectedError {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super('BoxRejectedError', message, { code, status });
  }
}

/** The offer-calculation service refused the request (a 4xx other than 401 and 429). */
export class OfferServiceRejectedError extends RejectedError {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super('OfferServiceRejectedError', message, { status });
  }
}

/** S3 denied the worker (AccessDenied, a missing KMS grant): its role needs fixing, not a retry. */
export class DocumentStoreDeniedError extends RejectedError {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super('DocumentStoreDeniedError', message, { code });
  }
}

/** The application has no owners to sign it: the specification's 'No signers found'. */
export class NoSignersError extends Error {
  override readonly name = 'NoSignersError';
}

/** The SMTP server refused the message for good (a 5xx: 554 an unverified sender, 535 a wrong login). */
export class MailRejectedError extends RejectedError {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super('MailRejectedError', message, { code: `SMTP_${status}`, status });
  }
}

/**
 * The CRM or Box made something (the lead, the opportunity, the sign request) and answered its id, but
 * MongoDB did not take it: retryable (the retry finds what was made), shown to operators as
 * DATABASE_UNAVAILABLE.
 */
export class RecordWriteError extends ApplicationFailure {
  constructor(message: string) {
    super(message, RECORD_WRITE_FAILED, false);
  }
}
