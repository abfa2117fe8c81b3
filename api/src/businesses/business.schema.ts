import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type HydratedDocument, type Types } from 'mongoose';
import { COLLECTIONS, type AddressRecord, type BusinessRecord, type RecordFields, type SameFields } from '@portal/libs';

/** An address's defaults: the schema's, and those a driver read fills in (BusinessesService.view). */
export const ADDRESS_DEFAULTS = { address: '', suiteFloor: '', city: '', state: '', zip: '', country: 'US' };

@Schema({ _id: true })
export class AddressData implements AddressRecord {
  @Prop({ default: ADDRESS_DEFAULTS.address }) address: string;
  @Prop({ default: ADDRESS_DEFAULTS.suiteFloor }) suiteFloor: string;
  @Prop({ default: ADDRESS_DEFAULTS.city }) city: string;
  @Prop({ default: ADDRESS_DEFAULTS.state }) state: string;
  @Prop({ default: ADDRESS_DEFAULTS.zip }) zip: string;
  @Prop({ default: ADDRESS_DEFAULTS.country }) country: string;
}
export const AddressDataSchema = SchemaFactory.createForClass(AddressData);

/** The business record, shared with the CRM's copy; created blank at sign-up and filled by the financial and business steps. */
@Schema({ timestamps: true, collection: COLLECTIONS.businesses })
export class Business implements BusinessRecord<Types.ObjectId> {
  @Prop({ type: SchemaTypes.ObjectId, required: true, unique: true }) applicationId: Types.ObjectId;
  @Prop() businessName?: string;
  @Prop() businessEmail?: string;
  @Prop() hasBusinessBankAccount?: boolean;
  @Prop() dbaName?: string;
  /** EIN (US) or BN (CA), encrypted (PiiCipher). */
  @Prop() federalTaxId?: string;
  @Prop() businessStartDate?: string;
  /** Yes/No; treated as Yes when unset. */
  @Prop() businessStarted?: string;
  @Prop() industry?: string;
  @Prop() naics?: string;
  @Prop() website?: string;
  @Prop() amountRequested?: number;
  @Prop() moneyRequested?: number;
  @Prop() annualRevenue?: number;
  @Prop() monthlyRevenue?: number;
  @Prop() avgDailyBalance?: number;
  @Prop() openLoanBalances?: number;
  @Prop() otherBusinessLoans?: string;
  @Prop() phoneNumber?: string;
  @Prop() legalEntity?: string;
  @Prop() businessDescription?: string;
  @Prop() offerName?: string;
  @Prop() useOfProceeds?: string;
  @Prop({ default: 1 }) pageStep: number;
  @Prop() envelopeId?: string;
  @Prop() whenDoYouNeedMoney?: string;
  @Prop({ type: [String], default: [] }) productsInterestedIn: string[];
  @Prop({ type: Boolean, default: null }) hasRealEstate: boolean | null;
  @Prop() acceptsCreditCards?: string;
  @Prop() numberOfEmployees?: number;
  @Prop({ type: AddressDataSchema, default: () => ({}) }) addressData: AddressData;
  /** Saves of the applicant's answers (common/revisions.ts); absent until the first, and on older records. */
  @Prop() revision?: number;
  /** The attempt of the latest sign request built from these answers (the worker sets it as it reads them). */
  @Prop() signRequestAttempt?: number;
}
/** The schema has exactly the shared record's fields (the worker reads them through it). */
export type BusinessFields = SameFields<RecordFields<Business, BusinessRecord<Types.ObjectId>>>;
export type AddressFields = SameFields<RecordFields<AddressData, AddressRecord>>;
export type BusinessDocument = HydratedDocument<Business>;
export const BusinessSchema = SchemaFactory.createForClass(Business);
