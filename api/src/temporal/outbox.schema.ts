import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type Types } from 'mongoose';

/**
 * A start or signal the api could not hand to Temporal (unreachable): kept in MongoDB, its payload
 * encrypted with the workflow payload codec (lead fields may carry PII), and sent in order once Temporal
 * answers again. Entries of one application go out oldest first; a later one waits for the earlier.
 */
@Schema({ collection: 'workflowoutbox', timestamps: true })
export class OutboxEntry {
  @Prop({ required: true, index: true }) applicationId: string;
  @Prop({ required: true }) kind: 'start' | 'signal';
  /** The signal's wire name (kind 'signal'). */
  @Prop() signal?: string;
  /** The arguments (or the start input), JSON, sealed by the payload codec: base64 of metadata and data. */
  @Prop({ type: Object, required: true }) sealed: { metadata: Record<string, string>; data: string };
  @Prop({ default: 0 }) attempts: number;
  /** A replica sending this entry holds it until then, so two replicas never send it at once. */
  @Prop({ type: Date, default: () => new Date(0) }) claimedUntil: Date;
}
export const OutboxEntrySchema = SchemaFactory.createForClass(OutboxEntry);

/**
 * An application with entries waiting in the outbox: a keyed lookup document (`_id` the application's id),
 * so that every signal's check 'does this application have entries waiting?' is a read by `_id` (before,
 * `workflowoutbox.exists({ applicationId })` read the whole outbox on FerretDB v1.24). `last` is the newest
 * entry added: the drain removes the marker with the entry it names, so a marker stays while a newer one
 * waits. A marker left with nothing behind it (an entry sent between its insert and the marker's write)
 * only routes the application's next signal through the outbox, whose drain then removes it. `entries`
 * names the entries waiting, oldest first, for the drain to read each by `_id` (markers written before it
 * lack the list: tools/migrate adds it).
 */
@Schema({ collection: 'workflowoutboxapps', versionKey: false })
export class OutboxApplication {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: SchemaTypes.ObjectId, required: true }) last: Types.ObjectId;
  @Prop({ type: [SchemaTypes.ObjectId], default: undefined }) entries?: Types.ObjectId[];
}
export const OutboxApplicationSchema = SchemaFactory.createForClass(OutboxApplication);

/**
 * The applications with entries waiting, in one keyed document (`_id` 'waiting'): the drain's timer reads
 * it by `_id` (`workflowoutbox.find()` read the whole outbox on FerretDB v1.24, each
 * OUTBOX_DRAIN_INTERVAL on every replica). An application joins it with its marker and leaves it with
 * its marker.
 */
@Schema({ collection: 'workflowoutboxlist', versionKey: false })
export class OutboxList {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: [String], default: undefined }) apps?: string[];
}
export const OutboxListSchema = SchemaFactory.createForClass(OutboxList);
export const OUTBOX_LIST_ID = 'waiting';
