import { Context } from '@temporalio/activity';

/**
 * Throws once this activity attempt is past its start-to-close timeout. The server has then scheduled the
 * retry, and the worker cancels the old attempt locally a few seconds later; an old attempt still waiting
 * on a slow answer must not go on to write, since its retry looked for the record before this one made it
 * (full resilience run: a 60 s slow S3 read, then two ContentVersions of one file). Called right before a
 * create that has no idempotency key of its own. Outside an activity (tests call the functions) nothing.
 */
export function throwIfSuperseded(): void {
  let signal: AbortSignal;
  try {
    signal = Context.current().cancellationSignal;
  } catch {
    return;
  }
  signal.throwIfAborted();
}
