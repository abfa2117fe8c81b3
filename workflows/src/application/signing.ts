import { ApplicationFailure, CancellationScope, condition, log, sleep } from '@temporalio/workflow';
import { judgeSubmission } from '@portal/libs/dist/workflow';
import type { ApplicationActivities, SignRequestView } from './activities';
import { journeyFailure } from './failures';
import { SIGN_ENDED_STATUSES, isSignedRequest, type SigningState } from './messages';
import { signingAhead, waited } from './proxies';
import type { ApplicationRun } from './run';

/** How often the workflow asks Box about a sign request when no webhook has come. */
export const SIGN_POLL_INTERVAL = '30 seconds';

/** Box's calls of a start: the applicant's few tries (waited), or the move's one (signingAhead). */
type BoxCalls = Pick<ApplicationActivities, 'prepareSignRequest' | 'getSignRequest'>;

const settled = (s: SigningState) => s.signed || SIGN_ENDED_STATUSES.includes(s.request.status);

/**
 * The signing room: one sign request at a time (new, continued, voided, resent), watched until it is
 * signed or ends. A verified Box webhook wakes the watcher; otherwise it polls Box. The request itself is
 * the run's (progress.signing, carried); the fields here say how this run's watcher is doing.
 */
export class Signing {
  /** A signing action (start, resend) is under way: the next waits for it and then finds its result. */
  private busy = false;
  /** The watcher is running: at most one per run. */
  private watching = false;
  /** A webhook about the current request came since the watcher last read it. */
  private eventArrived = false;
  /** The poll timer fired since the watcher last read the request. */
  private pollDue = false;
  /** The running poll timer: one at a time, kept across webhook events, cancelled when the request settles. */
  private timer: CancellationScope | undefined;

  constructor(private readonly run: ApplicationRun) {}

  /** The watcher resumes in a new run when the request it carries is still open. */
  resumeWatch(): void {
    const { signing } = this.run.progress;
    if (signing && !settled(signing)) this.startWatch();
  }

  /** signRequestEvent: Box redelivers, so each event counts once. */
  onEvent(e: { signRequestId: string; eventId: string }): void {
    if (!this.run.firstSeen(e.eventId)) return;
    if (e.signRequestId === this.run.progress.signing?.request.id) this.eventArrived = true;
  }

  /** startSigning: builds the sign request, or continues the open one, and answers it. */
  async start(): Promise<SigningState> {
    this.run.accepted();
    await condition(() => !this.busy);
    return this.begin(waited);
  }

  /**
   * A stage move landed on the signature: the signing is started (or the open request continued) in the
   * move's workflow task, after the move took the lead changes saved with it, so the request is built from
   * the answers just saved. The signature page is then answered from the move (no startSigning: a workflow
   * task and six events fewer). One quick try, so that Box down or slow never holds the move: undefined,
   * and the page's startSigning does it as before. A start already under way answers the page itself.
   */
  async ahead(): Promise<SigningState | undefined> {
    if (this.busy) return undefined;
    try {
      return await this.begin(signingAhead);
    } catch (e) {
      log.warn('signing not started with the move', { applicationId: this.run.applicationId, error: String(e) });
      return undefined;
    }
  }

  private async begin(box: BoxCalls): Promise<SigningState> {
    const { run } = this;
    this.busy = true;
    try {
      const current = run.progress.signing;
      // Refresh first: a decline may be known to Box before its webhook reaches us.
      if (current && !current.signed && !SIGN_ENDED_STATUSES.includes(current.request.status))
        this.apply(current, await box.getSignRequest({ signRequestId: current.request.id }));
      if (!current || SIGN_ENDED_STATUSES.includes(current.request.status)) await this.newRequest(box);
      if (!this.watching && !settled(run.progress.signing!)) this.startWatch();
      return run.progress.signing!;
    } finally {
      this.busy = false;
    }
  }

  /** resendSignRequest (operators): void the open request and send a fresh one. */
  async resend(): Promise<void> {
    if (this.run.operationsState.ended || !this.run.signingOpen()) return; // nothing open to resend
    await condition(() => !this.busy);
    this.busy = true;
    try {
      await this.voidOpen();
      await this.newRequest(waited);
      if (!this.watching) this.startWatch();
    } finally {
      this.busy = false;
    }
  }

  /** Voids the open sign request, if any: its links stop working. False: Box could not be told (noted). */
  async voidOpen(): Promise<boolean> {
    const current = this.run.progress.signing;
    if (!current || !this.run.signingOpen()) return true;
    try {
      await waited.voidSignRequest({ signRequestId: current.request.id });
      current.request = { ...current.request, status: 'cancelled' };
      return true;
    } catch (e) {
      log.error('sign request not voided', { applicationId: this.run.applicationId, error: (e as Error).message });
      this.run.noteError('SIGN_VOID_FAILED');
      return false;
    }
  }

  /**
   * reviseAnswers' validator (and its handler's first check): answers that every signer has signed, or that
   * the opportunity was made from, stay as signed. Refused before it enters history.
   */
  refuseWhenSigned(): void {
    const { progress } = this.run;
    this.run.refuseWhenEnded();
    if (progress.signing?.signed || progress.sfOpportunityId || progress.statementsSubmitted)
      throw journeyFailure('SIGNED_ANSWERS_LOCKED');
  }

  /**
   * reviseAnswers: signed answers are about to change. The open request is read afresh (Box may know of the
   * last signature before its webhook reaches us): refused once all have signed (finalizing too), else
   * voided, so that what is signed next is what is saved now. A void Box did not take refuses the change.
   */
  async revise(): Promise<{ voided: boolean }> {
    const { run } = this;
    run.accepted();
    await condition(() => !this.busy);
    this.busy = true;
    try {
      this.refuseWhenSigned();
      const current = run.progress.signing;
      if (!current || !run.signingOpen()) return { voided: false };
      this.apply(current, await waited.getSignRequest({ signRequestId: current.request.id }));
      if (current.signed || current.request.signers.every((s) => s.decision === 'signed'))
        throw journeyFailure('SIGNED_ANSWERS_LOCKED');
      if (!run.signingOpen()) return { voided: false };
      if (!(await this.voidOpen()))
        throw ApplicationFailure.create({ type: 'SignVoidFailed', message: 'The sign request could not be voided' });
      log.info('sign request voided: answers changed', { applicationId: run.applicationId });
      run.publish();
      return { voided: true };
    } finally {
      this.busy = false;
    }
  }

  private apply(signing: SigningState, request: SignRequestView): void {
    const wasSigned = signing.signed;
    signing.request = request;
    signing.signed = isSignedRequest(request);
    if (signing.signed && !wasSigned) {
      this.moveOn();
      this.run.touch();
    } else this.run.publish();
  }

  /**
   * Every signer has signed: a journey standing on the signature goes on to the bank statements in the
   * workflow task that heard it (one upsert with the signing's status), as the statements' submission moves
   * it on to the offers; the signature's status read answers where it went, and the web lands there
   * without a move of its own. A journey elsewhere (its applicant went back while a co-owner signed) stays.
   */
  private moveOn(): void {
    const { progress } = this.run;
    progress.position = judgeSubmission(progress.position, 'signature');
  }

  /** A new sign request (attempt + 1), its id kept on the application by prepareSignRequest itself. */
  private async newRequest(box: BoxCalls): Promise<void> {
    const { progress, applicationId } = this.run;
    const attempt = (progress.signing?.attempt ?? 0) + 1;
    const request = await box.prepareSignRequest({ applicationId, attempt });
    progress.signing = { attempt, request, signed: false };
    this.apply(progress.signing, request);
  }

  private startWatch(): void {
    // Not awaited: the watcher runs beside the handlers until the request settles or the application
    // ends. It catches its own failures (readStatus), so its promise never rejects.
    void this.watch();
  }

  /** Reads the request whenever a webhook or the poll timer wakes the watcher, until it settles. */
  private async watch(): Promise<void> {
    const { run } = this;
    this.watching = true;
    const poll = run.signPollMs ?? SIGN_POLL_INTERVAL;
    try {
      this.armPoll(poll);
      while (run.progress.signing && !settled(run.progress.signing) && !run.operationsState.ended) {
        await condition(() => this.eventArrived || this.pollDue);
        this.eventArrived = false;
        if (this.pollDue) this.armPoll(poll);
        if (run.operationsState.ended) break;
        await this.readStatus(run.progress.signing);
      }
    } finally {
      this.timer?.cancel();
      this.watching = false;
    }
  }

  /** A new poll timer, once the last one has fired: webhook events do not start one each. */
  private armPoll(poll: string | number): void {
    this.pollDue = false;
    const scope = new CancellationScope();
    this.timer = scope;
    // Not awaited: the watcher waits on pollDue, so a webhook can wake it while the timer runs on.
    void scope
      .run(() => sleep(poll))
      .then(
        () => {
          this.pollDue = true;
          if (this.timer === scope) this.timer = undefined;
        },
        () => undefined, // cancelled: the request settled
      );
  }

  /** Reads the request's status; Box unreachable for now: the next webhook or poll tries again. */
  private async readStatus(signing: SigningState): Promise<void> {
    try {
      this.apply(signing, await waited.getSignRequest({ signRequestId: signing.request.id }));
    } catch (e) {
      log.warn('sign request status unavailable', { error: (e as Error).message });
      this.run.noteError('SIGN_STATUS_UNAVAILABLE');
      return;
    }
    if (signing.signed) log.info('application signed', { applicationId: this.run.applicationId });
  }
}
