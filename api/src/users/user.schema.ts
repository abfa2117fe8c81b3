import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type HydratedDocument, type Types } from 'mongoose';
import { COLLECTIONS, type RecordFields, type SameFields, type UserRecord } from '@portal/libs';

@Schema({ timestamps: true, collection: COLLECTIONS.users })
export class User implements UserRecord<Types.ObjectId> {
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
  /** One of APPLICANT_LANGUAGES ('en', 'fr-CA', 'es-US'): the language of the applicant's emails and PDF; English when absent. */
  @Prop() language?: string;
  /**
   * The user's one application, chosen when the user is created: sign-up creates the application under
   * this `_id`, and every read finds it by `_id` (FerretDB v1.24 serves only a lone `_id` equality from an
   * index; a lookup by userId would read the whole collection).
   */
  @Prop({ type: SchemaTypes.ObjectId }) applicationId?: Types.ObjectId;
  /** Sign-up's records all stand: the first confirmation need not ensure them again. */
  @Prop() signUpFinished?: boolean;
  /**
   * The affiliate id sent with the sign-up, unchecked: the workflow, started at the confirmation, checks it
   * against the CRM and stores it on the application only if it is an active affiliate's.
   */
  @Prop() affiliateId?: string;
}
/** The schema has exactly the shared record's fields (the worker reads them through it). */
export type UserFields = SameFields<RecordFields<User, UserRecord<Types.ObjectId>>>;
export type UserDocument = HydratedDocument<User>;
export const UserSchema = SchemaFactory.createForClass(User);

/**
 * The sign-in name's key: `_id` is the lower-cased email, so finding a user by email is two `_id`
 * lookups, which MongoDB and FerretDB both serve from the `_id` index (FerretDB scans for `userName`).
 * Written first at sign-up (find-or-create on `_id`), so a sign-up that stopped half-way finds its user id.
 */
@Schema({ timestamps: true, collection: 'usernames' })
export class UserKey {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId: Types.ObjectId;
}
export const UserKeySchema = SchemaFactory.createForClass(UserKey);
