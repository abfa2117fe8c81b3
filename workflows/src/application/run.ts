import { upsertSearchAttributes } from '@temporalio/workflow';
import { INITIAL_POSITION } from '@portal/libs';
import type { CrmLeadFields, StoredDocument } from './activities';
import { journeyFailure } from './failures';
import {
  DEFAULT_TIMING,
  applicationStatus,
  turnOf,
  type ApplicationEnd,
  type LastErrorCode,
  type LifecycleTiming,
  type OperationsState,
  type StatusFacts,
} from './lifecycle';
import {
  SIGN_ENDED_STATUSES,
  type ApplicationProgress,
  type ApplicationWorkflowInput,
  type CarriedState,
  type OperationsView,
} from './messages';
import { journeyCalls, recordWriters, type JourneyCalls, type RecordWriters } from './proxies';
import { SA, searchAttributePublisher } from './search-attributes';

/**
 * What one run of an application's workflow knows, shared by its rooms (signing, CRM sync, stall clock,
 * submission, the pre-patch course): the journey's progress, the work still owed to the CRM, the
 * operators' view, and how the run publishes it. Carried into the next run on continue-as-new.
 */
export class ApplicationRun {
  readonly timing: LifecycleTiming;
  readonly progress: ApplicationProgress;
  /** Lead changes received and not yet written to the CRM, in arrival order. */
  readonly leadChanges: CrmLeadFields[];
  /** Uploaded documents not yet copied to the opportunity. */
  readonly documents: StoredDocument[];
  readonly ops: OperationsState;
  /** Box webhook event ids seen, so a redelivery counts once. */
  readonly seenEvents: Set<string>;
  /** Files copied to the opportunity (issue 26: an update may carry one again). */
  readonly copiedFiles: Set<string>;
  /** The newest lead hand-over taken (issue 26): an older one arriving late is dropped. */
  leadSeq: number;
  readonly records: RecordWriters;
  /** The CRM's and the applicant's services' calls: local activities with issue 26's patch. */
  readonly crm: JourneyCalls['crm'];
  readonly waited: JourneyCalls['waited'];
  /** Accepted updates in this run: past timing.maxUpdatesPerRun the run continues as new. */
  updates = 0;
  /** The statements' own conversion is under way (the CRM room waits rather than convert beside it). */
  converting = false;
  private readonly publishValues = searchAttributePublisher();
  /** Issue 26: publishing held while a local call of this workflow task settles (hold/release). */
  private held = 0;
  private heldChanges = false;

  constructor(
    readonly input: ApplicationWorkflowInput,
    /** Runs with the issue-12 life cycle; without it, legacy.ts's course. */
    readonly lifecycle: boolean,
    /** Runs with issue 14's fewer round trips (local record writes, one submission round). */
    readonly fewerRoundTrips: boolean,
    /** Runs with issue 24's survivable CRM refusals (crm-sync.ts, submission.ts). */
    readonly survivesRefusals = false,
    /** Runs with issue 26's local calls (proxies.ts journeyCalls). */
    readonly localCalls = false,
    /** Runs with ALL_PATCHES_OF_ISSUE_26's marker: a patch asked later (the offer mail's) is theirs unasked. */
    readonly allPatches = false,
  ) {
    const carried = input.carried;
    this.timing = { ...DEFAULT_TIMING, ...input.timing };
    this.progress = carried?.progress ?? { position: INITIAL_POSITION };
    this.leadChanges = [...(carried?.leadChanges ?? [])];
    this.documents = [...(carried?.documents ?? [])];
    this.ops = carried?.ops ?? { lastProgressAt: Date.now(), remindersSent: 0, crmFailing: false };
    this.seenEvents = new Set<string>(carried?.seenEvents ?? []);
    this.copiedFiles = new Set<string>(carried?.copiedFiles ?? []);
    this.leadSeq = carried?.leadSeq ?? 0;
    this.records = recordWriters(fewerRoundTrips);
    ({ crm: this.crm, waited: this.waited } = journeyCalls(localCalls));
  }

  get applicationId(): string {
    return this.input.applicationId;
  }

  signingOpen(): boolean {
    const s = this.progress.signing;
    return !!s && !s.signed && !SIGN_ENDED_STATUSES.includes(s.request.status);
  }

  facts(): StatusFacts {
    return {
      ops: this.ops,
      crmWorkPending: !this.progress.sfLeadId || this.leadChanges.length > 0 || this.conversionOwed(),
      signingOpen: this.signingOpen(),
    };
  }

  /** Statements submitted before the lead could be converted: the CRM room owes the conversion. */
  conversionOwed(): boolean {
    return !!this.progress.statementsSubmitted && !this.progress.sfOpportunityId;
  }

  /** getProgress's answer for operators: status, turn, pending external work, last error, stall clock. */
  operations(): OperationsView {
    const f = this.facts();
    const { ops } = this;
    const pending = [
      ...(!this.progress.sfLeadId ? ['crm-lead'] : []),
      ...(this.leadChanges.length ? ['crm-lead-update'] : []),
      ...(this.conversionOwed() ? ['crm-conversion'] : []),
      ...(this.documents.length ? ['documents'] : []),
      ...(f.signingOpen ? ['signature'] : []),
    ];
    return {
      status: applicationStatus(f),
      turn: turnOf(f),
      pending,
      ...(ops.lastError
        ? {
            lastError: {
              code: ops.lastError.code,
              at: new Date(ops.lastError.at).toISOString(),
              ...(ops.lastError.detail ? { detail: ops.lastError.detail } : {}),
            },
          }
        : {}),
      stalledSince: new Date(ops.lastProgressAt).toISOString(),
      remindersSent: ops.remindersSent,
      runs: this.input.carried?.runs ?? 0,
    };
  }

  /** The search attributes operators filter on, upserted when they change (life-cycle runs only). */
  publish(): void {
    if (!this.lifecycle) return;
    if (this.held > 0) {
      this.heldChanges = true;
      return;
    }
    const f = this.facts();
    const { ops, progress } = this;
    this.publishValues({
      stage: progress.position.pageName,
      step: progress.position.pageStep,
      status: applicationStatus(f),
      country: ops.country,
      affiliate: ops.affiliateId,
      // Whole minutes: an operator's 'no progress for a day' filter needs no finer, and each upsert costs.
      stalledSince: this.fewerRoundTrips ? ops.lastProgressAt - (ops.lastProgressAt % 60_000) : ops.lastProgressAt,
      crmSyncPending: f.crmWorkPending,
      // 'CRM_REJECTED:INVALID_EMAIL_ADDRESS': the refusal with Salesforce's code (issue 24).
      lastError: ops.lastError && [ops.lastError.code, ops.lastError.detail].filter(Boolean).join(':'),
      lead: progress.sfLeadId,
    });
  }

  /**
   * Issue 26: holds what publish() would upsert until release(), so a value that a local call changes and
   * changes back within one workflow task (CrmSyncPending while a lead change is written) is upserted
   * once, with where it ended, or not at all.
   */
  hold(): void {
    this.held++;
  }

  release(): void {
    if (this.held === 0 || --this.held > 0 || !this.heldChanges) return;
    this.heldChanges = false;
    this.publish();
  }

  /** A stage change: life-cycle runs publish everything; runs before it upserted the stage alone. */
  publishStage(): void {
    if (this.lifecycle) this.publish();
    else upsertSearchAttributes([{ key: SA.stage, value: this.progress.position.pageName }]);
  }

  noteError(code: LastErrorCode, detail?: string): void {
    this.ops.lastError = { code, at: Date.now(), ...(detail ? { detail } : {}) };
    this.publish();
  }

  /** Progress: the stall clock starts over and the reminders with it. */
  touch(): void {
    this.ops.lastProgressAt = Date.now();
    this.ops.remindersSent = 0;
    this.publish();
  }

  /**
   * Issue 26: documents an update carries (submitStatements, submitApplication) join those to copy, each
   * file once: none already waiting or copied.
   */
  takeDocuments(documents: StoredDocument[] | undefined): void {
    for (const d of documents ?? [])
      if (!this.copiedFiles.has(d.fileId) && !this.documents.some((x) => x.fileId === d.fileId)) this.documents.push(d);
  }

  /** Every accepted update counts towards the run's bound; a closed application takes none. */
  accepted(): void {
    this.updates++;
    if (this.lifecycle) this.touch();
  }

  refuseWhenEnded(): void {
    if (this.lifecycle && this.ops.ended) throw journeyFailure('APPLICATION_CLOSED');
  }

  end(how: ApplicationEnd): void {
    this.ops.ended ??= how;
    this.publish();
  }

  /** What the next run starts from when this one continues as new. */
  carried(runs: number, ops: OperationsState = this.ops): CarriedState {
    return {
      progress: this.progress,
      leadChanges: this.leadChanges,
      documents: this.documents,
      ops,
      seenEvents: [...this.seenEvents].slice(-50),
      ...(this.copiedFiles.size ? { copiedFiles: [...this.copiedFiles] } : {}),
      ...(this.leadSeq ? { leadSeq: this.leadSeq } : {}),
      runs,
    };
  }
}
