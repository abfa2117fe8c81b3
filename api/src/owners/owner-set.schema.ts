import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type HydratedDocument, type Types } from 'mongoose';
import { COLLECTIONS, type OwnerRecord, type OwnerSetRecord, type RecordFields, type SameFields } from '@portal/libs';

/** One owner, as the shared record has it: ssn and dateOfBirth stored encrypted (PiiCipher). */
export type StoredOwner = OwnerRecord;

/** The owners of the business; an empty list until the owners step. */
@Schema({ timestamps: true, collection: COLLECTIONS.ownersets })
export class OwnerSet implements OwnerSetRecord<Types.ObjectId> {
  @Prop({ type: SchemaTypes.ObjectId, required: true, unique: true }) applicationId: Types.ObjectId;
  @Prop({ type: SchemaTypes.ObjectId, required: true }) businessId: Types.ObjectId;
  @Prop({ default: false }) sameAsBusinessInfo: boolean;
  @Prop({ type: [Object], default: [] }) owners: StoredOwner[];
  /** Saves of the owners step (common/revisions.ts); absent until the first, and on older records. */
  @Prop() revision?: number;
  /** The attempt of the latest sign request built from these answers (the worker sets it as it reads them). */
  @Prop() signRequestAttempt?: number;
}
/** The schema has exactly the shared record's fields (the worker reads them through it). */
export type OwnerSetFields = SameFields<RecordFields<OwnerSet, OwnerSetRecord<Types.ObjectId>>>;
export type OwnerSetDocument = HydratedDocument<OwnerSet>;
export const OwnerSetSchema = SchemaFactory.createForClass(OwnerSet);
