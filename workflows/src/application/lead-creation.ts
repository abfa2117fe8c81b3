import { condition, log } from '@temporalio/workflow';
import type { CrmLeadInput } from './activities';
import type { CrmTries } from './crm-tries';
import type { CrmRetry } from './messages';
import { affiliates, crm } from './proxies';
import type { ApplicationRun } from './run';

/** A refused check (e.g. the CRM rejects the id) drops the affiliate; it never stops the application. */
export async function isAcceptedAffiliate(affiliateId: string): Promise<boolean> {
  try {
    return (await affiliates.checkCrmAffiliate({ affiliateId })).accepted;
  } catch (e) {
    log.warn('affiliate check refused', { error: (e as Error).message });
    return false;
  }
}

/**
 * The lead as the CRM gets it: an affiliate id that does not check out is dropped silently (and so is not
 * kept on the application record either: createCrmLead keeps the affiliate it is given).
 */
export async function checkedLead(lead: CrmLeadInput) {
  const { affiliateId, ...leadInput } = lead;
  const accepted = affiliateId ? await isAcceptedAffiliate(affiliateId) : false;
  return {
    fields: accepted ? { ...leadInput, affiliateId } : leadInput,
    affiliateId: accepted ? affiliateId : undefined,
  };
}

/** The lead answers an operator may correct with 'retry CRM sync' (CrmRetry). */
const FIXABLE = ['firstName', 'lastName', 'email', 'phone', 'company'] as const;

/** The answers a 'retry CRM sync' corrects: the fixable ones it gives, none left blank. */
export const correction = (lead: NonNullable<CrmRetry['lead']>): Partial<CrmLeadInput> =>
  Object.fromEntries(FIXABLE.filter((k) => typeof lead[k] === 'string' && lead[k] !== '').map((k) => [k, lead[k]]));

/**
 * The lead, tried until it is created. A refusal (e.g. INVALID_EMAIL_ADDRESS) stays visible (LastError
 * with Salesforce's code, CrmSyncPending) while the lead changes wait in their queue, never sent without a
 * lead id; each 'retry CRM sync' (with a corrected lead, if given) tries again.
 */
export class LeadCreation {
  constructor(
    private readonly run: ApplicationRun,
    private readonly tries: CrmTries,
  ) {}

  /** True once the lead exists; false when the application ended with the lead never created. */
  async untilCreated(): Promise<boolean> {
    const { run, tries } = this;
    const checked = await checkedLead(run.leadInput);
    for (;;) {
      const seen = tries.retryCount;
      // The answers as they are now: an operator's correction replaces the refused ones.
      const fix = Object.fromEntries(FIXABLE.map((k) => [k, run.leadInput[k]]));
      const created = await tries.attempt('the lead', async () => {
        // Its ids are kept on the application record by the creation itself; a failed write fails the
        // call (DATABASE_UNAVAILABLE), and the next try finds the lead this one made.
        const lead = await crm.createCrmLead({ ...checked.fields, ...fix });
        run.progress.sfLeadId = lead.leadId;
        run.progress.sfLeadOwnerId = lead.ownerId;
        run.noteAffiliate(checked.affiliateId);
        log.info('CRM lead created', { applicationId: run.applicationId, leadId: lead.leadId });
      });
      tries.releasePublishing(); // the run's first search attributes, held for the lead (CrmSync.holdForLead)
      if (created) return true;
      run.crmFailed();
      run.publish();
      await condition(() => tries.retryCount !== seen || tries.closing);
      if (tries.retryCount === seen) return false;
    }
  }
}
