import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type HydratedDocument, type Types } from 'mongoose';
import {
  APPLICATION_STATUS_CREATED,
  COLLECTIONS,
  type ApplicationRecord,
  type RecordFields,
  type SameFields,
} from '@portal/libs';
import type { ProgressAnswer } from '@portal/workflows';

@Schema({ timestamps: true, collection: COLLECTIONS.applications })
export class Application implements ApplicationRecord<Types.ObjectId, ProgressAnswer> {
  /** One application per user: the unique key lets a retried sign-up find what the first try made. */
  @Prop({ type: SchemaTypes.ObjectId, required: true, unique: true }) userId: Types.ObjectId;
  @Prop() sfLeadId?: string;
  @Prop() sfLeadOwnerId?: string;
  @Prop() sfOpportunityId?: string;
  /** The workflow took the bank statements' submission (the opportunity may come later). */
  @Prop() statementsSubmitted?: boolean;
  @Prop() signatureId?: string;
  /** The sign request whose co-owners were sent their status link (one email per request). */
  @Prop() statusLinkSentFor?: string;
  @Prop({ default: APPLICATION_STATUS_CREATED }) applicationStatus: string;
  @Prop() acceptedDate?: Date;
  @Prop({ default: 0 }) topUp: number;
  @Prop() affiliateId?: string;
  /** The closed run's final progress (libs' ApplicationRecord): absent while the run is open. */
  @Prop({ type: SchemaTypes.Mixed }) progress?: ProgressAnswer;
  /** The open run's progress the workflow pushes while watched (libs' ApplicationRecord). */
  @Prop({ type: SchemaTypes.Mixed }) liveProgress?: { answer: ProgressAnswer; runId: string; watchedUntil?: Date };
  /** Absent until kept (libs' ApplicationRecord): no default empty list. */
  @Prop({ type: [String], default: undefined }) missingDocuments?: string[];
  /** Absent until kept with `missingDocuments` (libs' ApplicationRecord). */
  @Prop({ type: [String], default: undefined }) ownerNames?: string[];
  /** Absent but for the moment between the move onto the signature and the signature page's call (SigningAhead). */
  @Prop({ type: SchemaTypes.Mixed }) signingAhead?: {
    sealed: { metadata: Record<string, string>; data: string };
    at: Date;
    for: string;
  };
}
/** The schema has exactly the shared record's fields (the worker reads them through it). */
export type ApplicationFields = SameFields<
  RecordFields<Application, ApplicationRecord<Types.ObjectId, ProgressAnswer>>
>;
export type ApplicationDocument = HydratedDocument<Application>;
export const ApplicationSchema = SchemaFactory.createForClass(Application);

/**
 * A sign request's id → its application: a keyed lookup document (`_id` the request's id), written by the
 * worker when the request is made (worker/src/records). The Box webhook names only the request; on
 * FerretDB v1.24 `applications.findOne({ signatureId })` read the whole collection.
 */
@Schema({ collection: COLLECTIONS.signatures, versionKey: false })
export class SignatureKey {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: SchemaTypes.ObjectId, required: true }) applicationId: Types.ObjectId;
  /** How many sign the request (absent on keys written before it was kept: taken as more than one). */
  @Prop() signers?: number;
}
export const SignatureKeySchema = SchemaFactory.createForClass(SignatureKey);
