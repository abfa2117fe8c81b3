import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, type HydratedDocument } from 'mongoose';

/** The business record; created blank at sign-up and filled by the business steps. */
@Schema({ timestamps: true, collection: 'businesses' })
export class Business {
  @Prop({ type: Types.ObjectId, required: true, unique: true }) applicationId: Types.ObjectId;
  @Prop() businessName?: string;
  @Prop() businessEmail?: string;
  @Prop({ default: 1 }) pageStep: number;
  @Prop({ type: Boolean, default: null }) hasRealEstate: boolean | null;
}
export type BusinessDocument = HydratedDocument<Business>;
export const BusinessSchema = SchemaFactory.createForClass(Business);
