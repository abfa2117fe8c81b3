import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { COLLECTIONS, type LeadChange } from '@portal/libs';
import { updateLead } from '@portal/workflows';
import { ApplicationWorkflows } from './application-workflows.service';
import { WorkflowOutbox } from './workflow-outbox.service';

/**
 * An application's lead changes saved and not yet handed to its workflow: a keyed lookup document (`_id` the
 * application's id), the changes merged and sealed by the workflow payload codec (they carry the tax id and
 * the owners' answers). `seq` counts the saves and never goes back: the workflow takes a change only if its
 * `leadSeq` is newer than the last it took, so a late hand-over of older answers never overwrites newer ones.
 */
@Schema({ collection: COLLECTIONS.pendingleads, versionKey: false })
export class PendingLead {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) seq: number;
  /** Absent once handed over. */
  @Prop({ type: Object }) sealed?: { metadata: Record<string, string>; data: string };
}
export const PendingLeadSchema = SchemaFactory.createForClass(PendingLead);

/** A save's lead change waits this long for the stage move that usually follows it, then goes alone. */
export const LEAD_HANDOVER_MS = 1_000;

/** The merged changes as the workflow takes them (updateLead's or moveStage's `lead`). */
export type PendingLeadChange = { fields: LeadChange & { leadSeq: number }; seq: number };

/**
 * Issue 26: a save's lead change does not signal the workflow at once (one signal and one workflow task per
 * save). It is kept here (durably, in MongoDB) and goes with the stage move that follows the save (the web
 * saves a page, then moves on), or, when no move takes it within LEAD_HANDOVER_MS, by one updateLead signal
 * with everything saved meanwhile. Kept until handed over: an api that stops hands over what it holds; one
 * that dies leaves it for the application's next save or move.
 */
@Injectable()
export class WorkflowLeadChanges implements OnModuleDestroy {
  private readonly logger = new Logger(WorkflowLeadChanges.name);
  private readonly due = new Map<string, NodeJS.Timeout>();

  constructor(
    @InjectModel(PendingLead.name) private readonly pending: Model<PendingLead>,
    private readonly outbox: WorkflowOutbox,
    private readonly workflows: ApplicationWorkflows,
  ) {}

  /** Keeps the change, merged over what waits, and hands it over soon unless a stage move takes it first. */
  async add(applicationId: string, change: LeadChange): Promise<void> {
    for (let tries = 0; ; tries++) {
      const held = await this.pending.findById(applicationId).lean();
      const before = held?.sealed ? ((await this.outbox.open(held.sealed)) as LeadChange) : {};
      const sealed = await this.outbox.seal({ ...before, ...change });
      // Compare-and-set on seq: a save at the same moment makes one of the two merge again.
      const written = held
        ? (await this.pending.updateOne({ _id: applicationId, seq: held.seq }, { $set: { seq: held.seq + 1, sealed } }))
            .modifiedCount === 1
        : await this.pending.create({ _id: applicationId, seq: 1, sealed }).then(
            () => true,
            (err: { code?: number }) => {
              if (err.code !== 11000) throw err;
              return false;
            },
          );
      if (written) break;
      if (tries >= 5) throw new Error('lead change not kept: too many saves at once');
    }
    this.handOverLater(applicationId);
  }

  /** What waits for this application, for a stage move to carry (cleared with `taken` once it is accepted). */
  async take(applicationId: string): Promise<PendingLeadChange | undefined> {
    const held = await this.pending.findById(applicationId).lean();
    if (!held?.sealed) return undefined;
    const fields = (await this.outbox.open(held.sealed)) as LeadChange;
    return { fields: { ...fields, leadSeq: held.seq }, seq: held.seq };
  }

  /** Handed over: cleared unless a newer save came meanwhile (that one holds these changes too). */
  async taken(applicationId: string, seq: number): Promise<void> {
    await this.pending.updateOne({ _id: applicationId, seq }, { $unset: { sealed: 1 } });
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
      const waiting = await this.take(applicationId);
      if (!waiting) return;
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
