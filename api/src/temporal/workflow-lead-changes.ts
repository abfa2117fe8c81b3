import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { COLLECTIONS, type LeadChange } from '@portal/libs';
import { updateLead } from '@portal/workflows';
import { ApplicationWorkflows } from './application-workflows.service';
import { WorkflowOutbox } from './workflow-outbox.service';

type Sealed = { metadata: Record<string, string>; data: string };

/**
 * An application's lead changes saved and not yet handed to its workflow: a keyed lookup document (`_id` the
 * application's id), each save's change sealed by the workflow payload codec (they carry the tax id and the
 * owners' answers) and pushed in save order. `seq` counts the saves and never goes back: the workflow takes
 * a hand-over only if its `leadSeq` is newer than the last it took, so a late hand-over of older answers
 * never overwrites newer ones.
 */
@Schema({ collection: COLLECTIONS.pendingleads, versionKey: false })
export class PendingLead {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) seq: number;
  /** Absent once handed over. */
  @Prop({ type: [Object], default: undefined }) changes?: Sealed[];
  /** A stage move through another replica than the saves' carries the changes up to `seq`, until `until`. */
  @Prop({ type: Object, default: undefined }) carrying?: { seq: number; until: Date };
}
export const PendingLeadSchema = SchemaFactory.createForClass(PendingLead);

/** A save's lead change waits this long for the stage move that usually follows it, then goes alone. */
export const LEAD_HANDOVER_MS = 2_000;

/**
 * How long a move's mark holds the other replicas' hand-overs back: longer than any move takes (the
 * update is answered or refused well within it); a replica that died mid-move leaves a mark that expires.
 */
const CARRY_MS = 60_000;

/**
 * The merged changes as the workflow takes them (updateLead's or moveStage's `lead`); `carried` when read
 * for a hand-over while a move through another replica carries every one of them.
 */
export type PendingLeadChange = { fields: LeadChange & { leadSeq: number }; seq: number; carried?: boolean };

/**
 * A save's lead change does not signal the workflow at once (one signal and one workflow task per
 * save). It is kept here (durably, in MongoDB) and goes with the stage move that follows the save (the web
 * saves a page, then moves on), or, when no move takes it within LEAD_HANDOVER_MS, by one updateLead signal
 * with everything saved meanwhile. Kept until handed over: an api that stops hands over what it holds; one
 * that dies leaves it for the application's next save or move.
 */
@Injectable()
export class WorkflowLeadChanges implements OnModuleDestroy {
  private readonly logger = new Logger(WorkflowLeadChanges.name);
  private readonly due = new Map<string, NodeJS.Timeout>();
  /**
   * What this process knows an application's document holds: read, cleared after a hand-over, or left by
   * this process's save (whose write answers what the document held before it, so the save knows what it
   * holds after). A stage move hands over what is known without reading it (a move is one round
   * trip fewer; with nothing waiting, none). A save through another replica is handed over by that
   * replica's own timer: a move that carried less than waits leaves the document (its clear names the
   * `seq` it carried) and that timer hands over the rest. Bounded: the oldest are forgotten (then read
   * again). `adds` counts this process's saves, so a read or clear that raced one never overwrites what
   * the save learnt.
   */
  private readonly known = new Map<string, { seq: number; changes: Sealed[] }>();
  private adds = 0;

  constructor(
    @InjectModel(PendingLead.name) private readonly pending: Model<PendingLead>,
    private readonly outbox: WorkflowOutbox,
    private readonly workflows: ApplicationWorkflows,
  ) {}

  /** Keeps the change (one write) and hands it over soon unless a stage move takes it first. */
  async add(applicationId: string, change: LeadChange): Promise<void> {
    this.adds++;
    this.known.delete(applicationId);
    const sealed = await this.outbox.seal(change);
    const push = { $inc: { seq: 1 }, $push: { changes: sealed } };
    // One write that answers the document as it was before it: with this change pushed, what it holds now.
    const before = await this.pending
      .findOneAndUpdate({ _id: applicationId }, push, { upsert: true, returnDocument: 'before' })
      .lean()
      .then(
        (held) => (held ? { seq: held.seq, changes: held.changes ?? [] } : { seq: 0, changes: [] }),
        async (err: { code?: number }) => {
          // Two first saves at once may both upsert on FerretDB and one meet E11000: the document is there.
          if (err.code !== 11000) throw err;
          await this.pending.updateOne({ _id: applicationId }, push);
          return undefined; // what it held is not known: read by the next move
        },
      );
    if (before) this.learn(applicationId, before.seq + 1, [...before.changes, sealed]);
    this.handOverLater(applicationId);
  }

  /** What waits for this application, merged in save order, for a stage move to carry (then `taken`). */
  async take(applicationId: string, { read = false } = {}): Promise<PendingLeadChange | undefined> {
    let held = read ? undefined : this.known.get(applicationId);
    let carried = false;
    if (!held) {
      const adds = this.adds;
      const found = await this.pending.findById(applicationId).lean();
      held = { seq: found?.seq ?? 0, changes: found?.changes ?? [] };
      if (adds === this.adds) this.learn(applicationId, held.seq, held.changes);
      carried = found?.carrying?.seq === held.seq && new Date(found.carrying.until).getTime() > Date.now();
    }
    if (!held.changes.length) return undefined;
    const changes = (await Promise.all(held.changes.map((c) => this.outbox.open(c)))) as LeadChange[];
    return { fields: { ...Object.assign({}, ...changes), leadSeq: held.seq }, seq: held.seq, carried };
  }

  /**
   * Sends the stage move that carries `lead` (from `take`) with the saves' own hand-over held back: a move
   * that outlasted LEAD_HANDOVER_MS (the one onto the signature waits for Box, seconds on a loaded machine,
   * more with Box itself) had the timer send the same changes again by signal, a workflow task spent
   * ignoring them. The saves' timer is this replica's when it is due here (held here); else another
   * replica's, which finds the move's mark on the document and waits for it (one write, only then). A save
   * made meanwhile is handed over as before; a move that fails leaves the changes to be handed over as if
   * just saved.
   */
  async carried<T>(applicationId: string, lead: PendingLeadChange | undefined, move: () => Promise<T>): Promise<T> {
    if (!lead) return move();
    const here = this.due.has(applicationId);
    if (here) {
      clearTimeout(this.due.get(applicationId));
      this.due.delete(applicationId);
    } else {
      // Unmarked (the database busy), another replica's hand-over may send them again: the workflow ignores it.
      const until = new Date(Date.now() + CARRY_MS);
      await this.pending
        .updateOne({ _id: applicationId, seq: lead.seq }, { $set: { carrying: { seq: lead.seq, until } } })
        .catch(() => undefined);
    }
    try {
      return await move();
    } catch (e) {
      if (!here)
        await this.pending.updateOne({ _id: applicationId }, { $unset: { carrying: 1 } }).catch(() => undefined);
      this.handOverLater(applicationId);
      throw e;
    }
  }

  /** Handed over: cleared unless a newer save came meanwhile (that one holds these changes too). */
  async taken(applicationId: string, seq: number): Promise<void> {
    const adds = this.adds;
    const cleared = await this.pending.updateOne({ _id: applicationId, seq }, { $unset: { changes: 1, carrying: 1 } });
    if (cleared.modifiedCount !== 1) {
      this.known.delete(applicationId); // a newer save came (its hand-over stays due), or another took them
      return;
    }
    clearTimeout(this.due.get(applicationId));
    this.due.delete(applicationId);
    if (adds === this.adds) this.learn(applicationId, seq, []);
  }

  /** Keeps what the document holds at `seq` unless something newer is known (the oldest are forgotten). */
  private learn(applicationId: string, seq: number, changes: Sealed[]) {
    const was = this.known.get(applicationId);
    if (was && was.seq > seq) return;
    this.known.delete(applicationId); // re-inserted last: the map forgets the least recently learnt
    this.known.set(applicationId, { seq, changes });
    if (this.known.size > 50_000) this.known.delete(this.known.keys().next().value!);
  }

  private handOverLater(applicationId: string) {
    clearTimeout(this.due.get(applicationId));
    const timer = setTimeout(() => void this.handOver(applicationId), LEAD_HANDOVER_MS);
    timer.unref();
    this.due.set(applicationId, timer);
  }

  /** One updateLead signal with what waits (the outbox keeps it if Temporal is unreachable). */
  private async handOver(applicationId: string): Promise<void> {
    this.due.delete(applicationId);
    try {
      const waiting = await this.take(applicationId, { read: true });
      if (!waiting) return;
      // A move through another replica carries them: its clear ends this, its failure hands them over.
      if (waiting.carried) return this.handOverLater(applicationId);
      // Logged by the door and refused only for a closed or missing workflow: nothing more to hand over then.
      await this.workflows.signal(applicationId, updateLead, waiting.fields).catch(() => undefined);
      await this.taken(applicationId, waiting.seq);
    } catch (e) {
      this.logger.error({ msg: 'lead change not handed over', applicationId, error: (e as Error).message });
    }
  }

  async onModuleDestroy() {
    const ids = [...this.due.keys()];
    for (const id of ids) clearTimeout(this.due.get(id));
    await Promise.all(ids.map((id) => this.handOver(id)));
  }
}
