import { defineQuery, defineSignal, defineUpdate, type Sinks } from '@temporalio/workflow';
import type { JourneyPosition, StageMove } from '@portal/libs';
import type { CrmLeadFields, CrmLeadInput, OfferOption, SalesRep, SignRequestView, StoredDocument } from './activities';
import type { ApplicationStatus, LastErrorCode, LifecycleTiming, OperationsState, Turn } from './lifecycle';

export const APPLICATION_WORKFLOW_TYPE = 'applicationWorkflow';

/** A short workflow answering GET account/account-status/{affiliateId} from the CRM. */
export const AFFILIATE_STATUS_WORKFLOW_TYPE = 'affiliateStatusWorkflow';
export const affiliateStatusWorkflowId = (affiliateId: string, requestId: string) =>
  `affiliate-status-${affiliateId}-${requestId}`;

/** One workflow per application. Ids carry no personal data. */
export const applicationWorkflowId = (applicationId: string): string => `application-${applicationId}`;

export type ApplicationWorkflowInput = {
  applicationId: string;
  /** The applicant's sign-up answers, for the CRM lead. Encrypted by the payload codec. */
  lead: CrmLeadInput;
  /** How often to ask Box about a pending signature when no webhook comes (default 30 seconds). */
  signPollSeconds?: number;
  /** Stall clock and run-size bounds (the api passes its configuration; defaults in lifecycle.ts). */
  timing?: Partial<LifecycleTiming>;
  /** What an earlier run knew, when this run continues it (continue-as-new). */
  carried?: CarriedState;
};

/** Everything a run hands to the next one when it continues as new. */
export type CarriedState = {
  progress: ApplicationProgress;
  leadChanges: CrmLeadFields[];
  documents: StoredDocument[];
  ops: OperationsState;
  /** The latest Box webhook event ids, so a redelivery across runs still counts once. */
  seenEvents: string[];
  /** Files already copied to the opportunity, so a document an update carries again is copied once. */
  copiedFiles?: string[];
  /** The newest lead hand-over taken (LeadHandover.leadSeq). */
  leadSeq?: number;
  /** How many runs came before this one (for operators, and for the tests). */
  runs: number;
  /** Until when (ms since the epoch, workflow time) the progress is pushed to the record (watchProgress). */
  watchedUntil?: number;
};

/** getProgress's answer for operators: where the journey is, what is pending outside, whose turn it is. */
export type OperationsView = {
  status: ApplicationStatus;
  turn: Turn;
  /** External work not done yet: 'crm-lead', 'crm-lead-update', 'documents', 'signature'. */
  pending: string[];
  /** `detail`: Salesforce's code(s) when the CRM refused (e.g. INVALID_EMAIL_ADDRESS). */
  lastError?: { code: LastErrorCode; at: string; detail?: string };
  /** When the application last made progress (ISO time). */
  stalledSince: string;
  remindersSent: number;
  /** Runs before this one (continue-as-new). */
  runs: number;
};

export type ApplicationProgress = {
  position: JourneyPosition;
  sfLeadId?: string;
  sfLeadOwnerId?: string;
  /** Lead field changes received and not yet written to the CRM. */
  pendingLeadFields?: number;
  signing?: SigningState;
  sfOpportunityId?: string;
  /**
   * Bank statements submitted while the CRM could not convert the lead yet: the journey went on, and
   * the CRM room converts the lead once it can.
   */
  statementsSubmitted?: boolean;
  /** The signed application as submitted to the document-submission service. */
  submittedFileId?: string;
  /** Uploaded documents not yet copied to the opportunity. */
  pendingDocuments?: number;
  /** The funding rep, known once the application is submitted. */
  rep?: SalesRep;
};

/** getProgress's answer: the progress, with operations' view of it (status, turn, pending work, last error). */
export type ProgressAnswer = ApplicationProgress & { operations: OperationsView };

/**
 * An uploaded document (already in S3): copied to the opportunity once there is one, with retries. The api
 * sends none for the documents an update carries: the statements at their step, the voided check and the
 * driver's license (with submitApplication).
 */
export const documentUploaded = defineSignal<[StoredDocument]>('documentUploaded');

/**
 * Bank statements submitted: convert the lead, keep the opportunity id, submit the signed application,
 * and move on to /offers. Repeating it after success only answers the position. It carries the
 * application's bank statements (the api sends no documentUploaded for them at that step), copied to the
 * opportunity like signalled documents; a file already taken is taken once.
 */
export const submitStatements = defineUpdate<JourneyPosition, [StoredDocument[]?]>('submitStatements');

/** Prices the offers (offer-calculation service) and saves them as the application's options. */
export const calculateOffers = defineUpdate<OfferOption[], []>('calculateOffers');

/** Emails the applicant the selected offer (POST /offer/email-offer). */
export const emailOffer = defineUpdate<void, []>('emailOffer');

/**
 * Final submission (the offers page): the opportunity is marked submitted, the offer emailed, and the
 * rep's name and scheduling link come back. Repeating it answers the same rep without a second email.
 * It carries the voided check and the driver's license (the last one uploaded of each), copied to the
 * opportunity before it is submitted, and the bank statements again, for one stored while they were being
 * submitted; a file already taken is taken once.
 */
export const submitApplication = defineUpdate<SalesRep & { position: JourneyPosition }, [StoredDocument[]?]>(
  'submitApplication',
);

/** The e-signature as the workflow knows it: from Box's webhook or its own polling, never the browser. */
export type SigningState = { attempt: number; request: SignRequestView; signed: boolean };

/** Box's sign request statuses that end a request without a signature: a new one is needed. */
export const SIGN_ENDED_STATUSES = [
  'declined',
  'cancelled',
  'expired',
  'error',
  'error_converting',
  'error_sending',
  'error_finalizing',
];

/**
 * Signed: Box says signed (or signed and downloaded). Not while finalizing: every signer has signed but
 * Box is still writing the signed PDF and the signing log, which cannot be downloaded yet.
 */
export const isSignedRequest = (r: SignRequestView): boolean =>
  ['signed', 'completed', 'signed and downloaded'].includes(r.status);

/** Builds the sign request (or continues the current one) and answers it with the signers' links. */
export const startSigning = defineUpdate<SigningState, []>('startSigning');

/**
 * The applicant is about to change answers a sign request was built from (what the application PDF shows).
 * Refused (SIGNED_ANSWERS_LOCKED) once every signer has signed or the opportunity exists: the signature
 * binds what was signed. An open request is voided at Box first (its links stop working), so the applicant
 * signs again what they now save. Answers the request's status afterwards (none: there was none).
 */
export const reviseAnswers = defineUpdate<{ voided: boolean }, []>('reviseAnswers');

/** A verified Box webhook about a sign request (the api checks the signature before signalling). */
export const signRequestEvent =
  defineSignal<[{ signRequestId: string; trigger: string; eventId: string }]>('signRequestEvent');

/**
 * The applicant saved something the CRM lead mirrors. The api signals and moves on: the workflow writes
 * it to the lead with retries, in order, once the lead exists, so a CRM outage never holds anyone up.
 * The api sends a LeadChange (the portal's words); the worker maps it to Salesforce's.
 */
export const updateLead = defineSignal<[LeadHandover]>('updateLead');

export const getProgress = defineQuery<ProgressAnswer>('getProgress');

/**
 * The applicant's status page (or a co-owner's) is open on an application in progress: for PROGRESS_WATCH_MS
 * from now, the workflow pushes its getProgress answer to the application record whenever it changes,
 * through the worker's `progressRecord` sink after the workflow task that changed it (no command, no event),
 * so the page's 30-second poll reads the record and reaches neither Temporal nor the worker. Answers the
 * progress now (already on the record by then). Refused once the application has ended (APPLICATION_CLOSED):
 * its final progress is the run's result.
 */
export const watchProgress = defineUpdate<ProgressAnswer, []>('watchProgress');

/**
 * How long one watchProgress pushes: the api renews it a minute before its end while the page polls. Each
 * watch costs about as much CPU as a stage move (30 to 70 ms in all, measured), so once in half an hour of
 * polls, not once in ten minutes; a page closed meanwhile leaves only a write per change until the end.
 */
export const PROGRESS_WATCH_MS = 30 * 60_000;

/**
 * The worker's side of watchProgress, outside the workflow's history (a sink: not called on replay).
 * `answer` is getProgress's answer as JSON; `watchedUntil` the watch's end in ms since the epoch.
 */
export interface ProgressSinks extends Sinks {
  progressRecord: { kept(applicationId: string, answer: string, watchedUntil: number): void };
}

/**
 * One signer's live signing link (by their order), for the api to hand to that signer alone: the
 * applicant's co-owner through their own signed link. getProgress, which operators read, holds none.
 */
export const getSignerLink = defineQuery<string | null, [number]>('getSignerLink');

/**
 * Where a stage move left the journey. A move that lands on the signature answers the signing too, when
 * the workflow could start it (or continue the open one) in the move's task: the signature page's
 * POST /box/sign is answered from it (kept by the api) instead of asking startSigning.
 */
export type MoveAnswer = JourneyPosition & { signing?: SigningState };

/**
 * Moves the journey one step on or back (or re-saves where it is). The validator refuses any other move
 * before it enters history, with the spec's 'No further stage available' past the last step. It
 * carries the lead changes saved since the last hand-over (`lead`), taken before the move.
 */
export const moveStage = defineUpdate<MoveAnswer, [StageMove & { lead?: LeadHandover }]>('moveStage');

/**
 * Lead changes as the api hands them over (with a stage move, or alone by updateLead): merged since the
 * last hand-over, numbered by `leadSeq` so an older hand-over arriving late is dropped. A hand-over
 * without a `leadSeq` is always taken.
 */
export type LeadHandover = CrmLeadFields & { leadSeq?: number };

/** Who withdrew: the applicant, or an operator on their behalf. */
export type Withdrawal = { by: 'applicant' | 'operator' };

/**
 * Withdraws the application (a compensating path): the stall clock stops, an open sign request is
 * voided, the application is marked withdrawn in MongoDB and the CRM lead closed; then the workflow ends.
 */
export const withdrawApplication = defineSignal<[Withdrawal]>('withdrawApplication');

/** Operator: void the open sign request and send a fresh one to the signers. */
export const resendSignRequest = defineSignal<[]>('resendSignRequest');

/** Operator: count now as progress, so reminders and abandonment start over from today. */
export const extendDeadline = defineSignal<[]>('extendDeadline');

/**
 * What an operator may correct with 'retry CRM sync' when Salesforce refused the lead's creation (e.g. an
 * email it does not take): the lead is then created with these answers instead.
 */
export type CrmRetry = { lead?: Partial<Pick<CrmLeadInput, 'firstName' | 'lastName' | 'email' | 'phone' | 'company'>> };

/**
 * Operator: try the CRM now instead of waiting out the back-off, and try again what it refused (a
 * lead's creation, its conversion), with a corrected lead if given.
 */
export const retryCrmSync = defineSignal<[CrmRetry?]>('retryCrmSync');

/** The application workflow's search attributes with their types (search-attribute-table.ts). */
export { SEARCH_ATTRIBUTE_KINDS, SEARCH_ATTRIBUTES } from './search-attribute-table';
