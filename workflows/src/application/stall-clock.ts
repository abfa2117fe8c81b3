import { log, sleep } from '@temporalio/workflow';
import { failureOf } from './crm-sync';
import { nextStallStep } from './lifecycle';
import type { ApplicationRun } from './run';

/**
 * The stall clock: reminder emails after idle time, then abandonment (timings in lifecycle.ts). A timer
 * that fires after progress moved the clock sleeps on to the new time.
 */
export async function stallClock(run: ApplicationRun): Promise<void> {
  const { ops, applicationId } = run;
  for (;;) {
    const step = nextStallStep(ops, run.timing);
    if (!step) return;
    const wait = step.at - Date.now();
    if (wait > 0) {
      await sleep(wait);
      continue; // progress may have moved the clock meanwhile
    }
    if (step.action === 'abandon') {
      log.info('application abandoned', { applicationId });
      return run.end('Abandoned');
    }
    const idleSince = ops.lastProgressAt;
    try {
      await run.waited.sendReminderEmail({
        applicationId,
        reminder: step.reminder,
        path: run.progress.position.path,
        idleSince,
      });
    } catch (e) {
      log.error('reminder not sent', { applicationId, error: (e as Error).message });
      // A mail server's permanent refusal (a 5xx: an unverified sender, a wrong login) says so to operators.
      const refused = (failureOf(e) as { type?: string } | undefined)?.type === 'MailRejectedError';
      run.noteError('REMINDER_FAILED', refused ? 'MAIL_REJECTED' : undefined);
    }
    // Progress during the send started the clock over; otherwise this reminder is done.
    if (ops.lastProgressAt === idleSince) ops.remindersSent = step.reminder;
    run.publish();
  }
}

/** extendDeadline (operators): count now as progress, so reminders and abandonment start over from today. */
export function extendDeadline(run: ApplicationRun): void {
  if (run.lifecycle && !run.ops.ended) run.touch();
}
