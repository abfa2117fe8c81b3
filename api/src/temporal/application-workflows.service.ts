import {
  HttpException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  type Client,
  type WorkflowExecutionAlreadyStartedError,
} from '@temporalio/client';
import type { QueryDefinition, SignalDefinition, UpdateDefinition } from '@temporalio/common';
import {
  ACCOUNT_CODES,
  JOURNEY_ERRORS,
  isJourneyErrorCode,
  type JourneyErrorCode,
  API_CODES,
  JOURNEY_CODES,
} from '@portal/libs';
import {
  APPLICATION_WORKFLOW_TYPE,
  applicationWorkflowId,
  getProgress,
  type ApplicationWorkflowInput,
  type createDataConverter,
  type EncryptionCodec,
  type LifecycleTiming,
  type ProgressAnswer,
} from '@portal/workflows';
import { TryAgainException } from '../common/http-exception.filter';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { DATA_CONVERTER, TEMPORAL_CLIENT } from './temporal-client.token';
import { TEMPORAL_CALL_MS, WorkflowOutbox } from './workflow-outbox.service';

/** A run in one of these states has closed: its progress never changes again. */
const CLOSED = ['COMPLETED', 'FAILED', 'CANCELLED', 'TERMINATED', 'TIMED_OUT'];

/** Activity error classes whose refusal the applicant sees, by the code the web matches on. */
const ERROR_TYPE_CODES: Readonly<Record<string, JourneyErrorCode>> = { NoSignersError: 'NO_SIGNERS' };

/** An HTTP error carrying the journey code, for the exception filter to answer in data.code. */
export class JourneyRefusal extends HttpException {
  constructor(readonly code: JourneyErrorCode) {
    super({ message: JOURNEY_CODES[code], code }, JOURNEY_ERRORS[code].status);
  }
}

/** The first journey code in a failure's cause chain (the workflow's refusal, or an activity's). */
function journeyCode(e: unknown): JourneyErrorCode | undefined {
  for (let c = e as { type?: unknown; cause?: unknown } | undefined; c; c = c.cause as typeof c) {
    if (isJourneyErrorCode(c.type)) return c.type;
    if (typeof c.type === 'string' && ERROR_TYPE_CODES[c.type]) return ERROR_TYPE_CODES[c.type];
  }
  return undefined;
}

/**
 * The api's one door to the application workflows: nothing else starts, updates, signals or queries
 * them, so every caller gets the same answers:
 * - the workflow refused (its validator, or a refusal the applicant can act on) → the code's status
 *   (400 or 409) with the spec's message and the code;
 * - an update failed underneath (an outside service gave up) → 503 with the caller's fallback text;
 * - no such workflow → 404;
 * - Temporal unreachable → 503; the applicant's answers are already saved in MongoDB by then.
 */
@Injectable()
export class ApplicationWorkflows {
  private readonly logger = new Logger(ApplicationWorkflows.name);

  constructor(
    @Inject(TEMPORAL_CLIENT) private readonly client: Client,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
    private readonly outbox: WorkflowOutbox,
    @Inject(DATA_CONVERTER) private readonly converter: Awaited<ReturnType<typeof createDataConverter>>,
  ) {}

  /** One call to Temporal, given up after TEMPORAL_CALL_MS (an unreachable server must not hang a request). */
  private soon<T>(fn: () => Promise<T>): Promise<T> {
    return this.client.connection.withDeadline(Date.now() + TEMPORAL_CALL_MS, fn);
  }

  private handle(applicationId: string) {
    return this.client.workflow.getHandle(applicationWorkflowId(applicationId));
  }

  private refuse(e: unknown, applicationId: string, what: string, fallback: string): never {
    const code = journeyCode(e);
    if (code) throw new JourneyRefusal(code);
    // The run has ended (submitted, withdrawn, abandoned): no update or signal reaches it any more.
    if (e instanceof WorkflowNotFoundError && /complet|closed/i.test(e.message))
      throw new JourneyRefusal('APPLICATION_CLOSED');
    if (e instanceof WorkflowNotFoundError) throw new NotFoundException(API_CODES.applicationNotFound);
    const reason = e instanceof WorkflowUpdateFailedError ? 'update failed' : 'temporal unavailable';
    this.logger.error({ msg: `${what}: ${reason}`, applicationId, error: (e as Error)?.message });
    throw new ServiceUnavailableException(fallback);
  }

  /**
   * Starts the application's workflow; a second start (a double click, a retried sign-up) finds the
   * running one instead of failing or starting another.
   */
  async start(input: ApplicationWorkflowInput): Promise<void> {
    const args = { ...input, timing: input.timing ?? this.timing() };
    // The application's payload key made first (one insert, not a read then the insert): the start's
    // payloads are sealed with it. Not made now (the database busy, or an erased key): the codec's own
    // lookup answers as it would have.
    await (this.converter.payloadCodecs?.[0] as EncryptionCodec | undefined)?.applicationKeys
      ?.forNewApplication(input.applicationId)
      .catch(() => undefined);
    try {
      await this.soon(() =>
        this.client.workflow.start(APPLICATION_WORKFLOW_TYPE, {
          workflowId: applicationWorkflowId(input.applicationId),
          taskQueue: this.settings.TEMPORAL_TASK_QUEUE,
          workflowIdConflictPolicy: 'USE_EXISTING',
          args: [args],
        }),
      );
    } catch (e) {
      if ((e as WorkflowExecutionAlreadyStartedError)?.name === 'WorkflowExecutionAlreadyStartedError') return;
      if (journeyCode(e)) this.refuse(e, input.applicationId, 'start', ACCOUNT_CODES.somethingWentWrong);
      // Temporal unreachable: the sign-up is saved; the start waits in the outbox (with its signals after it).
      await this.outbox.add(input.applicationId, 'start', args);
    }
  }

  /** The life cycle's durations and run bounds, from configuration; a run carries them to its successors. */
  private timing(): Partial<LifecycleTiming> {
    const s = this.settings;
    return {
      firstReminderMs: s.STALL_FIRST_REMINDER,
      secondReminderMs: s.STALL_SECOND_REMINDER,
      abandonMs: s.STALL_ABANDON_AFTER,
      maxEventsPerRun: s.WORKFLOW_RUN_MAX_EVENTS,
      maxUpdatesPerRun: s.WORKFLOW_RUN_MAX_UPDATES,
    };
  }

  async update<Ret, Args extends unknown[]>(
    applicationId: string,
    def: UpdateDefinition<Ret, Args>,
    args: Args,
    fallback: string = ACCOUNT_CODES.somethingWentWrong,
    /** `queuedSignals` read by the caller beside its own reads (one round trip fewer before the update). */
    queued?: boolean,
  ): Promise<Ret> {
    await this.afterQueuedSignals(applicationId, def.name, fallback, queued);
    try {
      // The SDK's overloads split empty and non-empty argument lists; both travel the same way.
      const update = def as unknown as UpdateDefinition<Ret, [unknown]>;
      return await this.handle(applicationId).executeUpdate(update, { args: args as unknown as [unknown] });
    } catch (e) {
      return this.refuse(e, applicationId, def.name, fallback);
    }
  }

  /** Whether signals of this application wait in the outbox (for `update`'s `queued`). */
  queuedSignals(applicationId: string): Promise<boolean> {
    return this.outbox.pending(applicationId);
  }

  /**
   * An update must not overtake the application's signals still waiting in the outbox: a voided check told
   * while Temporal was down, then the submission sent straight to the workflow once it was back, submitted
   * the application without the file (restart spec, Temporal stopped before the final step). The outbox is
   * drained first; if the signals still cannot go, the update is refused for now (503 TRY_AGAIN).
   */
  private async afterQueuedSignals(
    applicationId: string,
    what: string,
    fallback: string,
    queued?: boolean,
  ): Promise<void> {
    if (!(queued ?? (await this.outbox.pending(applicationId)))) return;
    await this.outbox.drain();
    if (!(await this.outbox.pending(applicationId))) return;
    this.logger.warn({ msg: `${what}: waits for the signals in the outbox`, applicationId });
    throw new TryAgainException(fallback);
  }

  /**
   * A signal is never lost: when Temporal is unreachable (or earlier signals of this application still
   * wait) it goes to the outbox in MongoDB, sent in order when Temporal is back. A workflow that is gone
   * or closed is still refused (404 / APPLICATION_CLOSED).
   */
  async signal<Args extends unknown[]>(
    applicationId: string,
    def: SignalDefinition<Args>,
    ...args: Args
  ): Promise<void> {
    if (await this.outbox.pending(applicationId)) return this.outbox.add(applicationId, 'signal', args, def.name);
    try {
      await this.soon(() => this.handle(applicationId).signal(def, ...args));
    } catch (e) {
      if (journeyCode(e) || e instanceof WorkflowNotFoundError)
        this.refuse(e, applicationId, def.name, ACCOUNT_CODES.somethingWentWrong);
      await this.outbox.add(applicationId, 'signal', args, def.name);
    }
  }

  async query<Ret, Args extends unknown[] = []>(
    applicationId: string,
    def: QueryDefinition<Ret, Args>,
    ...args: Args
  ): Promise<Ret> {
    try {
      return await this.soon(() => this.handle(applicationId).query(def, ...args));
    } catch (e) {
      return this.refuse(e, applicationId, def.name, ACCOUNT_CODES.somethingWentWrong);
    }
  }

  /**
   * The application's final progress once its run has closed, or undefined while the run is open. Neither
   * call runs workflow code: the run's state (DescribeWorkflowExecution) and its result, the final
   * getProgress answer, from the close event. A run closed without one (terminated by an operator, or ended
   * before runs had a result) is queried once: that query replays its history.
   */
  async finalProgress(applicationId: string): Promise<ProgressAnswer | undefined> {
    const handle = this.handle(applicationId);
    try {
      const { status } = await this.soon(() => handle.describe());
      if (!CLOSED.includes(status.name)) return undefined;
      const result = status.name === 'COMPLETED' ? ((await this.soon(() => handle.result())) as unknown) : undefined;
      return (result as ProgressAnswer | undefined) ?? (await this.soon(() => handle.query(getProgress)));
    } catch (e) {
      return this.refuse(e, applicationId, 'finalProgress', ACCOUNT_CODES.somethingWentWrong);
    }
  }

  /** A short workflow run to its end (the affiliate check): its result, or 503. */
  async execute<Ret>(
    workflowType: string,
    workflowId: string,
    args: unknown[],
    timeout: string,
    fallback: string,
  ): Promise<Ret> {
    try {
      return await this.client.workflow.execute<() => Promise<Ret>>(workflowType, {
        workflowId,
        taskQueue: this.settings.TEMPORAL_TASK_QUEUE,
        args: args as [],
        workflowExecutionTimeout: timeout,
      });
    } catch (e) {
      return this.refuse(e, workflowId, workflowType, fallback);
    }
  }
}
