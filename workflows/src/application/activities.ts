/** Activity contracts of the application workflow. The worker implements them; the workflow imports types only. */
/** Errors an activity raises that a retry cannot fix (class names, see worker/src/errors.ts). */
export const NON_RETRYABLE_ERRORS = ['CrmRejectedError'] as const;

export type CrmLeadInput = {
  applicationId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  affiliateId?: string;
};

export type CrmLeadResult = { leadId: string; ownerId: string };

export interface CrmActivities {
  /** Creates the lead once per application (looked up by the portal application id before creating). */
  createCrmLead(input: CrmLeadInput): Promise<CrmLeadResult>;
}

export interface RecordActivities {
  /** Stores the CRM ids on the application record. */
  saveCrmLeadIds(input: { applicationId: string; leadId: string; ownerId: string }): Promise<void>;
}

export type ApplicationActivities = CrmActivities & RecordActivities;
