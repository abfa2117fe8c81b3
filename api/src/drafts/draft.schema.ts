import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';

/**
 * A page's unsaved answers. Keyed `${applicationId}:${page}` and only ever read or written by `_id`
 * (FerretDB v1.24 serves nothing else from an index). The answers are sealed whole (PiiCipher): a draft
 * holds names, home addresses, SSN/SIN and dates of birth before any rule has judged which is which.
 */
@Schema({ collection: 'drafts', versionKey: false, timestamps: true })
export class Draft {
  @Prop({ type: String, required: true }) _id: string;
  /** Whose application it is when saved: a draft is answered to that user only. */
  @Prop({ type: String, required: true }) userId: string;
  /** JSON of the fields, AES-256-GCM (pii:v1:<key id>:…). */
  @Prop({ type: String, required: true }) sealed: string;
  updatedAt?: Date;
}
export type DraftDocument = HydratedDocument<Draft>;
export const DraftSchema = SchemaFactory.createForClass(Draft);
