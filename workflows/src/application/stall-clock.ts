import { log, sleep } from '@temporalio/workflow';
import { mailRefused } from './failures';
import { nextStallStep, type StallStep } from './lifecycle';
import { waited } from './proxies';
import type { ApplicationRun } from './run';

/**
 * The stall clock: reminder emails after idle time, then abandonment (timings in lifecycle.ts). Its state
 * is the run's (the last progress and the reminders sent, carried). A timer that fires after progress
 * moved the clock sleeps on to the new time, so progress never cancels or starts a timer.
 */
export class StallClock {
  constructor(private readonly run: ApplicationRun) {}

  /** Runs until the application ends (or the run continues as new and the next run's clock takes over). */
  async keep(): Promise<void> {
    for (;;) {
      const step = nextStallStep(this.run.operationsState, this.run.timing);
      if (!step) return;
      const wait = step.at - Date.now();
      if (wait > 0) {
        await sleep(wait);
        continue; // progress may have moved the clock meanwhile
      }
      if (step.action === 'abandon') {
        log.info('application abandoned', { applicationId: this.run.applicationId });
        return this.run.end('Abandoned');
      }
      await this.remind(step);
    }
  }

  /** extendDeadline (operators): count now as progress, so reminders and abandonment start over from today. */
  extend(): void {
    if (!this.run.operationsState.ended) this.run.touch();
  }

  private async remind(step: Extract<StallStep, { action: 'remind' }>): Promise<void> {
    const { run } = this;
    const idleSince = run.operationsState.lastProgressAt;
    try {
      await waited.sendReminderEmail({
        applicationId: run.applicationId,
        reminder: step.reminder,
        path: run.progress.position.path,
        idleSince,
      });
    } catch (e) {
      log.error('reminder not sent', { applicationId: run.applicationId, error: (e as Error).message });
      // A mail server's permanent refusal says so to operators.
      run.noteError('REMINDER_FAILED', mailRefused(e) ? 'MAIL_REJECTED' : undefined);
    }
    run.reminderSent(step.reminder, idleSince); // done, unless progress during the send started over
    run.publish();
  }
}
