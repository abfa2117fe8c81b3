import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { PayloadCodec } from '@temporalio/common';
import type { Model, Types } from 'mongoose';
import { APPLICATION_WORKFLOW_TYPE, applicationWorkflowId, createDataConverter } from '@portal/workflows';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { OutboxApplication, OutboxEntry } from './outbox.schema';
import { TEMPORAL_CLIENT } from './temporal-client.token';

const CLAIM_MS = 30_000;
/** How long one call to Temporal may take before it counts as unreachable. */
export const TEMPORAL_CALL_MS = 5_000;

const enc = new TextEncoder();
const dec = new TextDecoder();
const b64 = (u: Uint8Array | null | undefined) => Buffer.from(u ?? new Uint8Array()).toString('base64');
const unb64 = (s: string) => Uint8Array.from(Buffer.from(s, 'base64'));

/**
 * The outbox of starts and signals that found Temporal unreachable (issue 12 item 7): the applicant's
 * answer is saved, their signal kept here, and drained in order when Temporal is back. No step is lost.
 */
@Injectable()
export class WorkflowOutbox implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(WorkflowOutbox.name);
  private codec?: Promise<PayloadCodec>;
  private timer?: NodeJS.Timeout;
  private draining?: Promise<void>;

  constructor(
    @InjectModel(OutboxEntry.name) private readonly entries: Model<OutboxEntry>,
    @InjectModel(OutboxApplication.name) private readonly waiting: Model<OutboxApplication>,
    @Inject(TEMPORAL_CLIENT) private readonly client: Client,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
  ) {}

  onModuleInit() {
    this.timer = setInterval(() => void this.drain(), this.settings.OUTBOX_DRAIN_INTERVAL);
    this.timer.unref();
  }

  async onModuleDestroy() {
    clearInterval(this.timer);
    await this.draining;
  }

  private codecOf() {
    this.codec ??= createDataConverter(this.settings).then((c) => c.payloadCodecs![0]!);
    return this.codec;
  }

  /** JSON sealed by the workflow payload codec (also the pending lead changes' storage, workflow-lead-changes.ts). */
  async seal(value: unknown) {
    const [p] = await (
      await this.codecOf()
    ).encode([{ metadata: { encoding: enc.encode('json/plain') }, data: enc.encode(JSON.stringify(value)) }]);
    return {
      metadata: Object.fromEntries(Object.entries(p!.metadata ?? {}).map(([k, v]) => [k, b64(v)])),
      data: b64(p!.data),
    };
  }

  async open(sealed: OutboxEntry['sealed']): Promise<unknown> {
    const metadata = Object.fromEntries(Object.entries(sealed.metadata).map(([k, v]) => [k, unb64(v)]));
    const [p] = await (await this.codecOf()).decode([{ metadata, data: unb64(sealed.data) }]);
    return JSON.parse(dec.decode(p!.data ?? new Uint8Array()));
  }

  /** Entries of this application still waiting: a new signal must queue behind them to keep the order. */
  async pending(applicationId: string): Promise<boolean> {
    return (await this.waiting.exists({ _id: applicationId })) !== null;
  }

  async add(applicationId: string, kind: 'start' | 'signal', value: unknown, signal?: string) {
    const entry = await this.entries.create({ applicationId, kind, signal, sealed: await this.seal(value) });
    const mark = { $set: { last: entry._id } };
    // Two adds at once may both upsert on FerretDB and one meet E11000: the marker is there, set it.
    await this.waiting
      .updateOne({ _id: applicationId }, mark, { upsert: true })
      .catch(async (err: { code?: number }) => {
        if (err.code !== 11000) throw err;
        await this.waiting.updateOne({ _id: applicationId }, mark);
      });
    this.logger.warn({ msg: 'temporal unreachable: kept in the outbox', applicationId, kind, signal });
  }

  /** Sends what waits, oldest first; stops at the first sign that Temporal is still unreachable. */
  drain(): Promise<void> {
    this.draining ??= this.drainOnce().finally(() => (this.draining = undefined));
    return this.draining;
  }

  private async drainOnce() {
    const waiting = await this.entries.find().sort({ _id: 1 }).limit(200).lean();
    const held = new Set<string>();
    for (const e of waiting) {
      if (held.has(e.applicationId)) continue;
      const now = new Date();
      const claimed = await this.entries.findOneAndUpdate(
        { _id: e._id, claimedUntil: { $lt: now } },
        { $set: { claimedUntil: new Date(now.getTime() + CLAIM_MS) }, $inc: { attempts: 1 } },
      );
      if (!claimed) {
        held.add(e.applicationId); // another replica is sending it; the next ones wait their turn
        continue;
      }
      try {
        await this.send(e);
        await this.entries.deleteOne({ _id: e._id });
        await this.sent(e);
      } catch (err) {
        if (err instanceof WorkflowNotFoundError) {
          // The application's workflow has ended or never was: nothing left to tell it.
          this.logger.error({
            msg: 'outbox entry dropped: no running workflow',
            applicationId: e.applicationId,
            kind: e.kind,
            signal: e.signal,
            queuedAt: e._id.getTimestamp(),
          });
          await this.entries.deleteOne({ _id: e._id });
          await this.sent(e);
          continue;
        }
        await this.entries.updateOne({ _id: e._id }, { $set: { claimedUntil: new Date(0) } });
        return; // still unreachable: try again next round
      }
    }
  }

  /** The application's marker goes with its newest entry (a newer one keeps it). */
  private async sent(e: OutboxEntry & { _id: Types.ObjectId }) {
    await this.waiting.deleteOne({ _id: e.applicationId, last: e._id });
  }

  private async send(e: OutboxEntry) {
    const value = await this.open(e.sealed);
    const deadline = Date.now() + TEMPORAL_CALL_MS;
    await this.client.connection.withDeadline(deadline, async () => {
      if (e.kind === 'start')
        await this.client.workflow.start(APPLICATION_WORKFLOW_TYPE, {
          workflowId: applicationWorkflowId(e.applicationId),
          taskQueue: this.settings.TEMPORAL_TASK_QUEUE,
          workflowIdConflictPolicy: 'USE_EXISTING',
          args: [value],
        });
      else
        await this.client.workflow
          .getHandle(applicationWorkflowId(e.applicationId))
          .signal(e.signal!, ...(value as unknown[]));
    });
  }
}
