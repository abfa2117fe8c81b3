import { condition, log, workflowInfo } from '@temporalio/workflow';
import type { CrmTries } from './crm-tries';
import { refusalCodes, rejected } from './failures';
import type { StoredDocument } from './activities';
import { documentCopies, documentCopiesWaited } from './proxies';
import type { ApplicationRun } from './run';

/**
 * The document copies to the opportunity, in their own loop on their own task queue, so a failing or slow
 * copy never holds back a lead update. Each waits for the opportunity; a copy the CRM refuses is shown to
 * operators (DOCUMENT_REFUSED) and never to the applicant: the document is safe in S3. The final submission
 * asks for a round of its own (copyNow), so the documents it carries are on the opportunity when it is
 * submitted; one round is under way at a time, whoever asked, so no document is copied twice.
 */
export class DocumentCopies {
  /** The round under way: the loop and the submission join it rather than copy beside it. */
  private copying: Promise<void> | undefined;
  /** Final submissions on their way to their own copy (copyNow): the loop leaves the documents to them. */
  private held = 0;

  constructor(
    private readonly run: ApplicationRun,
    private readonly tries: CrmTries,
    /** The lead loop has stopped: with the application closing, nothing more will come to copy. */
    private readonly leadLoopDone: () => boolean,
  ) {}

  /** The loop leaves the waiting documents alone until the answer is called (once). */
  hold(): () => void {
    this.held++;
    let released = false;
    return () => {
      if (!released) this.held--;
      released = true;
    };
  }

  private ready(): boolean {
    return this.run.pendingDocuments > 0 && !!this.run.progress.sfOpportunityId;
  }

  /**
   * Copies the documents as they come, all those waiting in one activity (the statements submitted
   * together are one task, not one each), until the application has ended and the lead loop is done.
   */
  async copyAll(): Promise<void> {
    for (;;) {
      await condition(() => (this.ready() && !this.held) || (this.tries.closing && this.leadLoopDone()));
      if (!this.ready()) return;
      await this.tries.attempt('documents', () => this.round());
    }
  }

  /**
   * The final submission's copy: what waits now is copied before the opportunity is submitted (a sales rep
   * opens it with its documents). A refusal is noted as the loop notes it (DOCUMENT_REFUSED, the submission
   * goes on); an outage is shown to operators at once (CRM_UNAVAILABLE) and the submission goes on without
   * waiting for the CRM: the documents stay queued, and the loop copies them once the submission lets go.
   */
  async copyNow(): Promise<void> {
    try {
      // A round already under way may have started before these documents came: then one more, local.
      while (this.ready()) await this.round(true);
    } catch (e) {
      this.tries.failed('documents, before the submission (the copies follow)', e);
    }
  }

  /**
   * The documents waiting now, in one copy (`waited`: a local activity, for the submission that waits on it);
   * the round under way, if there is one. Throws in an outage.
   */
  private round(waited = false): Promise<void> {
    this.copying ??= this.copyWaiting(waited).finally(() => {
      this.copying = undefined;
    });
    return this.copying;
  }

  private async copyWaiting(waited: boolean): Promise<void> {
    const documents = this.run.waitingDocuments;
    if (!documents.length) return;
    await this.copy(documents, waited);
    this.run.documentsCopied(documents.length);
    this.run.publish();
  }

  private async copy(documents: StoredDocument[], waited: boolean): Promise<void> {
    const { run } = this;
    let refused: { fileId: string; code: string }[];
    try {
      const copies = waited
        ? documentCopiesWaited(documents.length)
        : documentCopies(workflowInfo().taskQueue, documents.length);
      ({ refused } = await copies.uploadContentVersions({
        opportunityId: run.progress.sfOpportunityId!,
        documents,
      }));
    } catch (e) {
      if (!rejected(e)) throw e; // an outage: tried again after the back-off
      log.error('CRM refused the documents', { applicationId: run.applicationId, error: (e as Error).message });
      return run.noteError('DOCUMENT_REFUSED', refusalCodes(e));
    }
    for (const r of refused)
      log.error('CRM refused a document', { applicationId: run.applicationId, fileId: r.fileId });
    if (refused.length) run.noteError('DOCUMENT_REFUSED', [...new Set(refused.map((r) => r.code))].join(','));
  }
}
