/**
 * The one lead mapper: what the applicant answered (a LeadChange, in the portal's own words) to the
 * fields of a Salesforce Lead. This file is the only place that knows Salesforce's words for an answer
 * (`csbs__Amount_Requested__c`, `Owner_1_SSN__c` ...): the api says what changed, the workflow queues
 * and merges the changes, and the worker maps them here when it writes the lead (then applies the org's
 * own settings: picklist values, field lengths, state/country picklists, crm.org.ts). A field renamed in
 * the org is renamed here, once.
 *
 * Replay: workflow histories and running workflows may still carry lead changes recorded before this
 * mapper, already in Salesforce's words. Those keys are not the domain's and pass through unchanged
 * (leadFieldsOf), so an old queued change is written exactly as it was.
 */
import { normalizeZip } from '../validation/formats';
import { formatPhone, nationalDigits } from '../validation/phone';

/** One owner as the lead mirrors them (the specification's 'Owners' fields); sent whole, never field by field. */
export type LeadOwner = {
  firstName: string;
  lastName: string;
  /** E.164 (+15145550100); changes recorded before it carry the ten digits, which read the same. */
  phoneNumber: string;
  email: string;
  dateOfBirth: string;
  ownershipPercent: number;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  /** Digits only. */
  ssn: string;
  creditScore: number;
};

/**
 * A change of the applicant's answers that the CRM lead mirrors: any subset, merged newest last. One key
 * per answer (owners are one key each: a card is sent whole).
 */
export type LeadChange = Partial<{
  // The financial step.
  annualRevenue: number;
  amountRequested: number;
  monthlyRevenue: number;
  // The business question.
  businessStartDate: string;
  useOfProceeds: string;
  // The business details.
  businessName: string;
  dbaName: string;
  legalEntity: string;
  federalTaxId: string;
  avgDailyBalance: number | null;
  openLoanBalances: number;
  naics: string;
  stateOfIncorporation: string;
  productsInterestedIn: string[];
  acceptsCreditCards: boolean;
  hasOpenBusinessLoans: boolean;
  hasBusinessBankAccount: boolean;
  country: string;
  zip: string;
  /** The street line; with suiteFloor it makes the lead's Street. */
  address: string;
  suiteFloor: string;
  city: string;
  state: string;
  industry: string;
  numberOfEmployees: number | null;
  /** The business phone: E.164 (+15145550100); changes recorded before it carry (514) 555-0100. */
  phoneNumber: string;
  website: string;
  // The owners step.
  owner1: LeadOwner;
  owner2: LeadOwner;
  hasSecondOwner: boolean;
  portalStatus: string;
  // The lead's own status (the /giggle-finance page, an ended application).
  leadStatus: string;
  leadStatusDetail: string | null;
}>;

/** Lead fields as Salesforce names them; values are strings, numbers, booleans or null. */
export type SalesforceLeadFields = Record<string, string | number | boolean | null>;

type LeadValue = string | number | boolean | null;
type Mapping = { [K in keyof Required<LeadChange>]: (change: LeadChange) => SalesforceLeadFields };

const one =
  (field: string, key: keyof LeadChange) =>
  (change: LeadChange): SalesforceLeadFields => ({ [field]: change[key] as LeadValue });

/** Each owner answer's field after Owner_1_ / Owner_2_ (the credit score is also written as text). */
const OWNER_FIELDS: { [K in keyof LeadOwner]: (o: Partial<LeadOwner>) => Record<string, LeadValue> } = {
  firstName: (o) => ({ First_Name__c: o.firstName! }),
  lastName: (o) => ({ Last_Name__c: o.lastName! }),
  // The ten digits the owner's mobile has always had in the CRM, from the stored E.164.
  phoneNumber: (o) => ({ Mobile__c: nationalDigits(o.phoneNumber!) }),
  email: (o) => ({ Email__c: o.email! }),
  dateOfBirth: (o) => ({ Birthdate__c: o.dateOfBirth! }),
  ownershipPercent: (o) => ({ Ownership__c: o.ownershipPercent! }),
  address: (o) => ({ Home_Street__c: o.address! }),
  city: (o) => ({ Home_City__c: o.city! }),
  state: (o) => ({ Home_State__c: o.state! }),
  // In its one written form ('H2X 1Y4'), a change queued before the api wrote it so included.
  zip: (o) => ({ Home_Zip__c: normalizeZip(o.zip ?? '') }),
  country: (o) => ({ Home_Country__c: o.country! }),
  ssn: (o) => ({ SSN__c: o.ssn! }),
  creditScore: (o) => ({ Credit_Score__c: o.creditScore!, Credit_Score_Text__c: String(o.creditScore) }),
};

/** An owner's fields, in the lead's order; the api sends every answer of a card, a spec may name a few. */
function ownerFields(prefix: 'Owner_1' | 'Owner_2', o: Partial<LeadOwner>): SalesforceLeadFields {
  const out: SalesforceLeadFields = {};
  for (const [key, fields] of Object.entries(OWNER_FIELDS))
    if (key in o) for (const [suffix, value] of Object.entries(fields(o))) out[`${prefix}_${suffix}`] = value;
  return out;
}

/** The street and the suite are one field in the CRM: written by whichever of the two comes first. */
const street = (change: LeadChange): SalesforceLeadFields => ({
  Street: [change.address, change.suiteFloor].filter(Boolean).join(', '),
});

/** Each answer's Salesforce fields (the specification's mapping), in the order the lead has always been written. */
const LEAD_FIELDS: Mapping = {
  annualRevenue: one('AnnualRevenue', 'annualRevenue'),
  amountRequested: one('csbs__Amount_Requested__c', 'amountRequested'),
  monthlyRevenue: (c) => ({ Monthly_Revenue_Range__c: (c.monthlyRevenue ?? 0).toFixed(2) }),
  businessStartDate: one('Business_Start_Date__c', 'businessStartDate'),
  useOfProceeds: one('Use_of_Proceeds__c', 'useOfProceeds'),
  businessName: one('Company', 'businessName'),
  dbaName: one('DBA__c', 'dbaName'),
  legalEntity: one('Entity_Type__c', 'legalEntity'),
  federalTaxId: one('EIN__c', 'federalTaxId'),
  avgDailyBalance: one('Average_Daily_Balance__c', 'avgDailyBalance'),
  openLoanBalances: one('Open_Loan_Balances__c', 'openLoanBalances'),
  naics: one('NAICS__c', 'naics'),
  stateOfIncorporation: one('State_of_Incorporation__c', 'stateOfIncorporation'),
  productsInterestedIn: (c) => ({ Product_Interest__c: (c.productsInterestedIn ?? []).join(';') }),
  acceptsCreditCards: one('Accepts_Credit_Cards__c', 'acceptsCreditCards'),
  hasOpenBusinessLoans: one('Has_Open_Business_Loans__c', 'hasOpenBusinessLoans'),
  hasBusinessBankAccount: one('Has_Business_Bank_Account__c', 'hasBusinessBankAccount'),
  country: one('Country', 'country'),
  zip: (c) => ({ PostalCode: normalizeZip(c.zip ?? '') }),
  address: street,
  suiteFloor: street,
  city: one('City', 'city'),
  state: one('State', 'state'),
  industry: one('Industry', 'industry'),
  numberOfEmployees: one('NumberOfEmployees', 'numberOfEmployees'),
  // (514) 555-0100, as the form's mask once sent it, from the stored E.164.
  phoneNumber: (c) => ({ Phone: formatPhone(c.phoneNumber ?? '') }),
  website: one('Website', 'website'),
  owner1: (c) => (c.owner1 ? ownerFields('Owner_1', c.owner1) : {}),
  owner2: (c) => (c.owner2 ? ownerFields('Owner_2', c.owner2) : {}),
  portalStatus: one('Portal_Status__c', 'portalStatus'),
  hasSecondOwner: one('Has_Second_Owner__c', 'hasSecondOwner'),
  leadStatus: one('Status', 'leadStatus'),
  leadStatusDetail: one('Status_Detail__c', 'leadStatusDetail'),
};

const isLeadAnswer = (key: string): key is keyof LeadChange => Object.hasOwn(LEAD_FIELDS, key);

/**
 * The Salesforce fields of a lead change. Keys of the domain are mapped; any other key is a field
 * already in Salesforce's words (a change queued before this mapper) and passes as it is. Keys keep
 * their order, and a later key wins over an earlier one for the same field, as Object.assign merged them.
 */
export function leadFieldsOf(change: LeadChange | SalesforceLeadFields): SalesforceLeadFields {
  const out: SalesforceLeadFields = {};
  const source = change as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    if (isLeadAnswer(key)) Object.assign(out, LEAD_FIELDS[key](change as LeadChange));
    else out[key] = source[key] as LeadValue;
  }
  return out;
}

/** The custom field that ties a lead (and its opportunity) to its portal application: the idempotency key. */
export const APPLICATION_ID_FIELD = 'Portal_Application_Id__c';
/** The lead field that names the affiliate who referred the applicant. */
export const AFFILIATE_ID_FIELD = 'Affiliate_Id__c';

/** Who a new lead is: the person, the company, the affiliate, the application. */
export type NewLead = {
  applicationId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  affiliateId?: string;
};

/** A new lead's fields: the person, the company, the affiliate, the application. */
export function newLeadFields(input: NewLead): SalesforceLeadFields {
  return {
    FirstName: input.firstName,
    LastName: input.lastName,
    Email: input.email,
    MobilePhone: input.phone,
    Phone: input.phone,
    Company: input.company,
    ...(input.affiliateId ? { [AFFILIATE_ID_FIELD]: input.affiliateId } : {}),
    [APPLICATION_ID_FIELD]: input.applicationId,
  };
}

/** GET account/account-status/{affiliateId} answers the affiliate account's own fields, as the spec names them. */
export type AffiliateStatusAnswer = { Status__c: string; RecordTypeId: string };
export const affiliateStatusAnswer = (status: string, recordTypeId: string): AffiliateStatusAnswer => ({
  Status__c: status,
  RecordTypeId: recordTypeId,
});
