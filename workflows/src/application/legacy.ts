import {
  allHandlersFinished,
  condition,
  continueAsNew,
  log,
  patched,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { CrmLeadFields } from './activities';
import { checkedLead } from './crm-sync';
import { LIFECYCLE_PATCH } from './patches';
import type { ApplicationWorkflowInput } from './messages';
import { legacyCrm } from './proxies';
import type { ApplicationRun } from './run';
import { SA } from './search-attributes';

/**
 * The course of runs started before the life cycle (issue 12), exactly as they ran, kept for replay:
 * the lead, then lead changes and documents, errors only logged. At their next event such a run
 * carries everything into a new run that has the life cycle.
 */
export async function legacyJourney(run: ApplicationRun): Promise<void> {
  const { input, progress, leadChanges, documents, ops, applicationId } = run;
  upsertSearchAttributes([{ key: SA.stage, value: progress.position.pageName }]);
  const checked = await checkedLead(input.lead);
  const lead = await legacyCrm.createCrmLead(checked.fields);
  await legacyCrm.saveCrmLeadIds(checked.ids(applicationId, lead));
  progress.sfLeadId = lead.leadId;
  progress.sfLeadOwnerId = lead.ownerId;
  upsertSearchAttributes([{ key: SA.lead, value: lead.leadId }]);
  log.info('CRM lead created', { applicationId, leadId: lead.leadId });

  for (;;) {
    const documentsReady = () => documents.length > 0 && !!progress.sfOpportunityId;
    await condition(() => leadChanges.length > 0 || documentsReady() || progress.closed === true);
    // A new event after the life cycle shipped: carry everything into a run that has it.
    if (patched(LIFECYCLE_PATCH)) {
      await condition(allHandlersFinished);
      const next = run.carried(1, { ...ops, affiliateId: checked.affiliateId });
      return continueAsNew<(input: ApplicationWorkflowInput) => Promise<void>>({ ...input, carried: next });
    }
    while (documentsReady()) {
      const document = documents[0]!;
      try {
        await legacyCrm.uploadContentVersion({ opportunityId: progress.sfOpportunityId!, document });
      } catch (e) {
        log.error('CRM refused a document', { applicationId, error: (e as Error).message });
      }
      documents.shift();
    }
    if (leadChanges.length === 0) {
      if (progress.closed) break;
      continue;
    }
    const fields = Object.assign({}, ...leadChanges.splice(0)) as CrmLeadFields;
    try {
      await legacyCrm.updateCrmLead({ leadId: lead.leadId, fields });
    } catch (e) {
      log.error('CRM refused a lead update', { applicationId, error: (e as Error).message });
    }
  }
}
