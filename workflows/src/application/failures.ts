import { ActivityFailure, ApplicationFailure } from '@temporalio/common';
import type { JourneyErrorCode } from '@portal/libs';
import { JOURNEY_ERRORS } from '@portal/libs/dist/workflow';
import { NON_RETRYABLE_ERRORS, RECORD_WRITE_FAILED } from './activities';
import type { LastErrorCode } from './lifecycle';

/** A refusal the applicant sees: its type is the code the api answers and the web matches on. */
export const journeyFailure = (code: JourneyErrorCode): ApplicationFailure =>
  ApplicationFailure.create({ type: code, message: JOURNEY_ERRORS[code].message, nonRetryable: true });

/**
 * What an activity call failed with: an activity task's failure comes wrapped in an ActivityFailure, a
 * local activity's as it was thrown.
 */
export const failureOf = (e: unknown): unknown => (e instanceof ActivityFailure ? e.cause : e);

/** The failure's type when a retry cannot help (the service refused), else null (an outage). */
export const rejected = (e: unknown): string | null => {
  const cause = failureOf(e);
  if (!(cause instanceof ApplicationFailure)) return null;
  const listed = (NON_RETRYABLE_ERRORS as readonly string[]).includes(cause.type ?? '');
  return listed || cause.nonRetryable ? (cause.type ?? 'Error') : null;
};

/**
 * What an outage of a CRM call shows operators: the CRM's own, or, when the CRM answered and only the
 * application record's write of the id it gave failed, the database's (the retry finds what the CRM made).
 */
export const outage = (e: unknown): Extract<LastErrorCode, 'CRM_UNAVAILABLE' | 'DATABASE_UNAVAILABLE'> =>
  (failureOf(e) as { type?: string } | undefined)?.type === RECORD_WRITE_FAILED
    ? 'DATABASE_UNAVAILABLE'
    : 'CRM_UNAVAILABLE';

/**
 * Salesforce's code(s) of a refusal ('INVALID_EMAIL_ADDRESS'), from the rejection's details (the worker's
 * CrmRejectedError) or, failing that, the codes its message names. Codes only: never a value.
 */
export const refusalCodes = (e: unknown): string | undefined => {
  const cause = failureOf(e);
  if (!(cause instanceof ApplicationFailure)) return undefined;
  const detail = (cause.details?.[0] ?? undefined) as { code?: unknown } | undefined;
  if (typeof detail?.code === 'string' && detail.code) return detail.code;
  const codes = cause.message.slice(cause.message.indexOf(':') + 1).match(/\b[A-Z][A-Z0-9_]{2,}\b/g);
  return codes ? [...new Set(codes)].join(',') : (cause.type ?? undefined);
};

/** A mail server's permanent refusal (a 5xx: an unverified sender, a wrong login), not an outage. */
export const mailRefused = (e: unknown): boolean =>
  (failureOf(e) as { type?: string } | undefined)?.type === 'MailRejectedError';
