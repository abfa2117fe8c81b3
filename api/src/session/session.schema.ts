import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type Types } from 'mongoose';

/**
 * One refresh token. Tokens rotate: each refresh replaces the token with a new one of the same family;
 * presenting a replaced token again means it was stolen, and the whole family is revoked.
 */
@Schema({ timestamps: true, collection: 'sessions' })
export class Session {
  /** The token's SHA-256 as `_id` too: a refresh finds its session by `_id`, which FerretDB serves from its index. */
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId: Types.ObjectId;
  @Prop({ required: true }) familyId: string;
  /** SHA-256 of the token; the token itself is only ever in the applicant's cookie. */
  @Prop({ required: true, unique: true }) tokenHash: string;
  @Prop({ required: true }) expiresAt: Date;
  @Prop() replacedAt?: Date;
  @Prop() revokedAt?: Date;
}
export const SessionSchema = SchemaFactory.createForClass(Session);
// Families and users by id (logout, reuse and a password reset revoke by them).
SessionSchema.index({ familyId: 1 });
SessionSchema.index({ userId: 1 });

/**
 * The session families revoked within one minute (`_id` `m:<minutes since the epoch>`), kept for an access
 * token's lifetime: replicas read the current minute's document (and the one before) once a second
 * (TokensService.isRevoked), by `_id` (FerretDB v1.24 serves nothing else from an index; the
 * earlier `find({ revokedAt: { $gte } })` read the whole collection), and delete the minutes past that
 * lifetime by `_id` too.
 */
@Schema({ collection: 'revocations', versionKey: false })
export class Revocation {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: [String], default: undefined }) families?: string[];
}
export const RevocationSchema = SchemaFactory.createForClass(Revocation);

/** The `_id` of a minute's revocations. */
export const revocationMinute = (minute: number) => `m:${minute}`;
