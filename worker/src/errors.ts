/**
 * Failures a retry cannot fix. Temporal uses the error's name as its failure type, which the
 * workflow lists in nonRetryableErrorTypes (NON_RETRYABLE_ERRORS in @portal/workflows).
 */
export class CrmRejectedError extends Error {
  override readonly name = 'CrmRejectedError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The application has no owners to sign it (section 8 'No signers found'). */
export class NoSignersError extends Error {
  override readonly name = 'NoSignersError';
}
