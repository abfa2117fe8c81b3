import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, type HydratedDocument } from 'mongoose';

/** The owners of the business; an empty list until the owners step. */
@Schema({ timestamps: true, collection: 'ownersets' })
export class OwnerSet {
  @Prop({ type: Types.ObjectId, required: true, unique: true }) applicationId: Types.ObjectId;
  @Prop({ type: Types.ObjectId, required: true }) businessId: Types.ObjectId;
  @Prop({ default: false }) sameAsBusinessInfo: boolean;
  @Prop({ type: [Object], default: [] }) owners: Record<string, unknown>[];
}
export type OwnerSetDocument = HydratedDocument<OwnerSet>;
export const OwnerSetSchema = SchemaFactory.createForClass(OwnerSet);
