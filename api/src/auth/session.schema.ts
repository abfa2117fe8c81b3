import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type Types } from 'mongoose';

/**
 * One refresh token. Tokens rotate: each refresh replaces the token with a new one of the same family;
 * presenting a replaced token again means it was stolen, and the whole family is revoked.
 */
@Schema({ timestamps: true, collection: 'sessions' })
export class Session {
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId: Types.ObjectId;
  @Prop({ required: true }) familyId: string;
  /** SHA-256 of the token; the token itself is only ever in the applicant's cookie. */
  @Prop({ required: true, unique: true }) tokenHash: string;
  @Prop({ required: true }) expiresAt: Date;
  @Prop() replacedAt?: Date;
  @Prop() revokedAt?: Date;
}
export const SessionSchema = SchemaFactory.createForClass(Session);
// Replicas read recent revocations by time (TokensService.isRevoked), families and users by id.
SessionSchema.index({ revokedAt: 1 });
SessionSchema.index({ familyId: 1 });
SessionSchema.index({ userId: 1 });
