import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type HydratedDocument, type Types } from 'mongoose';

/** One owner (section 3). ssn and dateOfBirth are stored encrypted (PiiCipher). */
export type StoredOwner = {
  type: 'primary' | 'secondary';
  ownerType: 'primary' | 'secondary';
  firstName: string;
  lastName: string;
  /** Digits only, at most 10. */
  phoneNumber: string;
  ownerEmailId: string;
  dateOfBirth: string;
  ssn: string;
  addressData: { address: string; city: string; state: string; zip: string; country: string };
  ownershipPercent: number | '';
  creditReport: number | '';
  isUSCitizen: boolean | '';
};

/** The owners of the business; an empty list until the owners step. */
@Schema({ timestamps: true, collection: 'ownersets' })
export class OwnerSet {
  @Prop({ type: SchemaTypes.ObjectId, required: true, unique: true }) applicationId: Types.ObjectId;
  @Prop({ type: SchemaTypes.ObjectId, required: true }) businessId: Types.ObjectId;
  @Prop({ default: false }) sameAsBusinessInfo: boolean;
  @Prop({ type: [Object], default: [] }) owners: StoredOwner[];
}
export type OwnerSetDocument = HydratedDocument<OwnerSet>;
export const OwnerSetSchema = SchemaFactory.createForClass(OwnerSet);
