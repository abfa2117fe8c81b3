import { defineSearchAttributeKey } from '@temporalio/common';
import { condition, log, proxyActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import { INITIAL_POSITION } from '@portal/libs';
import { NON_RETRYABLE_ERRORS, type ApplicationActivities } from './activities';
import { getProgress, type ApplicationProgress, type ApplicationWorkflowInput } from './messages';

const { createCrmLead, saveCrmLeadIds } = proxyActivities<ApplicationActivities>({
  startToCloseTimeout: '30 seconds',
  // The CRM may be down for a while; the applicant never waits on it, so keep trying with back-off.
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    nonRetryableErrorTypes: [...NON_RETRYABLE_ERRORS],
  },
});

const STAGE_KEY = defineSearchAttributeKey('ApplicationStage', 'KEYWORD');
const LEAD_KEY = defineSearchAttributeKey('CrmLeadId', 'KEYWORD');

export async function applicationWorkflow(input: ApplicationWorkflowInput): Promise<void> {
  const progress: ApplicationProgress = { position: INITIAL_POSITION };
  setHandler(getProgress, () => progress);
  upsertSearchAttributes([{ key: STAGE_KEY, value: progress.position.pageName }]);

  const lead = await createCrmLead(input.lead);
  await saveCrmLeadIds({ applicationId: input.applicationId, leadId: lead.leadId, ownerId: lead.ownerId });
  progress.sfLeadId = lead.leadId;
  progress.sfLeadOwnerId = lead.ownerId;
  upsertSearchAttributes([{ key: LEAD_KEY, value: lead.leadId }]);
  log.info('CRM lead created', { applicationId: input.applicationId, leadId: lead.leadId });

  // The application stays open for the rest of the journey; later stages drive it through updates.
  await condition(() => progress.closed === true);
}
