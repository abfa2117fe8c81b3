import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type HydratedDocument, type Types } from 'mongoose';

/** An application's connected bank: one Plaid item, its access token sealed (PiiCipher). */
@Schema({ timestamps: true, collection: 'banklinks' })
export class BankLink {
  @Prop({ type: SchemaTypes.ObjectId, required: true, unique: true }) applicationId: Types.ObjectId;
  @Prop({ required: true }) itemId: string;
  /** Plaid's access token, encrypted like the other secrets of an application (never sent to a browser). */
  @Prop({ required: true }) accessTokenSealed: string;
  @Prop() institution?: string;
  /** The applicant who linked it: a webhook's fetch runs as them. */
  @Prop({ type: SchemaTypes.ObjectId }) userId?: Types.ObjectId;
  /** Plaid said the item needs the applicant's login again (ITEM_LOGIN_REQUIRED, its webhook, or a fetch). */
  @Prop() needsReconnect?: boolean;
  /** Plaid's PENDING_DISCONNECT: the item is going away, so a reconnect makes a new one (never update mode). */
  @Prop() pendingDisconnect?: boolean;
  /** When Plaid made the item: its transactions history reaches back TRANSACTIONS_DAYS from here. */
  @Prop() linkedAt?: Date;
  /** The item was removed at Plaid (statements stored, or the application ended): its token works no more. */
  @Prop() removedAt?: Date;
}
export type BankLinkDocument = HydratedDocument<BankLink>;
export const BankLinkSchema = SchemaFactory.createForClass(BankLink);
