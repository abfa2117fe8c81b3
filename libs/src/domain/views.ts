/**
 * The answers' shapes, one contract between the api (its services build them) and the web (its api
 * clients and query options read them). Ids are strings; PII arrives masked.
 */
import type { OfferAffordability } from './affordability';
import type { StageRecord } from './entities';
import type { OfferOptionView } from './offers';
import type { BusinessRecord, OwnerRecord } from './records';

/**
 * One application of the session (GET /auth/user's `applications`, the client's dbUser): what the journey
 * machine is hydrated with. `statementsSubmitted` is the api's answer (libs statementsSubmittedIn over the
 * record), true from the statements' submission on even while the CRM has not made the opportunity yet.
 */
export type SessionApplicationView = {
  _id: string;
  applicationStatus: string;
  sfOpportunityId?: string;
  statementsSubmitted: boolean;
  /** The saved stage: where the applicant resumes. */
  stage?: { pageName: string; pageStep: number; path: string };
};

/**
 * POST /application/:id/submit-statements (in `data`): the saved stage the submission moved to, and the
 * opportunity when the CRM converted the lead in time (during an outage it comes later; the statements are
 * submitted all the same).
 */
export type StatementsSubmittedView = {
  sfOpportunityId?: string;
  statementsSubmitted: boolean;
  stage: StageRecord;
};

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
export type BusinessView = Partial<Omit<BusinessRecord<string>, 'applicationId' | 'addressData' | 'revision'>> & {
  _id: string;
  applicationId: string;
  addressData?: AddressView;
  /**
   * The answers' revision (domain/revisions.ts), which a save sends back. Always answered; absent only in
   * an answer of an api from before revisions, which the web reads as 0 (revisionOf).
   */
  revision?: number;
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
  /**
   * The answers' revision (domain/revisions.ts), which a save sends back. Always answered; absent only in
   * an answer of an api from before revisions, which the web reads as 0 (revisionOf).
   */
  revision?: number;
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

/**
 * What deleting the account keeps (GET /api/privacy/erasure): nothing for an application not submitted;
 * for a submitted one, the records a lender must keep, each by its code (the page's words are the web's),
 * until `keepUntil` (ISO date: the retention years from today; fixed on the day of the deletion).
 */
export type ErasureKeptRecord = 'signedApplication' | 'opportunity' | 'identity';
export type ErasureView = {
  submitted: boolean;
  kept: ErasureKeptRecord[];
  keepUntil?: string;
  /** The law the records are kept under: the business's country. */
  country?: 'US' | 'CA';
  years?: number;
};
/** POST /api/privacy/erasure: the erasure runs (its run is the same on a second request); the session ends. */
export type ErasureStarted = { started: true };
