import { defineSearchAttributeKey } from '@temporalio/common';
import { SEARCH_ATTRIBUTE_KINDS, SEARCH_ATTRIBUTES } from './search-attribute-table';

// The typed keys of the one search-attribute list, for the workflow and for the specs that read what it
// published (no @temporalio/workflow here, so a spec can import it outside a workflow).

/** A key of SEARCH_ATTRIBUTES with its type, for the workflow. */
const key = <N extends keyof typeof SEARCH_ATTRIBUTES>(name: N) =>
  defineSearchAttributeKey(name, SEARCH_ATTRIBUTE_KINDS[SEARCH_ATTRIBUTES[name]]);

/** The keys of SEARCH_ATTRIBUTES (search-attribute-table.ts), typed for the workflow. */
export const SA = {
  stage: key('ApplicationStage'),
  step: key('ApplicationStep'),
  status: key('ApplicationStatus'),
  country: key('Country'),
  affiliate: key('AffiliateId'),
  stalledSince: key('StalledSince'),
  crmSyncPending: key('CrmSyncPending'),
  lastError: key('LastError'),
  lead: key('CrmLeadId'),
} as const;
