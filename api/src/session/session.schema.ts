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
 * One revoked session family, kept for an access token's lifetime: replicas read the recent ones once a
 * second (TokensService.isRevoked). A small collection of its own, so that read never goes through every
 * session (FerretDB v1.24 scans for anything but a lone `_id`); older entries are deleted as it reads.
 */
@Schema({ collection: 'revocations' })
export class Revocation {
  @Prop({ required: true }) familyId: string;
  @Prop({ required: true }) revokedAt: Date;
}
export const RevocationSchema = SchemaFactory.createForClass(Revocation);
RevocationSchema.index({ revokedAt: 1 });
