import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { PayloadCodec } from '@temporalio/common';
import type { Model, Types } from 'mongoose';
import { APPLICATION_WORKFLOW_TYPE, applicationWorkflowId, createDataConverter } from '@portal/workflows';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { OUTBOX_LIST_ID, OutboxApplication, OutboxEntry, OutboxList } from './outbox.schema';
import { TEMPORAL_CLIENT } from './temporal-client.token';

const CLAIM_MS = 30_000;
/** How long one call to Temporal may take before it counts as unreachable. */
export const TEMPORAL_CALL_MS = 5_000;

const enc = new TextEncoder();
const dec = new TextDecoder();
const b64 = (u: Uint8Array | null | undefined) => Buffer.from(u ?? new Uint8Array()).toString('base64');
const unb64 = (s: string) => Uint8Array.from(Buffer.from(s, 'base64'));

/**
 * The outbox of starts and signals that found Temporal unreachable: the applicant's
 * answer is saved, their signal kept here, and drained in order when Temporal is back. No step is lost.
 */
@Injectable()
export class WorkflowOutbox implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(WorkflowOutbox.name);
  private codec?: Promise<PayloadCodec>;
  private timer?: NodeJS.Timeout;
  /** When the timer fires (ms since the epoch): a wake-up never puts a nearer round further off. */
  private due = Infinity;
  private draining?: Promise<boolean>;
  private closed = false;

  constructor(
    @InjectModel(OutboxEntry.name) private readonly entries: Model<OutboxEntry>,
    @InjectModel(OutboxApplication.name) private readonly waiting: Model<OutboxApplication>,
    @InjectModel(OutboxList.name) private readonly list: Model<OutboxList>,
    @Inject(TEMPORAL_CLIENT) private readonly client: Client,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
  ) {}

  /**
   * No fixed fast timer: the outbox is empty almost always, and reading it every 2 s was most of an idle
   * api's own work. A round runs at start (what this replica left before a crash or a restart), then every
   * OUTBOX_DRAIN_INTERVAL while anything waits (on any replica: the list is shared), and when nothing does,
   * every OUTBOX_SWEEP_INTERVAL: the bound on how late an entry is sent whose own replica is gone. An entry
   * this replica adds wakes its rounds (add), and a replica alive sends its own within OUTBOX_DRAIN_INTERVAL.
   */
  onModuleInit() {
    this.wake(0);
  }

  async onModuleDestroy() {
    this.closed = true;
    clearTimeout(this.timer);
    await this.draining;
  }

  /** The next round within `ms` (sooner if one is due sooner). */
  private wake(ms: number) {
    const at = Date.now() + ms;
    if (this.closed || at >= this.due) return;
    clearTimeout(this.timer);
    this.due = at;
    this.timer = setTimeout(() => {
      this.due = Infinity;
      void this.drain().then(
        (left) => this.wake(left ? this.settings.OUTBOX_DRAIN_INTERVAL : this.settings.OUTBOX_SWEEP_INTERVAL),
        (err: Error) => {
          this.logger.warn({ msg: 'outbox round failed', error: err.message });
          this.wake(this.settings.OUTBOX_DRAIN_INTERVAL);
        },
      );
    }, ms);
    this.timer.unref();
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
    // Through the driver (every update and signal asks; a mongoose query's building
    // cost the api more CPU than the read).
    // (The driver's filter types `_id` as an ObjectId; here it is the application's id as a string.)
    const byId: Record<string, unknown> = { _id: applicationId };
    return (await this.waiting.collection.findOne(byId, { projection: { _id: 1 } })) !== null;
  }

  async add(applicationId: string, kind: 'start' | 'signal', value: unknown, signal?: string) {
    const entry = await this.entries.create({ applicationId, kind, signal, sealed: await this.seal(value) });
    // The marker, then the list: a drain that finds no marker re-reads it after leaving the list (unlist).
    await upsert(this.waiting, applicationId, { $set: { last: entry._id }, $push: { entries: entry._id } });
    await upsert(this.list, OUTBOX_LIST_ID, { $addToSet: { apps: applicationId } });
    // Temporal has just refused: the next try after the drain's pause, not at once.
    this.wake(this.settings.OUTBOX_DRAIN_INTERVAL);
    this.logger.warn({ msg: 'temporal unreachable: kept in the outbox', applicationId, kind, signal });
  }

  /**
   * Sends what waits, oldest first; stops at the first sign that Temporal is still unreachable. True when
   * anything was left waiting (on any replica), or may have been.
   */
  drain(): Promise<boolean> {
    this.draining ??= this.drainOnce().finally(() => (this.draining = undefined));
    return this.draining;
  }

  /**
   * Every read by `_id`: the list of applications waiting, each one's marker (its entries, oldest first),
   * each entry. At most 200 entries a round.
   */
  private async drainOnce(): Promise<boolean> {
    const list = await this.list.findById(OUTBOX_LIST_ID).lean();
    const apps = list?.apps ?? [];
    let budget = 200;
    for (const applicationId of apps) {
      if (budget <= 0) return true;
      const mark = await this.waiting.findById(applicationId).lean();
      if (!mark) {
        await this.unlist(applicationId);
        continue;
      }
      // A marker written before `entries` (tools/migrate adds it): its application's entries, found by field.
      const ids =
        mark.entries ??
        (await this.entries.find({ applicationId }, { _id: 1 }).sort({ _id: 1 }).lean()).map((e) => e._id);
      for (const id of ids) {
        if (budget-- <= 0) return true;
        const e = await this.entries.findById(id).lean();
        if (!e) {
          await this.forget(applicationId, id); // sent by another replica meanwhile
          continue;
        }
        const now = new Date();
        const claimed = await this.entries.findOneAndUpdate(
          { _id: e._id, claimedUntil: { $lt: now } },
          { $set: { claimedUntil: new Date(now.getTime() + CLAIM_MS) }, $inc: { attempts: 1 } },
        );
        if (!claimed) break; // another replica is sending it; the next ones wait their turn (a round soon)
        try {
          await this.send(e);
        } catch (err) {
          if (!(err instanceof WorkflowNotFoundError)) {
            await this.entries.updateOne({ _id: e._id }, { $set: { claimedUntil: new Date(0) } });
            return true; // still unreachable: try again next round
          }
          // The application's workflow has ended or never was: nothing left to tell it.
          this.logger.error({
            msg: 'outbox entry dropped: no running workflow',
            applicationId: e.applicationId,
            kind: e.kind,
            signal: e.signal,
            queuedAt: e._id.getTimestamp(),
          });
        }
        await this.entries.deleteOne({ _id: e._id });
        await this.forget(applicationId, e._id);
      }
    }
    // Something was listed: another round soon sees whether it all went (another replica may hold some).
    return apps.length > 0;
  }

  /**
   * An entry gone: out of its marker's list, and the marker goes with its newest entry (a newer one keeps
   * it), and the application leaves the list with its marker.
   */
  private async forget(applicationId: string, id: Types.ObjectId) {
    await this.waiting.updateOne({ _id: applicationId }, { $pull: { entries: id } });
    const gone = await this.waiting.deleteOne({ _id: applicationId, last: id });
    if (gone.deletedCount === 1) await this.unlist(applicationId);
  }

  /** Off the list; back on it when an add wrote the marker meanwhile (it lists the application after). */
  private async unlist(applicationId: string) {
    await this.list.updateOne({ _id: OUTBOX_LIST_ID }, { $pull: { apps: applicationId } });
    if (await this.waiting.exists({ _id: applicationId }))
      await this.list.updateOne({ _id: OUTBOX_LIST_ID }, { $addToSet: { apps: applicationId } });
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

/** An upsert by `_id`; two at once on FerretDB may meet E11000, and the loser's update then applies as such. */
async function upsert<T>(model: Model<T>, _id: string, update: object) {
  await model.updateOne({ _id }, update, { upsert: true }).catch(async (err: { code?: number }) => {
    if (err.code !== 11000) throw err;
    await model.updateOne({ _id }, update);
  });
}
