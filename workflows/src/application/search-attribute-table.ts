/**
 * Custom search attributes with their types, registered on the Temporal namespace by the stack scripts
 * and the test set-up. None holds PII: stages, codes, ids and times. The one list: the workflow's keys
 * (search-attributes.ts), messages.ts and stack/stack.ts (which loads this file as it is: no imports here)
 * all read it.
 */
export const SEARCH_ATTRIBUTES = {
  ApplicationStage: 'Keyword',
  ApplicationStep: 'Int',
  ApplicationStatus: 'Keyword',
  Country: 'Keyword',
  AffiliateId: 'Keyword',
  StalledSince: 'Datetime',
  CrmSyncPending: 'Bool',
  LastError: 'Keyword',
  CrmLeadId: 'Keyword',
} as const;

/** The SDK's name for each type (defineSearchAttributeKey, the operator service's IndexedValueType). */
export const SEARCH_ATTRIBUTE_KINDS = { Keyword: 'KEYWORD', Int: 'INT', Bool: 'BOOL', Datetime: 'DATETIME' } as const;
