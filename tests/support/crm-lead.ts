/**
 * Specs read the CRM stand-in's stored leads through the lead mapper (libs/src/crm/lead-fields.ts): they
 * say what the applicant answered, in the portal's words, and the mapper says which fields show it.
 */
import {
  AFFILIATE_ID_FIELD,
  APPLICATION_ID_FIELD,
  affiliateStatusAnswer,
  leadFieldsOf,
  type LeadChange,
  type LeadOwner,
  type SalesforceLeadFields,
} from '@portal/libs';

type CrmRecord = Record<string, unknown>;

/** A change as a spec names it: owners by a few of their answers. */
export type ExpectedLeadChange = Omit<LeadChange, 'owner1' | 'owner2'> & {
  owner1?: Partial<LeadOwner>;
  owner2?: Partial<LeadOwner>;
};

/** The lead fields that show a change (for toMatchObject). */
export const leadFields = (change: ExpectedLeadChange): SalesforceLeadFields => leadFieldsOf(change as LeadChange);

/** Whether a stored lead shows a change. */
export const showsChange = (lead: CrmRecord | undefined, change: ExpectedLeadChange): boolean =>
  !!lead && Object.entries(leadFields(change)).every(([name, value]) => lead[name] === value);

/** The lead (or opportunity) of an application, by the portal application id it carries. */
export const ofApplication = <T extends CrmRecord>(records: T[], applicationId: string): T | undefined =>
  records.find((r) => r[APPLICATION_ID_FIELD] === applicationId);

/** Every record of an application (a second one would be a duplicate). */
export const allOfApplication = <T extends CrmRecord>(records: T[], applicationId: string): T[] =>
  records.filter((r) => r[APPLICATION_ID_FIELD] === applicationId);

/** The affiliate a lead names. */
export const affiliateOf = (lead: CrmRecord | undefined): unknown => lead?.[AFFILIATE_ID_FIELD];

/** An affiliate account as the CRM stand-in keeps it: its name, status and record type. */
export const affiliateAccount = (name: string, status: string, recordTypeId: string) => ({
  Name: name,
  ...affiliateStatusAnswer(status, recordTypeId),
});
