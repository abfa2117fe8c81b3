import {
  proxyActivities,
  proxyLocalActivities,
  type ActivityOptions,
  type LocalActivityOptions,
} from '@temporalio/workflow';
import { NON_RETRYABLE_ERRORS, documentTaskQueue, type ApplicationActivities } from './activities';

/**
 * Every activity the application workflow calls, with its timeouts and retries set once, here. The
 * workflow imports activity types only; the worker implements them (worker/src/worker.ts).
 */
const nonRetryableErrorTypes = [...NON_RETRYABLE_ERRORS];

/**
 * Runs started before the life cycle (legacy.ts): the CRM may be down for a while and the applicant never
 * waits on it, so these keep trying with back-off.
 */
export const legacyCrm = proxyActivities<ApplicationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes', nonRetryableErrorTypes },
});

/**
 * The life cycle's CRM calls: a few tries inside the activity, then the workflow notes the failure for
 * operators (LastError, CrmSyncPending) and waits out its own back-off (CRM_BACKOFF_MS), which the
 * operators' 'retry CRM sync' cuts short.
 */
const CRM_OPTIONS: ActivityOptions & LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '10 seconds',
    maximumAttempts: 5,
    nonRetryableErrorTypes,
  },
};
export const crm = proxyActivities<ApplicationActivities>(CRM_OPTIONS);

/**
 * The document copies (uploadContentVersion) of runs with issue 24's patch: on the documents task queue
 * beside the application's own (the worker polls both), so a slow or stuck copy never takes a slot a
 * lead update needs. Made in the run, which knows its task queue.
 */
export const documentCopies = (taskQueue: string) =>
  proxyActivities<Pick<ApplicationActivities, 'uploadContentVersion'>>({
    ...CRM_OPTIONS,
    taskQueue: documentTaskQueue(taskQueue),
  });

/** The workflow's own back-off between rounds of CRM tries: 30 s, doubling, at most 30 minutes. */
export const CRM_BACKOFF_MS = { first: 30_000, max: 30 * 60_000 };

/** The applicant waits on these: a few quick tries, then the page says so and offers to try again. */
const WAITED_OPTIONS: ActivityOptions & LocalActivityOptions = {
  startToCloseTimeout: '60 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 3, nonRetryableErrorTypes },
};
export const waited = proxyActivities<ApplicationActivities>(WAITED_OPTIONS);

/**
 * The journey's calls (issue 26): with the same options, local activities in runs with LOCAL_CALLS_PATCH
 * (run by the worker inside the workflow task that asks: no activity task and no further workflow task),
 * remote ones in runs started before it.
 */
export type JourneyCalls = { crm: ApplicationActivities; waited: ApplicationActivities };
const localCalls: JourneyCalls = {
  crm: proxyLocalActivities<ApplicationActivities>(CRM_OPTIONS),
  waited: proxyLocalActivities<ApplicationActivities>(WAITED_OPTIONS),
};
export const journeyCalls = (local: boolean): JourneyCalls => (local ? localCalls : { crm, waited });

// The record writes run by the worker inside the workflow task (issue 14). The lead's ids are retried like
// the remote activity they replace (without end); the others fail the applicant's update after a few tries.
const localLeadIds = proxyLocalActivities<ApplicationActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});
const localRecords = proxyLocalActivities<ApplicationActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 3 },
});

export type RecordWriters = Pick<ApplicationActivities, 'saveCrmLeadIds' | 'saveOpportunityId' | 'saveSignatureId'>;

/**
 * The record writes of a run: local activities in runs with the fewer-round-trips patch, remote ones
 * (each an activity task plus one more workflow task) in runs recorded before it.
 */
export const recordWriters = (fewerRoundTrips: boolean): RecordWriters =>
  fewerRoundTrips
    ? {
        saveCrmLeadIds: localLeadIds.saveCrmLeadIds,
        saveOpportunityId: localRecords.saveOpportunityId,
        saveSignatureId: localRecords.saveSignatureId,
      }
    : {
        saveCrmLeadIds: legacyCrm.saveCrmLeadIds,
        saveOpportunityId: waited.saveOpportunityId,
        saveSignatureId: legacyCrm.saveSignatureId,
      };
