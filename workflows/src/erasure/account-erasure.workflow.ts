import { log, proxyActivities, startChild } from '@temporalio/workflow';
import { retentionWorkflowId, type ErasureActivities, type ErasureOutcome } from './activities';
import { retentionWorkflow } from './retention.workflow';

/**
 * Deleting an account, off the request path: each step is idempotent and retried until it is done (a
 * worker or api restart resumes where it was). The application's workflow ends first, so nothing writes
 * while its traces go; the records that the plan reads go last.
 */
const a = proxyActivities<ErasureActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

export async function accountErasureWorkflow(input: { userId: string }): Promise<ErasureOutcome> {
  const plan = await a.planErasure({ userId: input.userId });
  let lead: ErasureOutcome['lead'] = 'none';
  let objectsDeleted = 0;
  let boxItemsDeleted = 0;
  if (plan.applicationId) {
    await a.closeApplicationWorkflow({ applicationId: plan.applicationId });
    lead = await a.eraseCrmLead(plan);
    objectsDeleted = await a.eraseDocuments(plan);
    // Before the records go: they hold the ids of the sign requests Box made.
    boxItemsDeleted = await a.eraseSigningCopies(plan);
    await a.eraseApplicationKey({ applicationId: plan.applicationId });
  }
  const recordsDeleted = await a.eraseRecords(plan);
  // The kept records' end, on a timer of its own that outlives this run.
  if (plan.submitted && plan.applicationId && plan.keepUntil)
    await startChild(retentionWorkflow, {
      workflowId: retentionWorkflowId(plan.applicationId),
      args: [plan],
      parentClosePolicy: 'ABANDON',
    });
  // Ids and counts only: operators see that it ran and what it did, never whose data it was.
  log.info('account erased', {
    userId: plan.userId,
    applicationId: plan.applicationId,
    lead,
    objectsDeleted,
    boxItemsDeleted,
    recordsDeleted,
  });
  return {
    applicationId: plan.applicationId,
    submitted: plan.submitted,
    keepUntil: plan.keepUntil,
    lead,
    objectsDeleted,
    boxItemsDeleted,
    recordsDeleted,
  };
}
