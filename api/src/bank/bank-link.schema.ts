import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type HydratedDocument, type Types } from 'mongoose';

/**
 * An application's connected bank: one Plaid item, its access token sealed (PiiCipher). Its `_id` is the
 * application's id (read by `_id`: FerretDB scans banklinks for any other filter); applicationId names it
 * too, for the erasure's sweep and the records written before (tools/migrate moves them).
 */
@Schema({ timestamps: true, collection: 'banklinks' })
export class BankLink {
  @Prop({ type: SchemaTypes.ObjectId, required: true, unique: true }) applicationId: Types.ObjectId;
  /** Plaid's webhooks name the item only: indexed, so finding its link is not a read of every link. */
  @Prop({ required: true, index: true }) itemId: string;
  /** Plaid's access token, encrypted like the other secrets of an application (never sent to a browser). */
  @Prop({ required: true }) accessTokenSealed: string;
  @Prop() institution?: string;
  /** The applicant who linked it: a webhook's fetch runs as them. */
  @Prop({ type: SchemaTypes.ObjectId }) userId?: Types.ObjectId;
  /** Plaid said the item needs the applicant's login again (ITEM_LOGIN_REQUIRED, its webhook, or a fetch). */
  @Prop() needsReconnect?: boolean;
  /** Plaid's PENDING_DISCONNECT: the item is going away, so a reconnect makes a new one (never update mode). */
  @Prop() pendingDisconnect?: boolean;
  /** The item shows no account (none shared, or the applicant stopped sharing them): Link asks for them again. */
  @Prop() noAccounts?: boolean;
  /** When Plaid made the item: its transactions history reaches back TRANSACTIONS_DAYS from here. */
  @Prop() linkedAt?: Date;
  /** The item was removed at Plaid (statements stored, or the application ended): its token works no more. */
  @Prop() removedAt?: Date;
}
export type BankLinkDocument = HydratedDocument<BankLink>;
export const BankLinkSchema = SchemaFactory.createForClass(BankLink);

/**
 * The Link tokens the api made for an application (`_id` the application's id: read by `_id`), the latest
 * few, each with the applicant it was made for. A public token is exchanged only when one of these
 * tokens, made for the same applicant, gave it (Plaid's /link/token/get lists its sessions' public tokens).
 */
@Schema({ collection: 'banklinktokens', versionKey: false })
export class BankLinkTokens {
  @Prop({ type: SchemaTypes.ObjectId, required: true }) _id: Types.ObjectId;
  /** Each token under a field named by its hash. */
  @Prop({ type: Object }) t?: Record<string, IssuedLinkToken>;
}
export type IssuedLinkToken = { sealed: string; userId: Types.ObjectId; expiresAt: Date };
export const BankLinkTokensSchema = SchemaFactory.createForClass(BankLinkTokens);
