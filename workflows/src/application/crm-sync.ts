import { ActivityFailure, ApplicationFailure } from '@temporalio/common';
import { condition, log, workflowInfo } from '@temporalio/workflow';
import {
  LEAD_CLOSED_FIELDS,
  NON_RETRYABLE_ERRORS,
  type CrmLeadFields,
  type CrmLeadInput,
  type CrmLeadResult,
  type StoredDocument,
} from './activities';
import { countryOf, type ApplicationEnd } from './lifecycle';
import type { CrmRetry, LeadHandover } from './messages';
import { CRM_BACKOFF_MS, documentCopies, legacyCrm } from './proxies';
import type { ApplicationRun } from './run';

/** A refused check (e.g. the CRM rejects the id) drops the affiliate; it never stops the application. */
export async function isAcceptedAffiliate(affiliateId: string): Promise<boolean> {
  try {
    return (await legacyCrm.checkCrmAffiliate({ affiliateId })).accepted;
  } catch (e) {
    log.warn('affiliate check refused', { error: (e as Error).message });
    return false;
  }
}

/**
 * The lead as the CRM gets it: an affiliate id that does not check out is dropped silently (section 5).
 * `ids` is the record of the lead's ids that the application keeps, with the affiliate when accepted.
 */
export async function checkedLead(lead: CrmLeadInput) {
  const { affiliateId, ...leadInput } = lead;
  const accepted = affiliateId ? await isAcceptedAffiliate(affiliateId) : false;
  return {
    fields: accepted ? { ...leadInput, affiliateId } : leadInput,
    affiliateId: accepted ? affiliateId : undefined,
    ids: (applicationId: string, created: CrmLeadResult) => ({
      applicationId,
      leadId: created.leadId,
      ownerId: created.ownerId,
      ...(accepted ? { affiliateId } : {}),
    }),
  };
}

/**
 * What an activity call failed with: an activity task's failure comes wrapped in an ActivityFailure, a
 * local activity's (issue 26) as it was thrown.
 */
export const failureOf = (e: unknown): unknown => (e instanceof ActivityFailure ? e.cause : e);

/** The failure's type when a retry cannot help (the CRM refused), else null (an outage). */
export const rejected = (e: unknown): string | null => {
  const cause = failureOf(e);
  if (!(cause instanceof ApplicationFailure)) return null;
  const listed = (NON_RETRYABLE_ERRORS as readonly string[]).includes(cause.type ?? '');
  return listed || cause.nonRetryable ? (cause.type ?? 'Error') : null;
};

/**
 * Salesforce's code(s) of a refusal ('INVALID_EMAIL_ADDRESS'), from the rejection's details (the worker's
 * CrmRejectedError) or, failing that, the codes its message names. Codes only: never a value.
 */
export const refusalCodes = (e: unknown): string | undefined => {
  const cause = failureOf(e);
  if (!(cause instanceof ApplicationFailure)) return undefined;
  const detail = (cause.details?.[0] ?? undefined) as { code?: unknown } | undefined;
  if (typeof detail?.code === 'string' && detail.code) return detail.code;
  const codes = cause.message.slice(cause.message.indexOf(':') + 1).match(/\b[A-Z][A-Z0-9_]{2,}\b/g);
  return codes ? [...new Set(codes)].join(',') : (cause.type ?? undefined);
};

/** The lead answers an operator may correct with 'retry CRM sync' (CrmRetry). */
const FIXABLE = ['firstName', 'lastName', 'email', 'phone', 'company'] as const;

/**
 * The CRM sync room: the lead, then lead changes (merged, in arrival order) and document copies, each
 * tried until the CRM answers, with the workflow's own back-off between rounds (cut short by the
 * operators' 'retry CRM sync'). Runs until the application ends and its last changes are written.
 */
export function crmSyncRoom(run: ApplicationRun) {
  const { progress, leadChanges, documents, ops, applicationId, crm } = run;
  /** Operators' 'retry CRM sync' signals so far: a wait ends when one more comes. */
  let retries = 0;
  let lastChangesQueued = false; // the end's own lead change is in the queue: sync may stop when it is empty
  let done: Promise<unknown> | undefined;
  // Issue 24: copies on the documents task queue, in their own loop; a refused conversion waits for a retry.
  const copies = run.survivesRefusals ? documentCopies(workflowInfo().taskQueue) : crm;
  let leadUpdatesDone = false;
  let conversionRefusedAt: number | undefined;

  /**
   * Issue 26: publishing is held (run.hold) from a lead change's arrival until the lead-update loop, idle
   * and so writing it in the same workflow task, has written it or been refused (releaseWrite).
   */
  let loopIdle = false;
  let heldForWrite = false;
  const holdForWrite = () => {
    if (heldForWrite || !run.localCalls || !loopIdle || !progress.sfLeadId || ops.crmFailing) return;
    heldForWrite = true;
    run.hold();
  };
  const releaseWrite = () => {
    if (!heldForWrite) return;
    heldForWrite = false;
    run.release();
  };

  /** One CRM call, tried again after the workflow's back-off until it succeeds; false when refused. */
  async function withCrm(what: string, call: () => Promise<void>): Promise<boolean> {
    for (let backoff = CRM_BACKOFF_MS.first; ; backoff = Math.min(backoff * 2, CRM_BACKOFF_MS.max)) {
      try {
        await call();
        if (ops.crmFailing) {
          ops.crmFailing = false;
          if (ops.lastError?.code.startsWith('CRM_')) delete ops.lastError;
        }
        run.publish();
        return true;
      } catch (e) {
        releaseWrite(); // a failure shows at once
        const type = rejected(e);
        log.error(`CRM ${type ? 'refused' : 'unavailable for'} ${what}`, {
          applicationId,
          error: (e as Error).message,
        });
        if (type) {
          run.noteError('CRM_REJECTED', run.survivesRefusals ? refusalCodes(e) : undefined);
          return false;
        }
        ops.crmFailing = true;
        run.noteError('CRM_UNAVAILABLE');
        const seen = retries;
        await condition(() => retries !== seen, backoff);
      }
    }
  }

  async function createLead() {
    const checked = await checkedLead(run.input.lead);
    await withCrm('the lead', async () => {
      const lead = await crm.createCrmLead(checked.fields);
      await run.records.saveCrmLeadIds(checked.ids(applicationId, lead));
      progress.sfLeadId = lead.leadId;
      progress.sfLeadOwnerId = lead.ownerId;
      if (checked.affiliateId) ops.affiliateId = checked.affiliateId;
      log.info('CRM lead created', { applicationId, leadId: lead.leadId });
    });
  }

  /**
   * Issue 24: the lead, tried until it is created. A refusal (e.g. INVALID_EMAIL_ADDRESS) stays visible
   * (LastError with Salesforce's code, CrmSyncPending) while the lead changes wait in their queue, never
   * sent without a lead id; each 'retry CRM sync' (with a corrected lead, if given) tries again. False
   * when the application ended with the lead never created.
   */
  async function leadUntilCreated(): Promise<boolean> {
    const checked = await checkedLead(run.input.lead);
    for (;;) {
      const seen = retries;
      const fix = Object.fromEntries(FIXABLE.map((k) => [k, run.input.lead[k]]));
      const created = await withCrm('the lead', async () => {
        const lead = await crm.createCrmLead({ ...checked.fields, ...fix });
        await run.records.saveCrmLeadIds(checked.ids(applicationId, lead));
        progress.sfLeadId = lead.leadId;
        progress.sfLeadOwnerId = lead.ownerId;
        if (checked.affiliateId) ops.affiliateId = checked.affiliateId;
        log.info('CRM lead created', { applicationId, leadId: lead.leadId });
      });
      releaseWrite(); // the run's first search attributes, held for the lead (start)
      if (created) return true;
      ops.crmFailing = true;
      run.publish();
      await condition(() => retries !== seen || lastChangesQueued);
      if (retries === seen) return false;
    }
  }

  /** A conversion owed (statements submitted meanwhile), not refused since the last retry, not under way. */
  const conversionDue = () => run.conversionOwed() && !run.converting && conversionRefusedAt !== retries;

  /** Issue 24: the lead converted here when the statements could not wait for it. */
  async function convert() {
    const seen = retries;
    const converted = await withCrm('the conversion', async () => {
      const { opportunityId } = await crm.convertCrmLead({
        leadId: progress.sfLeadId!,
        ownerId: progress.sfLeadOwnerId ?? '',
        applicationId,
      });
      await run.records.saveOpportunityId({ applicationId, opportunityId });
      progress.sfOpportunityId = opportunityId;
      log.info('CRM lead converted', { applicationId });
    });
    if (!converted) {
      conversionRefusedAt = seen;
      ops.crmFailing = true;
      run.publish();
    }
  }

  /** Issue 24: lead changes (and an owed conversion) in one loop, once the lead exists. */
  async function leadUpdates() {
    try {
      if (!progress.sfLeadId && !(await leadUntilCreated())) return;
      for (;;) {
        loopIdle = true;
        await condition(() => leadChanges.length > 0 || conversionDue() || lastChangesQueued);
        loopIdle = false;
        // Lead changes first: a converted lead takes none.
        if (leadChanges.length > 0) {
          const count = leadChanges.length;
          const fields = Object.assign({}, ...leadChanges.slice(0, count)) as CrmLeadFields;
          await withCrm('a lead update', () => crm.updateCrmLead({ leadId: progress.sfLeadId!, fields }));
          leadChanges.splice(0, count);
          run.publish();
          releaseWrite();
        }
        releaseWrite(); // held for a change that a conversion or the end took first
        if (conversionDue() && leadChanges.length === 0) await convert();
        if (lastChangesQueued && leadChanges.length === 0 && !conversionDue()) return;
      }
    } finally {
      leadUpdatesDone = true;
    }
  }

  /** Issue 24: the document copies in their own loop, on their own task queue, once there is an opportunity. */
  async function documentCopyLoop() {
    const ready = () => documents.length > 0 && !!progress.sfOpportunityId;
    for (;;) {
      await condition(() => ready() || (lastChangesQueued && leadUpdatesDone));
      if (!ready()) return;
      await withCrm('a document', async () => {
        try {
          await copies.uploadContentVersion({ opportunityId: progress.sfOpportunityId!, document: documents[0]! });
        } catch (e) {
          // Never shown to the applicant (section 8): the document is safe in S3; operations see this.
          if (!rejected(e)) throw e;
          log.error('CRM refused a document', { applicationId, error: (e as Error).message });
          run.noteError('DOCUMENT_REFUSED', refusalCodes(e));
        }
      });
      run.copiedFiles.add(documents.shift()!.fileId);
      run.publish();
    }
  }

  async function sync() {
    if (!progress.sfLeadId) await createLead();
    const documentsReady = () => documents.length > 0 && !!progress.sfOpportunityId;
    for (;;) {
      await condition(() => leadChanges.length > 0 || documentsReady() || lastChangesQueued);
      while (documentsReady()) {
        await withCrm('a document', async () => {
          try {
            await crm.uploadContentVersion({ opportunityId: progress.sfOpportunityId!, document: documents[0]! });
          } catch (e) {
            // Never shown to the applicant (section 8): the document is safe in S3; operations see this.
            if (!rejected(e)) throw e;
            log.error('CRM refused a document', { applicationId, error: (e as Error).message });
            run.noteError('DOCUMENT_REFUSED');
          }
        });
        run.copiedFiles.add(documents.shift()!.fileId);
      }
      if (leadChanges.length > 0) {
        // Removed only once written, so a run that continues as new meanwhile carries them on.
        const count = leadChanges.length;
        const fields = Object.assign({}, ...leadChanges.slice(0, count)) as CrmLeadFields;
        // A rejection the CRM will never accept: the applicant's data is safe in our database.
        await withCrm('a lead update', () => crm.updateCrmLead({ leadId: progress.sfLeadId!, fields }));
        leadChanges.splice(0, count);
        run.publish();
      }
      if (lastChangesQueued && leadChanges.length === 0 && !documentsReady()) return;
    }
  }

  return {
    /**
     * Issue 26: the run's first search attributes wait for its lead's first try (a local call in the same
     * workflow task), so they go in one upsert with CrmLeadId rather than two.
     */
    holdForLead() {
      if (!run.localCalls || progress.sfLeadId || heldForWrite) return;
      heldForWrite = true;
      run.hold();
    },
    start() {
      done = run.survivesRefusals ? Promise.all([leadUpdates(), documentCopyLoop()]) : sync();
    },
    /** The application has ended: queue its closing lead change, if any, and wait for the CRM to catch up. */
    async finish(ended: ApplicationEnd) {
      if (ended !== 'Submitted') leadChanges.push({ ...LEAD_CLOSED_FIELDS[ended] });
      lastChangesQueued = true;
      await done;
    },

    /**
     * updateLead, or a stage move's `lead` (issue 26): the applicant saved something the lead mirrors. A
     * hand-over older than one already taken is dropped (the newer one holds its changes too).
     */
    onLeadChange({ leadSeq, ...fields }: LeadHandover) {
      if (leadSeq !== undefined) {
        if (leadSeq <= run.leadSeq) return;
        run.leadSeq = leadSeq;
      }
      leadChanges.push(fields);
      if (!run.lifecycle) return;
      holdForWrite();
      ops.country = countryOf(fields) ?? ops.country;
      run.touch();
    },

    /**
     * documentUploaded: once per file. The api tells it again when a repeat of an upload finds its file
     * already stored, since the api that stored it may have died before telling.
     */
    onDocument(d: StoredDocument) {
      if (documents.some((x) => x.fileId === d.fileId)) return;
      documents.push(d);
      if (run.lifecycle) run.touch();
    },

    /**
     * retryCrmSync (operators): try the CRM now instead of waiting out the back-off, and try again what it
     * refused; a corrected lead replaces the refused answers while the lead is not created yet.
     */
    retryNow(retry?: CrmRetry) {
      if (run.survivesRefusals && retry?.lead && !progress.sfLeadId) {
        const fix = Object.fromEntries(
          FIXABLE.filter((k) => typeof retry.lead![k] === 'string' && retry.lead![k] !== '').map((k) => [
            k,
            retry.lead![k],
          ]),
        );
        // Carried by continue-as-new with the input, so the next run creates the lead with it too.
        run.input.lead = { ...run.input.lead, ...fix };
      }
      retries++;
    },
  };
}
