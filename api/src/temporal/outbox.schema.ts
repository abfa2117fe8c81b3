import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

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
