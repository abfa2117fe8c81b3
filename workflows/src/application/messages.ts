import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { JourneyPosition, StageMove } from '@portal/libs';
import type { CrmLeadFields, CrmLeadInput, OfferOption, SalesRep, SignRequestView, StoredDocument } from './activities';

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
};

export type ApplicationProgress = {
  position: JourneyPosition;
  sfLeadId?: string;
  sfLeadOwnerId?: string;
  closed?: boolean;
  /** Lead field changes received and not yet written to the CRM. */
  pendingLeadFields?: number;
  signing?: SigningState;
  sfOpportunityId?: string;
  /** The signed application as submitted to the document-submission service. */
  submittedFileId?: string;
  /** Uploaded documents not yet copied to the opportunity. */
  pendingDocuments?: number;
  /** The funding rep, known once the application is submitted. */
  rep?: SalesRep;
};

/** An uploaded document (already in S3): copied to the opportunity once there is one, with retries. */
export const documentUploaded = defineSignal<[StoredDocument]>('documentUploaded');

/**
 * Bank statements submitted (section 4): convert the lead, keep the opportunity id, submit the signed
 * application, and move on to /offers. Repeating it after success only answers the position.
 */
export const submitStatements = defineUpdate<JourneyPosition, []>('submitStatements');

/** Prices the offers (offer-calculation service) and saves them as the application's options. */
export const calculateOffers = defineUpdate<OfferOption[], []>('calculateOffers');

/** Emails the applicant the selected offer (POST /offer/email-offer). */
export const emailOffer = defineUpdate<void, []>('emailOffer');

/**
 * Final submission (section 4 'Offers'): the opportunity is marked submitted, the offer emailed, and the
 * rep's name and scheduling link come back. Repeating it answers the same rep without a second email.
 */
export const submitApplication = defineUpdate<SalesRep & { position: JourneyPosition }, []>('submitApplication');

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

/** A verified Box webhook about a sign request (the api checks the signature before signalling). */
export const signRequestEvent =
  defineSignal<[{ signRequestId: string; trigger: string; eventId: string }]>('signRequestEvent');

/**
 * The applicant saved something the CRM lead mirrors. The api signals and moves on: the workflow writes
 * it to the lead with retries, in order, once the lead exists, so a CRM outage never holds anyone up.
 */
export const updateLead = defineSignal<[CrmLeadFields]>('updateLead');

export const getProgress = defineQuery<ApplicationProgress>('getProgress');

/**
 * Moves the journey one step on or back (or re-saves where it is). The validator refuses any other move
 * before it enters history, with the spec's 'No further stage available' past the last step.
 */
export const moveStage = defineUpdate<JourneyPosition, [StageMove]>('moveStage');

/** Custom search attributes, registered on the Temporal namespace by the stack scripts. */
export const SEARCH_ATTRIBUTES = { ApplicationStage: 'Keyword', CrmLeadId: 'Keyword' } as const;
