import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

export const CODE_PURPOSES = ['confirm-sign-up', 'reset-password'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** The one live one-time code of an email for a purpose, stored as an HMAC, never in clear. */
@Schema({ timestamps: true, collection: 'codes' })
export class OneTimeCode {
  /** The key again as `_id`: codes are found by `_id`, which FerretDB v1.24 serves from its index. */
  @Prop({ type: String, required: true }) _id: string;
  /** email:purpose: one live code per email and purpose. */
  @Prop({ required: true, unique: true }) key: string;
  @Prop({ required: true, enum: CODE_PURPOSES }) purpose: string;
  @Prop({ required: true }) codeHash: string;
  @Prop({ required: true }) expiresAt: Date;
  @Prop({ required: true }) sentAt: Date;
  @Prop({ default: 0 }) attempts: number;
  @Prop({ default: false }) consumed: boolean;
}
export const OneTimeCodeSchema = SchemaFactory.createForClass(OneTimeCode);
