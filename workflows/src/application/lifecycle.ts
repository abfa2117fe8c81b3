/**
 * The application's life cycle as operators see it: its status, whose turn it is, the stall clock and
 * the values of its search attributes. Pure functions over plain data, shared by the workflow (which
 * publishes them) and anyone reading a getProgress answer. No PII here: codes, stages, ids and times.
 */
import { leadCountryOf } from '@portal/libs/dist/workflow';
import type { OperationsView } from './messages';

/** How long an application may sit without progress before each nudge, and how big one run may grow. */
export type LifecycleTiming = {
  /** Idle time before the first reminder email (default 24 hours). */
  firstReminderMs: number;
  /** Idle time before the second reminder (default 72 hours). */
  secondReminderMs: number;
  /** Idle time after which the application is abandoned (default 30 days). */
  abandonMs: number;
  /** A run continues as new past this many history events (or when Temporal suggests it first). */
  maxEventsPerRun: number;
  /** ... or past this many accepted updates (Temporal refuses more than 2,000 per run by default). */
  maxUpdatesPerRun: number;
};

const HOUR = 3_600_000;
export const DEFAULT_TIMING: LifecycleTiming = {
  firstReminderMs: 24 * HOUR,
  secondReminderMs: 72 * HOUR,
  abandonMs: 30 * 24 * HOUR,
  maxEventsPerRun: 5_000,
  maxUpdatesPerRun: 1_000,
};

/** ApplicationStatus values (Keyword search attribute). */
export const APPLICATION_STATUSES = [
  'InProgress',
  'WaitingOnApplicant',
  'WaitingOnSignature',
  'WaitingOnCrm',
  'Submitted',
  'Abandoned',
  'Withdrawn',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The ways an application ends; the workflow completes after each. */
export type ApplicationEnd = 'Submitted' | 'Abandoned' | 'Withdrawn';
export const APPLICATION_ENDS: readonly ApplicationEnd[] = ['Submitted', 'Withdrawn', 'Abandoned'];

/** Whether a status (the record's applicationStatus, or the workflow's) is one an application ends with. */
export const isApplicationEnd = (status: unknown): status is ApplicationEnd =>
  (APPLICATION_ENDS as readonly unknown[]).includes(status);

/** LastError values: short codes an operator can filter on, never a message carrying data. */
export const LAST_ERRORS = [
  'CRM_UNAVAILABLE',
  'CRM_REJECTED',
  'AFFILIATE_CHECK_FAILED',
  'SIGN_STATUS_UNAVAILABLE',
  'SIGN_VOID_FAILED',
  'DOCUMENT_REFUSED',
  'REMINDER_FAILED',
  'OFFER_EMAIL_FAILED',
  'RECORD_UPDATE_FAILED',
  'DATABASE_UNAVAILABLE',
] as const;
export type LastErrorCode = (typeof LAST_ERRORS)[number];

/** Whose move it is: the applicant, a signer (Box), the CRM, or nobody (the application has ended). */
export type Turn = 'applicant' | 'signer' | 'crm' | 'nobody';

/** What the workflow keeps about the stall clock and the outside work, carried across continue-as-new. */
export type OperationsState = {
  /** Workflow time (ms) of the last progress: an applicant's act, a signature, an operator's extension. */
  lastProgressAt: number;
  /** Reminders sent since that progress (0, 1 or 2). */
  remindersSent: number;
  /** `detail`: Salesforce's code(s) of a refusal, e.g. INVALID_EMAIL_ADDRESS. */
  lastError?: { code: LastErrorCode; at: number; detail?: string };
  /** The CRM has refused or failed the latest attempt and work is waiting for it. */
  crmFailing: boolean;
  ended?: ApplicationEnd;
  /** Optional operator-facing facts, from the applicant's answers (no PII). */
  country?: string;
  affiliateId?: string;
};

/** The facts the status depends on, taken from the workflow's progress. */
export type StatusFacts = {
  ops: OperationsState;
  crmWorkPending: boolean;
  signingOpen: boolean;
};

export function applicationStatus(f: StatusFacts): ApplicationStatus {
  if (f.ops.ended) return f.ops.ended;
  if (f.ops.crmFailing && f.crmWorkPending) return 'WaitingOnCrm';
  if (f.signingOpen) return 'WaitingOnSignature';
  if (f.ops.remindersSent > 0) return 'WaitingOnApplicant';
  return 'InProgress';
}

export function turnOf(f: StatusFacts): Turn {
  if (f.ops.ended) return 'nobody';
  if (f.ops.crmFailing && f.crmWorkPending) return 'crm';
  if (f.signingOpen) return 'signer';
  return 'applicant';
}

/** getProgress's `operations`: the status and turn from the facts, the last error and the stall clock. */
export function operationsView(f: StatusFacts, pending: string[], runs: number): OperationsView {
  const { lastError } = f.ops;
  return {
    status: applicationStatus(f),
    turn: turnOf(f),
    pending,
    ...(lastError
      ? {
          lastError: {
            code: lastError.code,
            at: new Date(lastError.at).toISOString(),
            ...(lastError.detail ? { detail: lastError.detail } : {}),
          },
        }
      : {}),
    stalledSince: new Date(f.ops.lastProgressAt).toISOString(),
    remindersSent: f.ops.remindersSent,
    runs,
  };
}

export type StallStep = { at: number; action: 'remind'; reminder: 1 | 2 } | { at: number; action: 'abandon' };

/** The next nudge the stall clock owes, and when; none once the application has ended. */
export function nextStallStep(ops: OperationsState, t: LifecycleTiming): StallStep | undefined {
  if (ops.ended) return undefined;
  const from = ops.lastProgressAt;
  if (ops.remindersSent < 1 && t.firstReminderMs < t.abandonMs)
    return { at: from + t.firstReminderMs, action: 'remind', reminder: 1 };
  if (ops.remindersSent < 2 && t.secondReminderMs < t.abandonMs)
    return { at: from + t.secondReminderMs, action: 'remind', reminder: 2 };
  return { at: from + t.abandonMs, action: 'abandon' };
}

/**
 * A lead change names the business's country: keep it for the Country search attribute. Either shape
 * (the domain's `country`, or `Country` in a change recorded before the lead mapper).
 */
export function countryOf(fields: Record<string, unknown>): string | undefined {
  return leadCountryOf(fields);
}
