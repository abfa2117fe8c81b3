/**
 * The account erasure's activity contracts (worker/src/privacy). Every input and result carries ids and
 * dates only: this workflow's history is sealed with the master key, never erased.
 */

/** What one account's erasure touches, read once from MongoDB at its start. */
export type ErasurePlan = {
  userId: string;
  /** The account's application, if it has one (not yet made: none). */
  applicationId?: string;
  /** Submitted (an opportunity exists): the lender's records are kept until `keepUntil`. */
  submitted: boolean;
  leadId?: string;
  opportunityId?: string;
  /** ISO date until which the kept records stay (submitted applications only). */
  keepUntil?: string;
};

/** How the CRM lead went: deleted after its personal fields were blanked, kept with the opportunity, or none. */
export type LeadErasure = 'deleted' | 'anonymised' | 'kept' | 'none';

export type ErasureOutcome = {
  applicationId?: string;
  submitted: boolean;
  keepUntil?: string;
  lead: LeadErasure;
  objectsDeleted: number;
  /** Items deleted at the e-signature service (Box): the application's PDFs, signed copies, its folder. */
  boxItemsDeleted?: number;
  recordsDeleted: number;
};

export interface ErasureActivities {
  /** The plan, from the user's records; the same answer when asked again before the records go. */
  planErasure(input: { userId: string }): Promise<ErasurePlan>;
  /** Ends the application's workflow (terminated: nothing of it runs again); done when it has ended. */
  closeApplicationWorkflow(input: { applicationId: string }): Promise<void>;
  /** The lead's personal fields blanked, then the lead deleted; a submitted application's stays converted. */
  eraseCrmLead(input: ErasurePlan): Promise<LeadErasure>;
  /** The application's S3 objects, but for the signed application PDF of a submitted one. */
  eraseDocuments(input: ErasurePlan): Promise<number>;
  /**
   * What the e-signature service (Box) holds of an application not submitted: open sign requests
   * cancelled, its PDFs, signed copies and folder deleted. A submitted one keeps them (the signed application).
   */
  eraseSigningCopies(input: ErasurePlan): Promise<number>;
  /** The application's payload key: its workflow history becomes unreadable (docs/decisions/015). */
  eraseApplicationKey(input: { applicationId: string }): Promise<void>;
  /** Every MongoDB record of the account, but for what a submitted application keeps. */
  eraseRecords(input: ErasurePlan): Promise<number>;
  /** At the end of the retention: the kept records and objects go too; the count deleted. */
  purgeKeptRecords(input: ErasurePlan): Promise<number>;
}

/** The erasure workflow's id: one per account, so a second request finds the first run. */
export const erasureWorkflowId = (userId: string): string => `erasure-${userId}`;
export const ERASURE_WORKFLOW_TYPE = 'accountErasureWorkflow';
/** The kept records' own timer, one per application. */
export const retentionWorkflowId = (applicationId: string): string => `retention-${applicationId}`;
export const RETENTION_WORKFLOW_TYPE = 'retentionWorkflow';
