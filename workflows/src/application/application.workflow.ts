import { defineSearchAttributeKey } from '@temporalio/common';
import { condition, log, proxyActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import { INITIAL_POSITION, resolveMove } from '@portal/libs';
import { NON_RETRYABLE_ERRORS, type ApplicationActivities, type CrmLeadFields } from './activities';
import {
  getProgress,
  moveStage,
  updateLead,
  type ApplicationProgress,
  type ApplicationWorkflowInput,
} from './messages';

const { checkCrmAffiliate, createCrmLead, saveCrmLeadIds, updateCrmLead } = proxyActivities<ApplicationActivities>({
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

/** A refused check (e.g. the CRM rejects the id) drops the affiliate; it never stops the application. */
async function isAcceptedAffiliate(affiliateId: string): Promise<boolean> {
  try {
    return (await checkCrmAffiliate({ affiliateId })).accepted;
  } catch (e) {
    log.warn('affiliate check refused', { error: (e as Error).message });
    return false;
  }
}

export async function applicationWorkflow(input: ApplicationWorkflowInput): Promise<void> {
  const progress: ApplicationProgress = { position: INITIAL_POSITION };
  const leadChanges: CrmLeadFields[] = [];
  setHandler(getProgress, () => ({ ...progress, pendingLeadFields: leadChanges.length }));
  setHandler(updateLead, (fields) => void leadChanges.push(fields));
  setHandler(
    moveStage,
    (move) => {
      const m = resolveMove(progress.position, move);
      if (!m.ok) throw new Error(m.error); // unreachable: the validator refused it
      progress.position = m.position;
      upsertSearchAttributes([{ key: STAGE_KEY, value: m.position.pageName }]);
      return m.position;
    },
    {
      validator: (move) => {
        const m = resolveMove(progress.position, move);
        if (!m.ok) throw new Error(m.error);
      },
    },
  );
  upsertSearchAttributes([{ key: STAGE_KEY, value: progress.position.pageName }]);

  // An affiliate id that does not check out is dropped silently (section 5).
  const { affiliateId, ...leadInput } = input.lead;
  const accepted = affiliateId ? await isAcceptedAffiliate(affiliateId) : false;
  const leadFields = accepted ? { ...leadInput, affiliateId } : leadInput;
  const lead = await createCrmLead(leadFields);
  await saveCrmLeadIds({
    applicationId: input.applicationId,
    leadId: lead.leadId,
    ownerId: lead.ownerId,
    ...(accepted ? { affiliateId } : {}),
  });
  progress.sfLeadId = lead.leadId;
  progress.sfLeadOwnerId = lead.ownerId;
  upsertSearchAttributes([{ key: LEAD_KEY, value: lead.leadId }]);
  log.info('CRM lead created', { applicationId: input.applicationId, leadId: lead.leadId });

  // The application stays open for the rest of the journey. Lead changes are merged and written in
  // arrival order, so a later save always wins over an earlier one.
  for (;;) {
    await condition(() => leadChanges.length > 0 || progress.closed === true);
    if (leadChanges.length === 0) break;
    const fields = Object.assign({}, ...leadChanges.splice(0)) as CrmLeadFields;
    try {
      await updateCrmLead({ leadId: lead.leadId, fields });
    } catch (e) {
      // Only a rejection the CRM will never accept lands here (outages are retried); the applicant's
      // data is safe in our database, so operations see it in the log and the journey goes on.
      log.error('CRM refused a lead update', { applicationId: input.applicationId, error: (e as Error).message });
    }
  }
}
