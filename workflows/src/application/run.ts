import { workflowInfo } from '@temporalio/workflow';
import { INITIAL_POSITION } from '@portal/libs/dist/workflow';
import type { CrmLeadFields, CrmLeadInput, StoredDocument } from './activities';
import { journeyFailure } from './failures';
import {
  DEFAULT_TIMING,
  applicationStatus,
  countryOf,
  operationsView,
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
import { SearchAttributeBoard, type SearchValues } from './search-attributes';

/**
 * What one run of an application's workflow knows, shared by its rooms (signing, CRM sync, stall clock,
 * submission): the journey's progress, the work still owed to the CRM, the operators' view, and how the
 * run publishes it. All of it is carried into the next run on continue-as-new (`nextInput`) and read by
 * getProgress; the rooms keep only how their own loops are going.
 */
export class ApplicationRun {
  readonly timing: LifecycleTiming;
  /** Where the journey is and what the outside services answered; each room writes its own fields. */
  readonly progress: ApplicationProgress;
  private readonly ops: OperationsState;
  /** The applicant's sign-up answers for the lead, with an operator's correction. */
  private lead: CrmLeadInput;
  /** Lead changes received and not yet written to the CRM, in arrival order. */
  private readonly leadChanges: CrmLeadFields[];
  /** Uploaded documents not yet copied to the opportunity, in arrival order. */
  private readonly documents: StoredDocument[];
  /** Files copied to the opportunity: an update may carry one again. */
  private readonly copiedFiles: Set<string>;
  /** Box webhook event ids seen, so a redelivery counts once. */
  private readonly seenEvents: Set<string>;
  /** The newest lead hand-over taken: an older one arriving late is dropped. */
  private leadSeq: number;
  /** Accepted updates in this run: past timing.maxUpdatesPerRun the run continues as new. */
  private updates = 0;
  private readonly board = new SearchAttributeBoard(() => this.searchValues());

  constructor(private readonly input: ApplicationWorkflowInput) {
    const carried = input.carried;
    this.timing = { ...DEFAULT_TIMING, ...input.timing };
    this.lead = input.lead;
    this.progress = carried?.progress ?? { position: INITIAL_POSITION };
    this.ops = carried?.ops ?? { lastProgressAt: Date.now(), remindersSent: 0, crmFailing: false };
    this.leadChanges = [...(carried?.leadChanges ?? [])];
    this.documents = [...(carried?.documents ?? [])];
    this.copiedFiles = new Set(carried?.copiedFiles ?? []);
    this.seenEvents = new Set(carried?.seenEvents ?? []);
    this.leadSeq = carried?.leadSeq ?? 0;
  }

  get applicationId(): string {
    return this.input.applicationId;
  }

  /** How often the signing watcher asks Box when no webhook comes, if the input says. */
  get signPollMs(): number | undefined {
    return this.input.signPollSeconds ? this.input.signPollSeconds * 1000 : undefined;
  }

  /** The stall clock, the CRM's state and the last error, for the rooms to read. */
  get operationsState(): Readonly<OperationsState> {
    return this.ops;
  }

  get leadInput(): CrmLeadInput {
    return this.lead;
  }

  /** An operator's corrected answers replace the refused ones (the next run creates the lead with them too). */
  correctLead(fix: Partial<CrmLeadInput>): void {
    this.lead = { ...this.lead, ...fix };
  }

  /**
   * A lead hand-over: taken unless an older one than already taken (the newer one holds its changes too).
   * Hand-overs without a number are all taken. Counts as progress.
   */
  takeLeadChange(fields: CrmLeadFields, leadSeq?: number): boolean {
    if (leadSeq !== undefined) {
      if (leadSeq <= this.leadSeq) return false;
      this.leadSeq = leadSeq;
    }
    this.leadChanges.push(fields);
    this.ops.country = countryOf(fields) ?? this.ops.country;
    return true;
  }

  get pendingLeadChanges(): number {
    return this.leadChanges.length;
  }

  /** The queued lead changes merged in arrival order (the later value wins), and how many they are. */
  leadChangesToWrite(): { fields: CrmLeadFields; count: number } {
    const count = this.leadChanges.length;
    return { fields: Object.assign({}, ...this.leadChanges.slice(0, count)) as CrmLeadFields, count };
  }

  /** Removed only once written, so a run that continues as new meanwhile carries them on. */
  leadChangesWritten(count: number): void {
    this.leadChanges.splice(0, count);
  }

  /** documentUploaded: once per file while it waits (the api may tell again after a repeated upload). */
  takeDocument(d: StoredDocument): boolean {
    if (this.documents.some((x) => x.fileId === d.fileId)) return false;
    this.documents.push(d);
    return true;
  }

  /** Documents an update carries (submitStatements, submitApplication): each file once, waiting or copied. */
  takeDocuments(documents: StoredDocument[] | undefined): void {
    for (const d of documents ?? [])
      if (!this.copiedFiles.has(d.fileId) && !this.documents.some((x) => x.fileId === d.fileId)) this.documents.push(d);
  }

  /** The documents waiting now, in arrival order: copied together. */
  get waitingDocuments(): StoredDocument[] {
    return [...this.documents];
  }

  get pendingDocuments(): number {
    return this.documents.length;
  }

  /** The first `count` waiting documents are copied (or refused for good): they leave the queue. */
  documentsCopied(count: number): void {
    for (const done of this.documents.splice(0, count)) this.copiedFiles.add(done.fileId);
  }

  /** A Box webhook event not seen before (Box redelivers). */
  firstSeen(eventId: string): boolean {
    if (this.seenEvents.has(eventId)) return false;
    this.seenEvents.add(eventId);
    return true;
  }

  /** Statements submitted before the lead could be converted: the CRM room owes the conversion. */
  conversionOwed(): boolean {
    return !!this.progress.statementsSubmitted && !this.progress.sfOpportunityId;
  }

  /** The CRM answered (and its ids were kept): a failure it showed is over. */
  crmAnswered(): void {
    if (!this.ops.crmFailing) return;
    this.ops.crmFailing = false;
    const code = this.ops.lastError?.code;
    if (code?.startsWith('CRM_') || code === 'DATABASE_UNAVAILABLE') delete this.ops.lastError;
  }

  /** The CRM failed or refused the latest try and work waits for it (status WaitingOnCrm). */
  crmFailed(): void {
    this.ops.crmFailing = true;
  }

  noteAffiliate(affiliateId: string | undefined): void {
    if (affiliateId) this.ops.affiliateId = affiliateId;
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

  /** The stall clock's reminder went out, unless progress during the send started the clock over. */
  reminderSent(reminder: number, idleSince: number): void {
    if (this.ops.lastProgressAt === idleSince) this.ops.remindersSent = reminder;
  }

  /** Every accepted update counts towards the run's bound; most are progress too. */
  accepted(progress = true): void {
    this.updates++;
    if (progress) this.touch();
  }

  refuseWhenEnded(): void {
    if (this.ops.ended) throw journeyFailure('APPLICATION_CLOSED');
  }

  end(how: ApplicationEnd): void {
    this.ops.ended ??= how;
    this.publish();
  }

  /** Time for a new run: Temporal suggests it, or the history or the updates reached the run's bound. */
  dueForNewRun(): boolean {
    const info = workflowInfo();
    return (
      info.continueAsNewSuggested ||
      info.historyLength > this.timing.maxEventsPerRun ||
      this.updates >= this.timing.maxUpdatesPerRun
    );
  }

  get historyLength(): number {
    return workflowInfo().historyLength;
  }

  /** What the next run starts from when this one continues as new: the input and everything above. */
  nextInput(): ApplicationWorkflowInput {
    const carried: CarriedState = {
      progress: this.progress,
      leadChanges: this.leadChanges,
      documents: this.documents,
      ops: this.ops,
      seenEvents: [...this.seenEvents].slice(-50),
      ...(this.copiedFiles.size ? { copiedFiles: [...this.copiedFiles] } : {}),
      ...(this.leadSeq ? { leadSeq: this.leadSeq } : {}),
      runs: (this.input.carried?.runs ?? 0) + 1,
    };
    return { ...this.input, lead: this.lead, carried };
  }

  signingOpen(): boolean {
    const s = this.progress.signing;
    return !!s && !s.signed && !SIGN_ENDED_STATUSES.includes(s.request.status);
  }

  private facts(): StatusFacts {
    return {
      ops: this.ops,
      crmWorkPending: !this.progress.sfLeadId || this.leadChanges.length > 0 || this.conversionOwed(),
      signingOpen: this.signingOpen(),
    };
  }

  /** getProgress's answer for operators: status, turn, pending external work, last error, stall clock. */
  operations(): OperationsView {
    const pending = [
      ...(!this.progress.sfLeadId ? ['crm-lead'] : []),
      ...(this.leadChanges.length ? ['crm-lead-update'] : []),
      ...(this.conversionOwed() ? ['crm-conversion'] : []),
      ...(this.documents.length ? ['documents'] : []),
      ...(this.signingOpen() ? ['signature'] : []),
    ];
    return operationsView(this.facts(), pending, this.input.carried?.runs ?? 0);
  }

  /** The search attributes operators filter on, upserted when they change (held: see hold()). */
  publish(): void {
    this.board.publish();
  }

  private searchValues(): SearchValues {
    const f = this.facts();
    const { ops, progress } = this;
    return {
      stage: progress.position.pageName,
      step: progress.position.pageStep,
      status: applicationStatus(f),
      country: ops.country,
      affiliate: ops.affiliateId,
      // Whole minutes: an operator's 'no progress for a day' filter needs no finer, and each upsert costs.
      stalledSince: ops.lastProgressAt - (ops.lastProgressAt % 60_000),
      crmSyncPending: f.crmWorkPending,
      // 'CRM_REJECTED:INVALID_EMAIL_ADDRESS': the refusal with Salesforce's code.
      lastError: ops.lastError && [ops.lastError.code, ops.lastError.detail].filter(Boolean).join(':'),
      lead: progress.sfLeadId,
    };
  }

  /**
   * Holds what publish() would upsert until release(), so a value that a local call changes and changes
   * back within one workflow task (CrmSyncPending while a lead change is written) is upserted once, with
   * where it ended, or not at all.
   */
  hold(): void {
    this.board.hold();
  }

  release(): void {
    this.board.release();
  }
}
