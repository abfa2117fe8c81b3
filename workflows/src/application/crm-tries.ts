import { condition, log } from '@temporalio/workflow';
import { outage, refusalCodes, rejected } from './failures';
import { CRM_BACKOFF_MS } from './proxies';
import type { ApplicationRun } from './run';

/** The log's words for each way a call fails. */
const SAID = {
  CRM_REJECTED: 'CRM refused',
  CRM_UNAVAILABLE: 'CRM unavailable for',
  DATABASE_UNAVAILABLE: 'application record not written after',
} as const;

/**
 * How the CRM room tries the CRM, shared by its loops (the lead, its changes and conversion, the document
 * copies): each call until the CRM answers, with the workflow's own back-off between rounds, cut short by
 * the operators' 'retry CRM sync'. The state here lasts one run: a new run starts its loops afresh.
 */
export class CrmTries {
  /** Operators' 'retry CRM sync' signals in this run: a wait for one ends when the count moves. */
  private retries = 0;
  /** The application has ended and its closing lead change is queued: the loops stop once it is written. */
  private closingQueued = false;
  /** Publishing is held (run.hold) for a call answered within this workflow task. */
  private holding = false;

  constructor(private readonly run: ApplicationRun) {}

  get retryCount(): number {
    return this.retries;
  }

  get closing(): boolean {
    return this.closingQueued;
  }

  /** retryCrmSync: waits for the back-off end now, and refused work is tried again. */
  retry(): void {
    this.retries++;
  }

  close(): void {
    this.closingQueued = true;
  }

  holdPublishing(): void {
    if (this.holding) return;
    this.holding = true;
    this.run.hold();
  }

  releasePublishing(): void {
    if (!this.holding) return;
    this.holding = false;
    this.run.release();
  }

  /**
   * A CRM call failed: shown to operators at once (LastError; CrmSyncPending for an outage). True when a
   * later try may succeed (an outage), false when the CRM refused it.
   */
  failed(what: string, e: unknown): boolean {
    this.releasePublishing();
    const type = rejected(e);
    const code = type ? 'CRM_REJECTED' : outage(e);
    log.error(`${SAID[code]} ${what}`, { applicationId: this.run.applicationId, error: (e as Error).message });
    if (type) {
      this.run.noteError(code, refusalCodes(e));
      return false;
    }
    this.run.crmFailed();
    this.run.noteError(code);
    return true;
  }

  /**
   * One CRM call, tried again after the workflow's back-off while the CRM is unavailable (visible to
   * operators as CRM_UNAVAILABLE and WaitingOnCrm), or while the id it answered cannot be kept on the
   * application record (DATABASE_UNAVAILABLE and WaitingOnCrm: the retry finds what the CRM made); false
   * when the CRM refused it (CRM_REJECTED with Salesforce's code), which no retry of the same call can fix.
   */
  async attempt(what: string, call: () => Promise<void>): Promise<boolean> {
    for (let backoff = CRM_BACKOFF_MS.first; ; backoff = Math.min(backoff * 2, CRM_BACKOFF_MS.max)) {
      try {
        await call();
        this.run.crmAnswered();
        this.run.publish();
        return true;
      } catch (e) {
        if (!this.failed(what, e)) return false;
        const seen = this.retries;
        await condition(() => this.retries !== seen, backoff);
      }
    }
  }
}
