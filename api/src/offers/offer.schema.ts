import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type HydratedDocument, type Types } from 'mongoose';
import { COLLECTIONS, type OfferRecord, type RecordFields, type SameFields } from '@portal/libs';

/** The offer record of an application; options arrive from the offer-calculation service later. */
@Schema({ timestamps: true, collection: COLLECTIONS.offers })
export class Offer implements OfferRecord<Types.ObjectId> {
  @Prop({ type: SchemaTypes.ObjectId, required: true, unique: true }) applicationId: Types.ObjectId;
  @Prop() offerType?: string;
  @Prop({ type: [Object], default: [] }) offerOptions: Record<string, unknown>[];
  /** Written by the worker's pricing (calculateOffers): when, and for which answers (a digest). */
  @Prop() pricedAt?: Date;
  @Prop() pricedFor?: string;
}
/** The schema has exactly the shared record's fields (the worker reads them through it). */
export type OfferFields = SameFields<RecordFields<Offer, OfferRecord<Types.ObjectId>>>;
export type OfferDocument = HydratedDocument<Offer>;
export const OfferSchema = SchemaFactory.createForClass(Offer);
