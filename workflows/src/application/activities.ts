/** Activity contracts of the application workflow. The worker implements them; the workflow imports types only. */
/**
 * Errors an activity raises that a retry cannot fix (class names, see worker/src/errors.ts). All but
 * NoSignersError are also thrown as non-retryable ApplicationFailures, so they stop at once under any
 * retry policy; their details carry the system's codes (and, for a lead update, the held-back fields).
 */
export const NON_RETRYABLE_ERRORS = [
  'CrmRejectedError',
  'NoSignersError',
  'BoxRejectedError',
  'OfferServiceRejectedError',
  'DocumentStoreDeniedError',
  'MailRejectedError',
] as const;

/**
 * The type of the failure an activity raises when the service (CRM, Box) answered and made something, but
 * the id it answered could not be kept on the application's record (MongoDB): retryable, and the retry
 * finds what the first try made. The workflow shows it to operators as DATABASE_UNAVAILABLE.
 */
export const RECORD_WRITE_FAILED = 'RecordWriteError';

/**
 * The task queue of the document copies (uploadContentVersions), apart from the application's own, so
 * that a slow or stuck copy never holds up a lead update. The worker polls both.
 */
export const documentTaskQueue = (taskQueue: string) => `${taskQueue}-documents`;

/**
 * Retries of a CRM sync (lead creation and updates, document copies): back-off up to 5 minutes, then
 * a visible failure after about a day rather than retrying forever. Adopt with a catch that records
 * CrmSyncPending / LastError and keeps the changes for the operator's 'retry CRM sync'.
 */
export const CRM_SYNC_RETRY = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '5 minutes',
  maximumAttempts: 300,
  nonRetryableErrorTypes: [...NON_RETRYABLE_ERRORS],
};

/** The shape of a CrmRejectedError's details (the first detail of its ApplicationFailure). */
export type CrmRejectionDetails = {
  code: string;
  errors: { errorCode: string; message: string; fields?: string[] }[];
  /** Fields of a lead update that Salesforce refused, one by one; every other field was written. */
  heldBack?: SalesforceLeadFields;
};

import type { LeadChange, NewLead, SalesforceLeadFields } from '@portal/libs';
import { JOURNEY_ERRORS } from '@portal/libs/dist/workflow';

/** An application without owners has nobody to sign it. */
export const NO_SIGNERS_FOUND = JOURNEY_ERRORS.NO_SIGNERS.message;

export type CrmLeadInput = NewLead;

export type CrmLeadResult = { leadId: string; ownerId: string };

/** The account's CRM status and record type travel with the verdict, for GET account/account-status. */
export type AffiliateCheck = { accepted: boolean; status?: string; recordTypeId?: string };

export interface CrmActivities {
  /**
   * The affiliate rule: accepted only when the CRM account's record type is the configured affiliate
   * type and its status is 'active' (any case). A malformed or unknown id is simply not accepted.
   */
  checkCrmAffiliate(input: { affiliateId: string }): Promise<AffiliateCheck>;
  /**
   * Creates the lead once per application (looked up by the portal application id before creating) and
   * keeps its ids (and an accepted affiliate) on the application record; a retry after that write failed
   * finds the lead the first try made.
   */
  createCrmLead(input: CrmLeadInput): Promise<CrmLeadResult>;
}

/**
 * A lead change as it travels through the workflow: the applicant's answers in the portal's words
 * (LeadChange, mapped to Salesforce's by the worker), or, in histories and queues from before the
 * mapper, fields already in Salesforce's words (passed through as they are).
 */
export type CrmLeadFields = LeadChange | SalesforceLeadFields;

export interface CrmLeadUpdateActivities {
  /** Maps the change to the lead's fields and writes them (a PATCH: repeating it is harmless). */
  updateCrmLead(input: { leadId: string; fields: CrmLeadFields }): Promise<void>;
}

export type SignerView = {
  email: string;
  order: number;
  decision: 'signed' | 'declined' | null;
  /** The embedded signing link (Box embed_url); it authenticates the signer, so only the owner sees it. */
  embedUrl: string | null;
};
export type SignRequestView = { id: string; status: string; signers: SignerView[]; signedFileId?: string };

export interface SigningActivities {
  /**
   * Renders the application PDF (kept in S3), uploads it to the application's Box folder and creates the
   * sign request for the first two owners, then keeps its id on the application record (the webhook's
   * lookup by the request's id first, then the application). Idempotent per attempt: a retry finds the
   * request it made.
   */
  prepareSignRequest(input: { applicationId: string; attempt: number }): Promise<SignRequestView>;
  getSignRequest(input: { signRequestId: string }): Promise<SignRequestView>;
}

/** A document the applicant uploaded, kept in S3, to be copied to the opportunity in the CRM. */
export type StoredDocument = { fileId: string; s3Key: string; fileName: string; fileType: string };

export interface DocumentActivities {
  /**
   * Converts the lead (SOAP convertLead) once and keeps the opportunity's id on the application record
   * (sfOpportunityId): a retry finds the opportunity the first try made.
   */
  convertCrmLead(input: { leadId: string; ownerId: string; applicationId: string }): Promise<{ opportunityId: string }>;
  /**
   * Sends the signed application to the document-submission service (Box): the signed PDF goes into the
   * application's submission folder, once (a retry finds the file already there).
   */
  submitSignedApplication(input: { applicationId: string; signedFileId: string; opportunityId: string }): Promise<{
    fileId: string;
  }>;
  /**
   * Copies documents from S3 to the opportunity as ContentVersions, in order, once per file. The ones the
   * CRM refused are answered with Salesforce's code; an outage fails the call (its retry skips the copies made).
   */
  uploadContentVersions(input: { opportunityId: string; documents: StoredDocument[] }): Promise<{
    refused: { fileId: string; code: string }[];
  }>;
}

/** An offer option as the offer service answers it: every value a string. */
export type OfferOption = Record<string, string>;
export type SalesRep = {
  repName: string;
  schedulingLink: string;
  /** Salesforce's code(s) when it refused the opportunity's stage update; the rep was still read. */
  stageRefused?: string;
};

export interface OfferActivities {
  /** Prices the application's offers (credit score, start date, revenue) and saves them as its options. */
  calculateOffers(input: { applicationId: string }): Promise<OfferOption[]>;
  /** Emails the applicant a summary of the selected offer, once per selection. */
  sendOfferEmail(input: { applicationId: string }): Promise<void>;
  /** Marks the opportunity submitted and answers its owner, the applicant's funding rep. */
  submitOpportunity(input: { opportunityId: string }): Promise<SalesRep>;
}

/** What the life cycle needs outside: reminders, the application's end in MongoDB, a voided request. */
export interface OperationActivities {
  /**
   * Emails the applicant a reminder that links back to their saved step (PUBLIC_URL + path). Sent once
   * per (idleSince, reminder): a retry after a sent email sends nothing more.
   */
  sendReminderEmail(input: { applicationId: string; reminder: 1 | 2; path: string; idleSince: number }): Promise<void>;
  /** Marks the application's record ended ('Abandoned' or 'Withdrawn'). Repeating it is harmless. */
  markApplicationEnded(input: { applicationId: string; status: 'Abandoned' | 'Withdrawn' }): Promise<void>;
  /** Cancels a sign request at Box; one already ended (cancelled, signed, declined) is left as it is. */
  voidSignRequest(input: { signRequestId: string }): Promise<void>;
}

/** The lead statuses an ended application leaves on its CRM lead (the spec's 'Closed - Not Converted'). */
export const LEAD_CLOSED_FIELDS = {
  Abandoned: { leadStatus: 'Closed - Not Converted', leadStatusDetail: 'Abandoned' },
  Withdrawn: { leadStatus: 'Closed - Not Converted', leadStatusDetail: 'Withdrawn' },
} as const satisfies Record<'Abandoned' | 'Withdrawn', LeadChange>;

export type ApplicationActivities = OperationActivities &
  OfferActivities &
  CrmActivities &
  CrmLeadUpdateActivities &
  SigningActivities &
  DocumentActivities;
