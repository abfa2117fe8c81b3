/**
 * The answers' shapes, one contract between the api (its services build them) and the web (its api
 * clients and query options read them). Ids are strings; PII arrives masked.
 */
import type { OfferOptionView } from './offers';

/** An address as the business and owner answers carry it. */
export type AddressView = {
  address: string;
  suiteFloor?: string;
  city: string;
  state: string;
  zip: string;
  country: string;
};

/** GET /business/application/:id and PATCH /business/:id: the business record, the tax id masked. */
export type BusinessView = {
  _id: string;
  applicationId: string;
  businessName?: string;
  businessEmail?: string;
  hasBusinessBankAccount?: boolean;
  dbaName?: string;
  /** EIN or BN, masked but for its last digits. */
  federalTaxId?: string;
  businessStartDate?: string;
  /** Yes/No; 'Yes' when never answered. */
  businessStarted?: string;
  useOfProceeds?: string;
  legalEntity?: string;
  acceptsCreditCards?: string;
  otherBusinessLoans?: string;
  avgDailyBalance?: number;
  openLoanBalances?: number;
  phoneNumber?: string;
  website?: string;
  industry?: string;
  naics?: string;
  numberOfEmployees?: number;
  productsInterestedIn?: string[];
  annualRevenue?: number;
  monthlyRevenue?: number;
  amountRequested?: number;
  moneyRequested?: number;
  offerName?: string;
  whenDoYouNeedMoney?: string;
  envelopeId?: string;
  addressData?: AddressView;
  hasRealEstate?: boolean | null;
  businessDescription?: string;
  pageStep?: number;
};

/** One owner of GET /owner/application/:id: SSN/SIN and date of birth masked, the phone in the form's mask. */
export type OwnerView = {
  type?: 'primary' | 'secondary';
  ownerType?: 'primary' | 'secondary';
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  ownerEmailId?: string;
  dateOfBirth?: string;
  ssn?: string;
  addressData?: Partial<AddressView>;
  ownershipPercent?: number | '';
  creditReport?: number | '';
  isUSCitizen?: 'Yes' | 'No' | '';
};

/** GET /owner/application/:id and PATCH /owner/:id. */
export type OwnerSetView = {
  _id: string;
  applicationId: string;
  businessId: string;
  sameAsBusinessInfo: boolean;
  owners: OwnerView[];
};

/** POST /offer and PATCH /offer/:id (in `data`): the offer and its options. */
export type OfferView = { _id: string; applicationId: string; offerType?: string; offerOptions: OfferOptionView[] };
