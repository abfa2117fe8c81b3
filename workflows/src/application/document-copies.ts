import { condition, log, workflowInfo } from '@temporalio/workflow';
import type { CrmTries } from './crm-tries';
import { refusalCodes, rejected } from './failures';
import { documentCopies } from './proxies';
import type { ApplicationRun } from './run';

/**
 * The document copies to the opportunity, in their own loop on their own task queue, so a failing or slow
 * copy never holds back a lead update. Each waits for the opportunity; a copy the CRM refuses is shown to
 * operators (DOCUMENT_REFUSED) and never to the applicant: the document is safe in S3.
 */
export class DocumentCopies {
  private readonly copies = documentCopies(workflowInfo().taskQueue);

  constructor(
    private readonly run: ApplicationRun,
    private readonly tries: CrmTries,
    /** The lead loop has stopped: with the application closing, nothing more will come to copy. */
    private readonly leadLoopDone: () => boolean,
  ) {}

  private ready(): boolean {
    return this.run.pendingDocuments > 0 && !!this.run.progress.sfOpportunityId;
  }

  /** Copies every document as it comes, until the application has ended and the lead loop is done. */
  async copyAll(): Promise<void> {
    for (;;) {
      await condition(() => this.ready() || (this.tries.closing && this.leadLoopDone()));
      if (!this.ready()) return;
      await this.tries.attempt('a document', () => this.copyNext());
      this.run.documentCopied();
      this.run.publish();
    }
  }

  private async copyNext(): Promise<void> {
    const { run } = this;
    try {
      await this.copies.uploadContentVersion({
        opportunityId: run.progress.sfOpportunityId!,
        document: run.nextDocument!,
      });
    } catch (e) {
      if (!rejected(e)) throw e; // an outage: tried again after the back-off
      log.error('CRM refused a document', { applicationId: run.applicationId, error: (e as Error).message });
      run.noteError('DOCUMENT_REFUSED', refusalCodes(e));
    }
  }
}
