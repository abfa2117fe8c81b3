import {
  allHandlersFinished,
  condition,
  continueAsNew,
  log,
  patched,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { isStaleMove, judgeMove, resolveMove } from '@portal/libs';
import type { StoredDocument } from './activities';
import { crmSyncRoom } from './crm-sync';
import { journeyFailure } from './failures';
import { legacyJourney } from './legacy';
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
  signRequestEvent,
  startSigning,
  submitApplication,
  submitStatements,
  updateLead,
  withdrawApplication,
  type ApplicationWorkflowInput,
  type SigningState,
} from './messages';
import {
  ALL_PATCHES_OF_ISSUE_26,
  CRM_REFUSALS_PATCH,
  FEWER_ROUND_TRIPS_PATCH,
  LIFECYCLE_PATCH,
  LOCAL_CALLS_PATCH,
} from './patches';
import { ApplicationRun } from './run';
import { signingRoom } from './signing';
import { extendDeadline as extend, stallClock } from './stall-clock';
import { submissionRoom } from './submission';

export {
  ALL_PATCHES_OF_ISSUE_26,
  CRM_REFUSALS_PATCH,
  FEWER_ROUND_TRIPS_PATCH,
  LIFECYCLE_PATCH,
  LOCAL_CALLS_PATCH,
  OFFER_MAIL_REFUSED_PATCH,
} from './patches';

/** The signing state without the signers' live links (getProgress). */
const withoutLinks = (s: SigningState): SigningState => ({
  ...s,
  request: { ...s.request, signers: s.request.signers.map((x) => ({ ...x, embedUrl: null })) },
});
export { SIGN_POLL_INTERVAL } from './signing';

/**
 * One application's journey and every side effect outside our database (ENGINEERING.md). This function
 * wires the messages (messages.ts) to the run's state (run.ts) and its rooms: signing.ts, crm-sync.ts,
 * stall-clock.ts, submission.ts, and legacy.ts for runs recorded before the life cycle. Stage moves are
 * judged by the libs rules (libs/src/journey/moves.ts) that the web's journey machine mirrors.
 *
 * Replay: the rooms keep the order of the commands as recorded (patches first, handlers before the
 * first await, the stall clock's timer before the CRM's first activity); the histories in
 * workflows/test/histories replay against this code first in the test run.
 */
export async function applicationWorkflow(input: ApplicationWorkflowInput): Promise<void> {
  // Checked once, first: a run with the marker has the life cycle from its first command. A run with
  // ALL_PATCHES_OF_ISSUE_26's one marker has every patch without asking each (patches.ts).
  const all = patched(ALL_PATCHES_OF_ISSUE_26);
  const lifecycle = all || patched(LIFECYCLE_PATCH);
  const fewerRoundTrips = all || (lifecycle && patched(FEWER_ROUND_TRIPS_PATCH));
  const survivesRefusals = all || (fewerRoundTrips && patched(CRM_REFUSALS_PATCH));
  const run = new ApplicationRun(
    input,
    lifecycle,
    fewerRoundTrips,
    survivesRefusals,
    all || (survivesRefusals && patched(LOCAL_CALLS_PATCH)),
    all,
  );
  const { progress, leadChanges, documents, ops } = run;
  const signing = signingRoom(run);
  const crm = crmSyncRoom(run);
  const submission = submissionRoom(run);

  // Handlers are set in the order their runs were recorded with, before the run's first await.
  setHandler(getProgress, () => ({
    ...progress,
    // Operators read this (Temporal UI, `npm run ops progress`): each signer's status, never their live
    // signing link, which opens the signing session (issue 24). The link goes to the applicant only.
    ...(progress.signing ? { signing: withoutLinks(progress.signing) } : {}),
    pendingLeadFields: leadChanges.length,
    pendingDocuments: documents.length,
    ...(lifecycle ? { operations: run.operations() } : {}),
  }));
  // A query adds nothing to the history: registering it here changes no recorded run.
  setHandler(
    getSignerLink,
    (order) => progress.signing?.request.signers.find((x) => x.order === order)?.embedUrl ?? null,
  );
  setHandler(documentUploaded, crm.onDocument);
  setHandler(calculateOffers, submission.calculateOffers, { validator: submission.offersReady });
  setHandler(emailOffer, submission.emailOffer, { validator: () => run.refuseWhenEnded() });
  // Issue 26: both carry the bank statements (optional: runs and tests from before send none).
  setHandler(submitApplication, submission.submitApplication, {
    validator: (_?: StoredDocument[]) => submission.needsOpportunity(),
  });
  setHandler(submitStatements, submission.submitStatements, {
    validator: (_?: StoredDocument[]) => submission.needsSignature(),
  });
  setHandler(signRequestEvent, signing.onEvent);
  setHandler(startSigning, signing.start, { validator: () => run.refuseWhenEnded() });
  setHandler(resendSignRequest, signing.resend);
  setHandler(updateLead, crm.onLeadChange);
  setHandler(
    moveStage,
    (move) => {
      run.updates++; // a stale move is an accepted update too: it counts towards Temporal's cap
      // Issue 26: the lead changes saved before the move, written in this workflow task.
      if (move.lead) crm.onLeadChange(move.lead);
      // A repeat or a stale tab: the validator let it in only to be answered with where the journey is.
      if (isStaleMove(progress.position, move)) return progress.position;
      const m = resolveMove(progress.position, move);
      if (!m.ok) throw journeyFailure(m.code); // unreachable: the validator refused it
      progress.position = m.position;
      if (lifecycle) run.touch();
      else run.publishStage();
      return m.position;
    },
    {
      // The libs rule, shared with the web's journey machine (its mirror test walks every move).
      validator: (move) => {
        run.refuseWhenEnded();
        const verdict = judgeMove(progress.position, move, {
          signed: !!progress.signing?.signed,
          statementsSubmitted: !!progress.sfOpportunityId || !!progress.statementsSubmitted,
        });
        if (!verdict.ok) throw journeyFailure(verdict.code);
      },
    },
  );
  setHandler(extendDeadline, () => extend(run));
  setHandler(retryCrmSync, crm.retryNow);
  setHandler(withdrawApplication, (w) => {
    if (!lifecycle || ops.ended) return;
    log.info('application withdrawn', { applicationId: input.applicationId, by: w.by });
    run.end('Withdrawn');
  });

  if (!lifecycle) return legacyJourney(run);

  crm.holdForLead();
  run.publish();
  signing.resumeWatch();
  void stallClock(run);
  crm.start();

  // The run ends when the application does, or continues as new before its history grows large.
  const dueForNewRun = () =>
    workflowInfo().continueAsNewSuggested ||
    workflowInfo().historyLength > run.timing.maxEventsPerRun ||
    run.updates >= run.timing.maxUpdatesPerRun;
  await condition(() => !!ops.ended || dueForNewRun());
  if (!ops.ended) {
    await condition(allHandlersFinished);
    log.info('continuing as new', { applicationId: input.applicationId, events: workflowInfo().historyLength });
    await continueAsNew<typeof applicationWorkflow>({ ...input, carried: run.carried((input.carried?.runs ?? 0) + 1) });
  }

  // Ended: undo what an abandoned or withdrawn application leaves open, then let the CRM catch up.
  const ended = ops.ended!;
  if (ended !== 'Submitted') {
    await signing.voidOpen();
    try {
      await run.waited.markApplicationEnded({ applicationId: input.applicationId, status: ended });
    } catch (e) {
      log.error('application record not marked', { applicationId: input.applicationId, error: (e as Error).message });
      run.noteError('RECORD_UPDATE_FAILED');
    }
  }
  await crm.finish(ended);
  await condition(allHandlersFinished);
  run.publish();
  log.info('application ended', { applicationId: input.applicationId, how: ended });
}
