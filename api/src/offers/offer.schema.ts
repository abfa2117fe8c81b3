import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type HydratedDocument, type Types } from 'mongoose';

/** The offer record of an application; options arrive from the offer-calculation service later. */
@Schema({ timestamps: true, collection: 'offers' })
export class Offer {
  @Prop({ type: SchemaTypes.ObjectId, required: true, unique: true }) applicationId: Types.ObjectId;
  @Prop() offerType?: string;
  @Prop({ type: [Object], default: [] }) offerOptions: Record<string, unknown>[];
}
export type OfferDocument = HydratedDocument<Offer>;
export const OfferSchema = SchemaFactory.createForClass(Offer);
