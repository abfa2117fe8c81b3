import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One idempotency key of one scope (a user, or the anonymous register). Its _id is a hash of the scope
 * and the key, so claiming a key is a plain insert that the unique _id makes atomic on MongoDB and on
 * FerretDB alike (E11000 means someone else holds it), and every read is an _id lookup. FerretDB has
 * no TTL indexes: `expiresAt` is checked on every read and swept now and then by the service.
 */
@Schema({ collection: 'idempotencykeys', versionKey: false })
export class IdempotencyRecord {
  @Prop({ type: String, required: true }) _id: string;
  /** 'pending' while the first request runs; 'done' once its answer is stored; 'reaper' marks a takeover. */
  @Prop({ type: String, required: true }) state: 'pending' | 'done' | 'reaper';
  /** HMAC of method, path and body (or, for a streamed upload, its boundary-free headers). */
  @Prop({ type: String }) fingerprint?: string;
  /** A random id of the claim: only its holder may complete or release it. */
  @Prop({ type: String }) owner?: string;
  @Prop({ type: Number }) status?: number;
  /** The answer's JSON text, exactly as it was sent. */
  @Prop({ type: String }) body?: string;
  @Prop({ type: Date, required: true }) createdAt: Date;
  /** Pending: the claim's lease, renewed while the request runs. Done: 24 hours after the answer. */
  @Prop({ type: Date, required: true }) expiresAt: Date;
}
export const IdempotencyRecordSchema = SchemaFactory.createForClass(IdempotencyRecord);
