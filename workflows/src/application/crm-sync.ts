import { condition, log } from '@temporalio/workflow';
import { LEAD_CLOSED_FIELDS, type StoredDocument } from './activities';
import { CrmTries } from './crm-tries';
import { DocumentCopies } from './document-copies';
import { outage, refusalCodes, rejected } from './failures';
import { LeadCreation, correction } from './lead-creation';
import type { ApplicationEnd } from './lifecycle';
import type { CrmRetry, LeadHandover } from './messages';
import { conversionWaited, crm } from './proxies';
import type { ApplicationRun } from './run';

/**
 * The CRM sync room. Two loops run beside the journey until the application ends and the CRM has caught
 * up: the lead loop here (the lead, then its changes merged in arrival order, and a conversion the
 * statements could not wait for) and the document copies (document-copies.ts). Neither holds the
 * applicant up: what the CRM has not taken yet waits in the run's queues, which continue-as-new carries.
 */
export class CrmSync {
  private readonly tries: CrmTries;
  private readonly lead: LeadCreation;
  private readonly copies: DocumentCopies;
  /** The lead loop waits for work: a lead change arriving now is written within this workflow task. */
  private loopIdle = false;
  private leadLoopDone = false;
  /** The statements' own conversion is under way: the lead loop waits rather than convert beside it. */
  private converting = false;
  /** The retry count when a conversion was last refused: it is tried again only after a later retry. */
  private conversionRefusedAt: number | undefined;
  /** Both loops, awaited once the application has ended. */
  private loops: Promise<unknown> | undefined;

  constructor(private readonly run: ApplicationRun) {
    this.tries = new CrmTries(run);
    this.lead = new LeadCreation(run, this.tries);
    this.copies = new DocumentCopies(run, this.tries, () => this.leadLoopDone);
  }

  /**
   * The run's first search attributes wait for its lead's first try (a local call in the same workflow
   * task), so they go in one upsert with CrmLeadId rather than two.
   */
  holdForLead(): void {
    if (!this.run.progress.sfLeadId) this.tries.holdPublishing();
  }

  start(): void {
    this.loops = Promise.all([this.leadLoop(), this.copies.copyAll()]);
  }

  /** The application has ended: queue its closing lead change, if any, and wait for the CRM to catch up. */
  async finish(ended: ApplicationEnd): Promise<void> {
    if (ended !== 'Submitted') this.run.takeLeadChange({ ...LEAD_CLOSED_FIELDS[ended] });
    this.tries.close();
    await this.loops;
  }

  /** updateLead, or a stage move's `lead`: the applicant saved something the lead mirrors. */
  onLeadChange({ leadSeq, ...fields }: LeadHandover): void {
    if (!this.run.takeLeadChange(fields, leadSeq)) return;
    // Publishing waits while the idle loop writes the change in this workflow task, so CrmSyncPending
    // does not flip to true and back; a failing write shows it after the call's own tries.
    if (this.loopIdle && this.run.progress.sfLeadId && !this.run.operationsState.crmFailing)
      this.tries.holdPublishing();
    this.run.touch();
  }

  /** documentUploaded: the api tells again when a repeated upload finds its file already stored. */
  onDocument(d: StoredDocument): void {
    if (this.run.takeDocument(d)) this.run.touch();
  }

  /** submitApplication: the sync loop leaves the documents waiting to its own copy until `release`. */
  holdDocuments(): () => void {
    return this.copies.hold();
  }

  /** submitApplication: the documents it carried copied to the opportunity before it is submitted. */
  copyDocumentsNow(): Promise<void> {
    return this.copies.copyNow();
  }

  /**
   * retryCrmSync (operators): try the CRM now instead of waiting out the back-off, and try again what it
   * refused; a corrected lead replaces the refused answers while the lead is not created yet.
   */
  retryNow(retry?: CrmRetry): void {
    if (retry?.lead && !this.run.progress.sfLeadId) this.run.correctLead(correction(retry.lead));
    this.tries.retry();
  }

  /**
   * submitStatements: the statements move the journey on whatever the CRM answers. The lead is converted
   * now when it can be; when it is not there yet, or its conversion failed or was refused (shown to
   * operators), the lead loop converts it later and the documents follow.
   */
  async convertForStatements(): Promise<void> {
    const { run } = this;
    const { progress, applicationId } = run;
    progress.statementsSubmitted = true;
    if (progress.sfOpportunityId || !progress.sfLeadId || this.converting) return run.publish();
    this.converting = true;
    try {
      // The opportunity's id is kept on the application record by the conversion itself.
      const { opportunityId } = await conversionWaited.convertCrmLead({
        leadId: progress.sfLeadId,
        ownerId: progress.sfLeadOwnerId ?? '',
        applicationId,
      });
      progress.sfOpportunityId = opportunityId;
    } catch (e) {
      const refused = rejected(e);
      log.error(`conversion ${refused ? 'refused' : 'failed for now'}`, { applicationId, error: (e as Error).message });
      run.crmFailed();
      if (refused) run.noteError('CRM_REJECTED', refusalCodes(e));
      else run.noteError(outage(e));
    } finally {
      this.converting = false;
    }
    run.publish();
  }

  /** The lead, then its changes and an owed conversion, until the application ends and all is written. */
  private async leadLoop(): Promise<void> {
    const { run, tries } = this;
    try {
      if (!run.progress.sfLeadId && !(await this.lead.untilCreated())) return;
      for (;;) {
        this.loopIdle = true;
        await condition(() => run.pendingLeadChanges > 0 || this.conversionDue() || tries.closing);
        this.loopIdle = false;
        // Lead changes first: a converted lead takes none.
        if (run.pendingLeadChanges > 0) await this.writeLeadChanges();
        tries.releasePublishing(); // held for a change that a conversion or the end took first
        if (this.conversionDue() && run.pendingLeadChanges === 0) await this.convert();
        if (tries.closing && run.pendingLeadChanges === 0 && !this.conversionDue()) return;
      }
    } finally {
      this.leadLoopDone = true;
    }
  }

  /** The queued changes in one update; a refusal drops them (the applicant's data is safe in our database). */
  private async writeLeadChanges(): Promise<void> {
    const { run } = this;
    const { fields, count } = run.leadChangesToWrite();
    await this.tries.attempt('a lead update', () => crm.updateCrmLead({ leadId: run.progress.sfLeadId!, fields }));
    run.leadChangesWritten(count);
    run.publish();
    this.tries.releasePublishing();
  }

  /** A conversion owed (statements submitted meanwhile), not refused since the last retry, not under way. */
  private conversionDue(): boolean {
    return this.run.conversionOwed() && !this.converting && this.conversionRefusedAt !== this.tries.retryCount;
  }

  /** The lead converted here when the statements could not wait for it. */
  private async convert(): Promise<void> {
    const { run } = this;
    const { progress, applicationId } = run;
    const seen = this.tries.retryCount;
    const converted = await this.tries.attempt('the conversion', async () => {
      const { opportunityId } = await crm.convertCrmLead({
        leadId: progress.sfLeadId!,
        ownerId: progress.sfLeadOwnerId ?? '',
        applicationId,
      });
      progress.sfOpportunityId = opportunityId;
      log.info('CRM lead converted', { applicationId });
    });
    if (converted) return;
    this.conversionRefusedAt = seen;
    run.crmFailed();
    run.publish();
  }
}
