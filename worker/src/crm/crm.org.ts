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
