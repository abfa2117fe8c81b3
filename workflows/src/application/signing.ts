import { CancellationScope, condition, log, sleep } from '@temporalio/workflow';
import type { SignRequestView } from './activities';
import { SIGN_ENDED_STATUSES, isSignedRequest, type SigningState } from './messages';
import type { ApplicationRun } from './run';

/** How often the workflow asks Box about a sign request when no webhook has come. */
export const SIGN_POLL_INTERVAL = '30 seconds';

const settled = (s: SigningState) => s.signed || SIGN_ENDED_STATUSES.includes(s.request.status);

/**
 * The signing room: one sign request at a time (new, continued, voided, resent), watched until it is
 * signed or ends. A verified Box webhook wakes the watcher; otherwise it polls Box.
 */
export function signingRoom(run: ApplicationRun) {
  const { progress, applicationId } = run;
  let busy = false;
  let eventArrived = false;
  let watching = false;

  const apply = (signing: SigningState, request: SignRequestView) => {
    const wasSigned = signing.signed;
    signing.request = request;
    signing.signed = isSignedRequest(request);
    if (run.lifecycle && signing.signed && !wasSigned) run.touch();
    else run.publish();
  };

  async function watch() {
    watching = true;
    try {
      const poll = run.input.signPollSeconds ? run.input.signPollSeconds * 1000 : SIGN_POLL_INTERVAL;
      if (run.localCalls) return await watchWithOneTimer(poll);
      while (progress.signing && !settled(progress.signing) && !run.ops.ended) {
        await condition(() => eventArrived, poll);
        eventArrived = false;
        const signing = progress.signing;
        if (run.ops.ended) break;
        try {
          apply(signing, await run.waited.getSignRequest({ signRequestId: signing.request.id }));
        } catch (e) {
          // Box unreachable for now: the next webhook or poll tries again.
          log.warn('sign request status unavailable', { error: (e as Error).message });
          if (run.lifecycle) run.noteError('SIGN_STATUS_UNAVAILABLE');
          continue;
        }
        if (signing.signed) log.info('application signed', { applicationId });
      }
    } finally {
      watching = false;
    }
  }

  /** What the watcher does when it wakes: reads the request's status; false when Box was unreachable. */
  async function readStatus(signing: SigningState): Promise<boolean> {
    try {
      apply(signing, await run.waited.getSignRequest({ signRequestId: signing.request.id }));
    } catch (e) {
      // Box unreachable for now: the next webhook or poll tries again.
      log.warn('sign request status unavailable', { error: (e as Error).message });
      run.noteError('SIGN_STATUS_UNAVAILABLE');
      return false;
    }
    if (signing.signed) log.info('application signed', { applicationId });
    return true;
  }

  /**
   * Issue 26: one poll timer at a time, kept across webhook events (a new one only once it has fired) and
   * cancelled when the request settles, where each wake started a timer and each event cancelled it.
   */
  async function watchWithOneTimer(poll: string | number) {
    let pollDue = false;
    let timer: CancellationScope | undefined;
    const arm = () => {
      pollDue = false;
      const scope = new CancellationScope();
      timer = scope;
      scope
        .run(() => sleep(poll))
        .then(
          () => {
            pollDue = true;
            if (timer === scope) timer = undefined;
          },
          () => undefined, // cancelled: the request settled
        );
    };
    try {
      arm();
      while (progress.signing && !settled(progress.signing) && !run.ops.ended) {
        await condition(() => eventArrived || pollDue);
        eventArrived = false;
        if (pollDue) arm();
        if (run.ops.ended) break;
        await readStatus(progress.signing);
      }
    } finally {
      timer?.cancel();
    }
  }

  /** A new sign request (attempt + 1), its id saved on the application, and the watcher running. */
  async function newRequest() {
    const attempt = (progress.signing?.attempt ?? 0) + 1;
    const request = await run.waited.prepareSignRequest({ applicationId, attempt });
    await run.records.saveSignatureId({ applicationId, signatureId: request.id, signers: request.signers.length });
    progress.signing = { attempt, request, signed: false };
    apply(progress.signing, request);
  }

  /** Voids the open sign request, if any: its links stop working. */
  async function voidOpen() {
    const current = progress.signing;
    if (!current || !run.signingOpen()) return;
    try {
      await run.waited.voidSignRequest({ signRequestId: current.request.id });
      current.request = { ...current.request, status: 'cancelled' };
    } catch (e) {
      log.error('sign request not voided', { applicationId, error: (e as Error).message });
      run.noteError('SIGN_VOID_FAILED');
    }
  }

  return {
    /** The watcher resumes in a new run when the request it carries is still open. */
    resumeWatch() {
      if (progress.signing && !settled(progress.signing)) void watch();
    },

    /** signRequestEvent: Box redelivers, so each event counts once. */
    onEvent(e: { signRequestId: string; eventId: string }) {
      if (run.seenEvents.has(e.eventId)) return;
      run.seenEvents.add(e.eventId);
      if (e.signRequestId === progress.signing?.request.id) eventArrived = true;
    },

    /**
     * startSigning: builds the sign request, or continues the open one, and answers it. One signing
     * action at a time: a second waits for the first and then finds its result. (The handler bodies keep
     * their await structure as recorded: an extra async layer could reorder commands on replay.)
     */
    async start() {
      run.accepted();
      await condition(() => !busy);
      busy = true;
      try {
        const current = progress.signing;
        // Refresh first: a decline may be known to Box before its webhook reaches us.
        if (current && !current.signed && !SIGN_ENDED_STATUSES.includes(current.request.status))
          apply(current, await run.waited.getSignRequest({ signRequestId: current.request.id }));
        if (!current || SIGN_ENDED_STATUSES.includes(current.request.status)) await newRequest();
        if (!watching && !settled(progress.signing!)) void watch();
        return progress.signing!;
      } finally {
        busy = false;
      }
    },

    voidOpen,

    /** resendSignRequest (operators): void the open request and send a fresh one. */
    async resend() {
      if (!run.lifecycle || run.ops.ended || !run.signingOpen()) return; // nothing open to resend
      await condition(() => !busy);
      busy = true;
      try {
        await voidOpen();
        await newRequest();
        if (!watching) void watch();
      } finally {
        busy = false;
      }
    },
  };
}
