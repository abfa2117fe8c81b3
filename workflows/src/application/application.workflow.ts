import { allHandlersFinished, condition, continueAsNew, log, setHandler } from '@temporalio/workflow';
import type { StageMove } from '@portal/libs';
import { isStaleMove, judgeMove, moveFactsOf, resolveMove } from '@portal/libs/dist/workflow';
import type { StoredDocument } from './activities';
import { CrmSync } from './crm-sync';
import { journeyFailure } from './failures';
import type { ApplicationEnd } from './lifecycle';
import {
  calculateOffers,
  documentUploaded,
  emailOffer,
  extendDeadline,
  getProgress,
  getSignerLink,
  moveStage,
  resendSignRequest,
  retryCrmSync,
  reviseAnswers,
  signRequestEvent,
  startSigning,
  submitApplication,
  submitStatements,
  updateLead,
  watchProgress,
  withdrawApplication,
  type ApplicationWorkflowInput,
  type LeadHandover,
  type MoveAnswer,
  type ProgressAnswer,
  type SigningState,
} from './messages';
import { ProgressWatch } from './progress-watch';
import { waited } from './proxies';
import { ApplicationRun } from './run';
import { Signing } from './signing';
import { StallClock } from './stall-clock';
import { Submission } from './submission';

export { SIGN_POLL_INTERVAL } from './signing';

/** The rooms of one run, each a part of the journey with its own loop or handlers. */
type Rooms = { signing: Signing; crm: CrmSync; clock: StallClock; submission: Submission };

/**
 * One application's journey and every side effect outside our database, as one long-lived entity: the
 * state is the run's (run.ts), the messages (messages.ts) are handled by its rooms (signing.ts,
 * crm-sync.ts, stall-clock.ts, submission.ts), and the run continues as new before its history grows
 * large. Stage moves are judged by the libs rules that the web's journey machine mirrors. Its result, once
 * the application has ended, is the final getProgress answer: a closed run's progress never changes, and
 * the api reads it from the close event (no replay) to keep as the application's snapshot.
 */
export async function applicationWorkflow(input: ApplicationWorkflowInput): Promise<ProgressAnswer> {
  // A change that alters this code's commands goes behind patched(): workflows/README.md, 'Changing the workflow'.
  const run = new ApplicationRun(input);
  const crm = new CrmSync(run);
  const rooms: Rooms = {
    signing: new Signing(run),
    crm,
    clock: new StallClock(run),
    submission: new Submission(run, crm),
  };
  const watch = new ProgressWatch(run.applicationId, () => progressAnswer(run), input.carried?.watchedUntil);
  // Handlers first, before the first await, so messages delivered with the run's first task find them.
  setQueries(run, watch);
  setApplicantHandlers(run, rooms);
  setOperatorHandlers(run, rooms);

  crm.holdForLead();
  run.publish();
  rooms.signing.resumeWatch();
  // Not awaited: the clock sleeps beside the journey and ends the application itself when abandoned.
  void rooms.clock.keep();
  void watch.keep();
  crm.start();

  // The run ends when the application does, or continues as new before its history grows large.
  await condition(() => !!run.operationsState.ended || run.dueForNewRun());
  const ended = run.operationsState.ended;
  if (!ended) {
    await condition(allHandlersFinished);
    log.info('continuing as new', { applicationId: run.applicationId, events: run.historyLength });
    const next = run.nextInput();
    const { watchedUntil } = watch;
    return continueAsNew<typeof applicationWorkflow>(
      watchedUntil ? { ...next, carried: { ...next.carried!, watchedUntil } } : next,
    );
  }
  await closeApplication(run, rooms, ended);
  // The result is a payload of the completion (no command or event of its own): recorded histories replay.
  return progressAnswer(run);
}

/** Ended: undo what an abandoned or withdrawn application leaves open, then let the CRM catch up. */
async function closeApplication(run: ApplicationRun, rooms: Rooms, ended: ApplicationEnd): Promise<void> {
  const { applicationId } = run;
  if (ended !== 'Submitted') {
    await rooms.signing.voidOpen();
    try {
      await waited.markApplicationEnded({ applicationId, status: ended });
    } catch (e) {
      log.error('application record not marked', { applicationId, error: (e as Error).message });
      run.noteError('RECORD_UPDATE_FAILED');
    }
  }
  await rooms.crm.finish(ended);
  await condition(allHandlersFinished);
  run.publish();
  log.info('application ended', { applicationId, how: ended });
}

/** The signing state without the signers' live links (getProgress). */
const withoutLinks = (s: SigningState): SigningState => ({
  ...s,
  request: { ...s.request, signers: s.request.signers.map((x) => ({ ...x, embedUrl: null })) },
});

/** getProgress's answer, and the ended run's result. */
function progressAnswer(run: ApplicationRun): ProgressAnswer {
  const { progress } = run;
  return {
    ...progress,
    // Operators read this (Temporal UI, `npm run ops progress`): each signer's status, never their live
    // signing link, which opens the signing session. The link goes to the applicant only.
    ...(progress.signing ? { signing: withoutLinks(progress.signing) } : {}),
    pendingLeadFields: run.pendingLeadChanges,
    pendingDocuments: run.pendingDocuments,
    operations: run.operations(),
  };
}

/** Queries add nothing to history; watchProgress adds its update's events and no command. */
function setQueries(run: ApplicationRun, watch: ProgressWatch): void {
  const { progress } = run;
  setHandler(getProgress, () => progressAnswer(run));
  setHandler(
    watchProgress,
    () => {
      run.accepted(false); // counts towards Temporal's cap on a run's updates
      return watch.watch();
    },
    { validator: () => run.refuseWhenEnded() },
  );
  setHandler(
    getSignerLink,
    (order) => progress.signing?.request.signers.find((x) => x.order === order)?.embedUrl ?? null,
  );
}

/** What the applicant's pages send, through the api. */
function setApplicantHandlers(run: ApplicationRun, { crm, signing, submission }: Rooms): void {
  setHandler(moveStage, (move) => moveTo(run, { crm, signing }, move), { validator: (move) => judge(run, move) });
  setHandler(updateLead, (handover) => crm.onLeadChange(handover));
  setHandler(documentUploaded, (d) => crm.onDocument(d));
  setHandler(startSigning, () => signing.start(), { validator: () => run.refuseWhenEnded() });
  setHandler(reviseAnswers, () => signing.revise(), { validator: () => signing.refuseWhenSigned() });
  setHandler(signRequestEvent, (e) => signing.onEvent(e));
  // Both carry documents (optional: a caller may send none): the statements; the last documents too.
  setHandler(submitStatements, (statements) => submission.submitStatements(statements), {
    validator: (_?: StoredDocument[]) => submission.needsSignature(),
  });
  setHandler(calculateOffers, () => submission.calculateOffers(), { validator: () => submission.offersReady() });
  setHandler(emailOffer, () => submission.emailOffer(), { validator: () => run.refuseWhenEnded() });
  setHandler(submitApplication, (documents) => submission.submitApplication(documents), {
    validator: (_?: StoredDocument[]) => submission.needsOpportunity(),
  });
}

/** What operators send (the operator endpoints, `npm run ops`). */
function setOperatorHandlers(run: ApplicationRun, { crm, signing, clock }: Rooms): void {
  setHandler(resendSignRequest, () => signing.resend());
  setHandler(extendDeadline, () => clock.extend());
  setHandler(retryCrmSync, (retry) => crm.retryNow(retry));
  setHandler(withdrawApplication, (w) => {
    if (run.operationsState.ended) return;
    log.info('application withdrawn', { applicationId: run.applicationId, by: w.by });
    run.end('Withdrawn');
  });
}

/** moveStage's validator: the libs rule, shared with the web's journey machine (its mirror test walks every move). */
function judge(run: ApplicationRun, move: StageMove): void {
  run.refuseWhenEnded();
  const { progress } = run;
  const verdict = judgeMove(progress.position, move, moveFactsOf(progress));
  if (!verdict.ok) throw journeyFailure(verdict.code);
}

/**
 * moveStage: the lead changes saved before the move are taken first, in this workflow task. A move that
 * lands on the signature starts the signing in this task too (Signing.ahead), its answer going with the
 * move's; the stage and the signing's status are upserted together.
 */
async function moveTo(
  run: ApplicationRun,
  { crm, signing }: Pick<Rooms, 'crm' | 'signing'>,
  move: StageMove & { lead?: LeadHandover },
): Promise<MoveAnswer> {
  const { progress } = run;
  run.accepted(false); // a stale move is an accepted update too: it counts towards Temporal's cap
  if (move.lead) crm.onLeadChange(move.lead);
  // A repeat or a stale tab: the validator let it in only to be answered with where the journey is.
  if (isStaleMove(progress.position, move)) return progress.position;
  const m = resolveMove(progress.position, move);
  if (!m.ok) throw journeyFailure(m.code); // unreachable: the validator refused it
  progress.position = m.position;
  if (m.position.pageName !== 'SIGNATURE') {
    run.touch();
    return m.position;
  }
  run.hold();
  try {
    run.touch();
    const started = await signing.ahead();
    return started ? { ...m.position, signing: started } : m.position;
  } finally {
    run.release();
  }
}
