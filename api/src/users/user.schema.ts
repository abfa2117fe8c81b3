import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';

@Schema({ timestamps: true, collection: 'users' })
export class User {
  /** The email, lower-cased: the sign-in name. */
  @Prop({ required: true, unique: true }) userName: string;
  @Prop({ required: true }) email: string;
  @Prop({ required: true }) firstName: string;
  @Prop({ required: true }) lastName: string;
  @Prop({ required: true }) phone: string;
  /** Argon2id hash; the password itself is never stored or logged. */
  @Prop({ required: true }) passwordHash: string;
  @Prop({ default: false }) bankVerified: boolean;
  @Prop({ default: false }) confirmed: boolean;
  /** 'en' or 'fr-CA' (issue 16): the language of the applicant's emails; English when absent. */
  @Prop() language?: string;
}
export type UserDocument = HydratedDocument<User>;
export const UserSchema = SchemaFactory.createForClass(User);
