/**
 * The applicant's records as MongoDB keeps them: one shape shared by the api's Mongoose schemas (each
 * schema class implements its record and is checked to have exactly its fields, see RecordFields) and the
 * worker's one reading module (worker/src/records/records.ts). Renaming a field in a schema without
 * renaming it here stops the api's build; renaming it here stops the worker's wherever it reads the field.
 *
 * `Id` is the id type of the side that reads (Mongoose's Types.ObjectId in the api, the driver's ObjectId
 * in the worker): libs stays free of both. Every application's records are keyed by the application's id
 * (`_id`), the one lookup FerretDB serves from an index.
 */
import type { StatementAdviceNote } from '../validation/documents';
import type { CashReading } from './cash-flow';
import type { StatementReview } from './statement-review';

/** The collections the api's schemas own and the worker reads. */
export const COLLECTIONS = {
  applications: 'applications',
  businesses: 'businesses',
  ownersets: 'ownersets',
  offers: 'offers',
  users: 'users',
  files: 'files',
  /** Keyed lookup documents: a sign request's id (`_id`) → its application (the e-sign webhook's lookup). */
  signatures: 'signatures',
  /**
   * Keyed lookup documents: an application's id (`_id`) → its lead changes saved and not yet handed to its
   * workflow (sealed), which go with the next stage move or shortly after the save
   * (read by `_id`, where a scan of the outbox grew with every application).
   */
  pendingleads: 'pendingleads',
  /** Keyed lookup documents: an application's id (`_id`, as a string) → its files' ids (`fileIds`). */
  applicationfiles: 'applicationfiles',
} as const;

/** The worker's own bookkeeping collections (idempotency marks of its side effects). */
export const WORKER_COLLECTIONS = {
  reminders: 'reminders',
  offeremails: 'offeremails',
  boxsignrequests: 'boxsignrequests',
  dataexportmails: 'dataexportmails',
} as const;

/**
 * `Progress`: the workflow's final getProgress answer (typed by the api, which imports the workflow's types;
 * libs does not).
 */
export type ApplicationRecord<Id, Progress = Record<string, unknown>> = {
  userId: Id;
  sfLeadId?: string;
  sfLeadOwnerId?: string;
  sfOpportunityId?: string;
  /**
   * Set by the api once the workflow took the bank statements' submission: the session answers it, as the
   * opportunity may come much later (the conversion waits out a CRM outage in the workflow).
   */
  statementsSubmitted?: boolean;
  signatureId?: string;
  statusLinkSentFor?: string;
  applicationStatus: string;
  acceptedDate?: Date;
  topUp: number;
  affiliateId?: string;
  /**
   * The application's progress once its workflow's run has closed (submitted, withdrawn or abandoned), as
   * the run's result left it: written once by the api, which then serves the applicant's status, the booking
   * view and the signature's status from it and never asks the closed run again (a query on a closed run
   * replays its whole history in the worker).
   */
  progress?: Progress;
  /**
   * The open run's getProgress answer, pushed by the workflow (the worker's `progressRecord` sink) on every
   * change while someone watches (watchProgress, until `watchedUntil`): until then the status page's poll is
   * answered from it with no call to Temporal. Dropped once `progress` is kept. (`events`: the history length
   * an older api kept beside its own read; such a record is not trusted: it has no `watchedUntil`.)
   */
  liveProgress?: { answer: Progress; runId: string; watchedUntil?: Date; events?: number };
  /**
   * The optional documents (`voidedCheck`, `driversLicense`) the submitted application went without: kept
   * by the api's first status read after the submission (nothing is uploaded or removed once submitted), so
   * that the status page's poll reads no files.
   */
  missingDocuments?: string[];
  /**
   * The owners' names as the status page shows them, kept with `missingDocuments` by the same read: once
   * submitted, the application is signed, and a signed application's answers no longer change (the
   * workflow refuses a revision), so the status page's poll reads no owners.
   */
  ownerNames?: string[];
  /**
   * The signing the workflow started with the move onto the signature, sealed by the payload codec (its
   * signers' links authenticate them), stamped with when and for which request: kept by the api for the
   * signature page's first call, which takes it (the api's SigningAhead).
   */
  signingAhead?: { sealed: { metadata: Record<string, string>; data: string }; at: Date; for: string };
};

/** Written by the worker when the application ends (markApplicationEnded); not in the api's schema. */
export type ApplicationEndFields = { endedAt?: Date };

export type AddressRecord = {
  address: string;
  suiteFloor: string;
  city: string;
  state: string;
  zip: string;
  country: string;
};

export type BusinessRecord<Id> = {
  applicationId: Id;
  businessName?: string;
  businessEmail?: string;
  hasBusinessBankAccount?: boolean;
  dbaName?: string;
  /** EIN (US) or BN (CA), encrypted. */
  federalTaxId?: string;
  businessStartDate?: string;
  businessStarted?: string;
  industry?: string;
  naics?: string;
  website?: string;
  /** The requested amount (the spec's Business.amountRequested): read with amountRequestedOf. */
  amountRequested?: number;
  /** The same amount under the spec's second name (Business.moneyRequested): stored, never read by code. */
  moneyRequested?: number;
  annualRevenue?: number;
  monthlyRevenue?: number;
  avgDailyBalance?: number;
  openLoanBalances?: number;
  otherBusinessLoans?: string;
  /** E.164 (+15145550100); records saved before it hold (514) 555-0100 (validation/phone.ts reads both). */
  phoneNumber?: string;
  legalEntity?: string;
  businessDescription?: string;
  offerName?: string;
  useOfProceeds?: string;
  pageStep: number;
  envelopeId?: string;
  whenDoYouNeedMoney?: string;
  productsInterestedIn: string[];
  hasRealEstate: boolean | null;
  acceptsCreditCards?: string;
  numberOfEmployees?: number;
  addressData: AddressRecord;
  /** How many times the applicant's answers were saved (see revisions.ts); absent on records saved before it. */
  revision?: number;
  /** The attempt of the latest sign request built from this record (set as it is read for the PDF). */
  signRequestAttempt?: number;
};

/**
 * The requested amount has one name in code, amountRequested. The spec's Business record stores it under
 * two (amountRequested and moneyRequested): both are written from it here and read back from one.
 */
export const amountRequestedFields = (amountRequested: number) => ({
  amountRequested,
  moneyRequested: amountRequested,
});
export const amountRequestedOf = (b: { amountRequested?: number }): number | undefined => b.amountRequested;

/** One owner. ssn and dateOfBirth are stored encrypted. */
export type OwnerRecord = {
  type: 'primary' | 'secondary';
  ownerType: 'primary' | 'secondary';
  firstName: string;
  lastName: string;
  /** E.164 (+15145550100); records saved before it hold the ten digits (validation/phone.ts reads both). */
  phoneNumber: string;
  ownerEmailId: string;
  dateOfBirth: string;
  ssn: string;
  addressData: { address: string; city: string; state: string; zip: string; country: string };
  ownershipPercent: number | '';
  creditReport: number | '';
  isUSCitizen: boolean | '';
};

export type OwnerSetRecord<Id> = {
  applicationId: Id;
  businessId: Id;
  sameAsBusinessInfo: boolean;
  owners: OwnerRecord[];
  /** How many times the owners step was saved (see revisions.ts); absent on records saved before it. */
  revision?: number;
  /** The attempt of the latest sign request built from this record (set as it is read for the PDF). */
  signRequestAttempt?: number;
};

export type OfferRecord<Id> = {
  applicationId: Id;
  offerType?: string;
  offerOptions: Record<string, unknown>[];
  /**
   * When the options were last priced (the worker's calculateOffers), and for which answers (a digest,
   * `offerPricingKey`): the api answers the offers page from them while they are fresh (`pricedFresh`).
   */
  pricedAt?: Date;
  pricedFor?: string;
};

/** Written by the worker once the selected offer's email went out (sendOfferEmail); not in the api's schema. */
export type OfferEmailFields = { emailedOption?: string };

export type UserRecord<Id> = {
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  passwordHash: string;
  bankVerified: boolean;
  confirmed: boolean;
  language?: string;
  applicationId?: Id;
  /** Set once sign-up's records all stand: the first confirmation need not ensure them again. */
  signUpFinished?: boolean;
  /** The affiliate id sent with the sign-up, unchecked until the workflow (started at the confirmation) checks it. */
  affiliateId?: string;
};

export type FileRecord<Id> = {
  applicationId: Id;
  fileName: string;
  filePath: string;
  fileType: string;
  monthLabel?: string;
  size: number;
  advice: StatementAdviceNote[];
  /** Where the document came from: 'bank' when fetched from the applicant's bank, else uploaded. */
  source?: string;
  /** A bank statement's daily balances and deposits, or why they could not be read. */
  cash?: CashReading;
  /** A bank statement's review for the rep (libs statement-review): edit traces and arithmetic. */
  review?: StatementReview;
};

/**
 * `true` when a schema class has exactly the record's fields (no more, no fewer); use it as
 * `RecordFields<Business, BusinessRecord<Types.ObjectId>>` where only `true` is accepted, so that a field
 * renamed on one side alone fails to compile.
 */
export type RecordFields<Schema, Record> = [
  Exclude<keyof Schema, keyof Record> | Exclude<keyof Record, keyof Schema>,
] extends [never]
  ? true
  : { schemaOnly: Exclude<keyof Schema, keyof Record>; recordOnly: Exclude<keyof Record, keyof Schema> };

/** Compiles only when given `true` (see RecordFields). */
export type SameFields<T extends true> = T;
