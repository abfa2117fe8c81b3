import { WorkflowUpdateFailedError } from '@temporalio/client';

/**
 * The message of a failed workflow update when the workflow refused it itself (an ApplicationFailure
 * meant for the applicant); a failed activity underneath, or anything else, gets the fallback.
 */
export function updateFailureMessage(e: unknown, fallback: string): string {
  if (!(e instanceof WorkflowUpdateFailedError)) return fallback;
  const cause = e.cause as { cause?: unknown; message?: string } | undefined;
  return cause && !cause.cause && cause.message ? cause.message : fallback;
}
