import {
  CRM_DEFAULT_VALUES,
  CRM_FIELD_LENGTHS,
  capCrmFields,
  crmAddressFields,
  orgPicklistValues,
  type CrmFieldLengths,
  type CrmPicklistValues,
} from '@portal/libs';

/** What differs from one Salesforce org to another: picklist values, custom field lengths, address picklists. */
export type CrmOrg = {
  convertedStatus: string;
  submittedStage: string;
  stateCountryPicklists: boolean;
  fieldLengths: CrmFieldLengths;
  picklistValues: CrmPicklistValues;
};

export const DEFAULT_CRM_ORG: CrmOrg = {
  convertedStatus: CRM_DEFAULT_VALUES.convertedStatus,
  submittedStage: CRM_DEFAULT_VALUES.submittedStage,
  stateCountryPicklists: false,
  fieldLengths: CRM_FIELD_LENGTHS,
  picklistValues: {},
};

export type CrmOrgSettings = {
  SF_CONVERTED_STATUS: string;
  SF_SUBMITTED_STAGE: string;
  SF_STATE_COUNTRY_PICKLISTS: 'true' | 'false';
  SF_FIELD_LENGTHS: CrmFieldLengths;
  SF_PICKLIST_VALUES: CrmPicklistValues;
};

export const crmOrg = (s: CrmOrgSettings): CrmOrg => ({
  convertedStatus: s.SF_CONVERTED_STATUS,
  submittedStage: s.SF_SUBMITTED_STAGE,
  stateCountryPicklists: s.SF_STATE_COUNTRY_PICKLISTS === 'true',
  fieldLengths: s.SF_FIELD_LENGTHS,
  picklistValues: s.SF_PICKLIST_VALUES,
});

/**
 * Lead fields as this org takes them: its picklist values for the spec's, each string capped at its
 * length, state and country where they go.
 */
export const leadFieldsFor = <T extends Record<string, unknown>>(org: CrmOrg, fields: T): Record<string, unknown> =>
  crmAddressFields(
    capCrmFields(orgPicklistValues(fields, org.picklistValues), org.fieldLengths),
    org.stateCountryPicklists,
  );

/**
 * Sent with every lead write: a duplicate rule whose action is 'Allow' with an alert then saves instead
 * of answering DUPLICATES_DETECTED (the rep sees the duplicate in the CRM). A 'Block' rule still refuses.
 */
export const ALLOW_DUPLICATES = { headers: { 'Sforce-Duplicate-Rule-Header': 'allowSave=true' } };

/**
 * Sent with every lead update: the org's assignment rule runs on each create and update unless told not
 * to (`Sforce-Auto-Assign`, TRUE by default). A new lead goes to the rule's rep or queue; an update of the
 * applicant's answers must not take the lead back from the rep who picked it up.
 */
export const LEAD_UPDATE = { headers: { ...ALLOW_DUPLICATES.headers, 'Sforce-Auto-Assign': 'FALSE' } };

/** A user's id (005…); a queue's is a Group's (00G…). */
export const isUserId = (id: string | null | undefined): id is string => !!id && id.startsWith('005');

/**
 * Who owns what a conversion makes: Salesforce gives accounts, contacts and opportunities to users only, so
 * a lead still in a queue needs one named. The rep the workflow knew (the lead's owner when it was made),
 * else the rep who has the lead now, else the integration's own user (whom the org lets the API act as).
 */
export const conversionOwner = (known: string, current: string | null | undefined, apiUser: string | undefined) =>
  isUserId(known) ? known : isUserId(current) ? current : isUserId(apiUser) ? apiUser : undefined;
