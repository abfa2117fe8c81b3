/**
 * The answers' shapes, one contract between the api (its services build them) and the web (its api
 * clients and query options read them). Ids are strings; PII arrives masked.
 */
import type { OfferAffordability } from './affordability';
import type { OfferOptionView } from './offers';
import type { BusinessRecord, OwnerRecord } from './records';

/** An address as the business and owner answers carry it. */
export type AddressView = {
  address: string;
  suiteFloor?: string;
  city: string;
  state: string;
  zip: string;
  country: string;
};

/**
 * GET /business/application/:id and PATCH /business/:id: the business record, every answer optional; the
 * tax id (EIN or BN) masked but for its last digits; businessStarted (Yes/No) 'Yes' when never answered.
 */
export type BusinessView = Partial<Omit<BusinessRecord<string>, 'applicationId' | 'addressData'>> & {
  _id: string;
  applicationId: string;
  addressData?: AddressView;
};

/** One owner of GET /owner/application/:id: SSN/SIN and date of birth masked, the phone in the form's mask. */
export type OwnerView = Partial<Omit<OwnerRecord, 'addressData' | 'isUSCitizen'>> & {
  addressData?: Partial<AddressView>;
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
export type OfferView = {
  _id: string;
  applicationId: string;
  offerType?: string;
  offerOptions: OfferOptionView[];
  /** What each option costs against the statements' cash (computed on the api). */
  affordability?: OfferAffordability;
};
