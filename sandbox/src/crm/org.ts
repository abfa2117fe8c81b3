/**
 * The org schema of the CRM stand-in: which fields each object has, their lengths, which are required
 * and which are restricted picklists, as Salesforce checks them on every create and update. Kept apart
 * from the portal's own table (libs/src/crm/fields.ts) on purpose: this is the org, that is our belief
 * about it, and a test only proves something when the two are written independently.
 */

export type FieldDef = {
  /** Text length (Salesforce counts characters). */
  length?: number;
  required?: boolean;
  /** Restricted picklist: only these values (or null) are stored. */
  picklist?: readonly string[];
  /** Set by the org, never by an API write. */
  readOnly?: boolean;
  /** An Email field: Salesforce refuses an address it does not take (INVALID_EMAIL_ADDRESS). */
  email?: boolean;
  /** A field that is not text: its JSON value must deserialize to this type, or the write is JSON_PARSER_ERROR. */
  type?: 'double' | 'int' | 'date' | 'boolean';
};

export type OrgOptions = {
  /** Orgs with state and country picklists: State and Country take names, codes go to StateCode / CountryCode. */
  stateCountryPicklists?: boolean;
  /** Lead duplicate rule on Email: 'alert' saves with the allowSave header, 'block' never does. */
  duplicateRule?: 'off' | 'alert' | 'block';
  /** Lead statuses with IsConverted = true (convertLead refuses others with INVALID_STATUS). */
  convertedStatuses?: string[];
  /** Lead statuses of the org (a restricted picklist). */
  leadStatuses?: string[];
  /** Opportunity stages of the org (a restricted picklist). */
  opportunityStages?: string[];
  /**
   * Where the org's active lead assignment rule puts a lead on every create and update that does not send
   * `Sforce-Auto-Assign: FALSE`: the rep (a user), or the lead queue (a Group, id 00G…) reps pick from.
   */
  assignTo?: 'rep' | 'queue';
  /** Largest JSON body with a base64 blob: 37.5 MB of base64 in Salesforce ('Insert or Update Blob Data'). */
  jsonBlobLimit?: number;
};

export const LEAD_STATUSES = [
  'Open - Not Contacted',
  'Working - Contacted',
  'Closed - Converted',
  'Closed - Not Converted',
];
export const OPPORTUNITY_STAGES = [
  'Prospecting',
  'Qualification',
  'Application Submitted',
  'Closed Won',
  'Closed Lost',
];

const text = (length: number, required = false): FieldDef => ({ length, required });
const email: FieldDef = { length: 80, email: true };
const plain: FieldDef = {};
const system: FieldDef = { readOnly: true };
/** Number, currency and percent fields (Salesforce deserializes all three as double). */
const double: FieldDef = { type: 'double' };
const int: FieldDef = { type: 'int' };
const date: FieldDef = { type: 'date' };
const checkbox: FieldDef = { type: 'boolean' };

const owner = (n: 1 | 2): Record<string, FieldDef> => ({
  [`Owner_${n}_First_Name__c`]: text(40),
  [`Owner_${n}_Last_Name__c`]: text(80),
  [`Owner_${n}_Mobile__c`]: text(40),
  [`Owner_${n}_Email__c`]: email,
  [`Owner_${n}_Birthdate__c`]: date,
  [`Owner_${n}_Ownership__c`]: double,
  [`Owner_${n}_Home_Street__c`]: text(255),
  [`Owner_${n}_Home_City__c`]: text(40),
  [`Owner_${n}_Home_State__c`]: text(80),
  [`Owner_${n}_Home_Zip__c`]: text(20),
  [`Owner_${n}_Home_Country__c`]: text(80),
  [`Owner_${n}_SSN__c`]: text(11),
  [`Owner_${n}_Credit_Score__c`]: double,
  [`Owner_${n}_Credit_Score_Text__c`]: text(10),
});

const COMMON: Record<string, FieldDef> = {
  Id: system,
  CreatedDate: system,
  LastModifiedDate: system,
  IsDeleted: system,
  OwnerId: plain,
};

/** Salesforce's lengths of the standard fields (object reference), the org's of its custom ones. */
export const SCHEMA: Record<string, Record<string, FieldDef>> = {
  Lead: {
    ...COMMON,
    FirstName: text(40),
    LastName: text(80, true),
    Email: email,
    Company: text(255, true),
    Phone: text(40),
    MobilePhone: text(40),
    Street: text(255),
    City: text(40),
    State: text(80),
    PostalCode: text(20),
    Country: text(80),
    StateCode: plain,
    CountryCode: plain,
    Website: text(255),
    Industry: text(255),
    NumberOfEmployees: int,
    AnnualRevenue: double,
    Status: { picklist: LEAD_STATUSES },
    IsConverted: system,
    ConvertedAccountId: system,
    ConvertedContactId: system,
    ConvertedOpportunityId: system,
    ConvertedDate: system,
    Portal_Application_Id__c: text(40),
    Affiliate_Id__c: text(18),
    Portal_Status__c: text(80),
    Status_Detail__c: text(255),
    DBA__c: text(255),
    Entity_Type__c: text(255),
    EIN__c: text(20),
    NAICS__c: text(10),
    State_of_Incorporation__c: text(80),
    Product_Interest__c: text(255),
    Use_of_Proceeds__c: text(255),
    Monthly_Revenue_Range__c: text(40),
    Business_Start_Date__c: date,
    Average_Daily_Balance__c: double,
    Open_Loan_Balances__c: double,
    csbs__Amount_Requested__c: double,
    Accepts_Credit_Cards__c: checkbox,
    Has_Open_Business_Loans__c: checkbox,
    Has_Business_Bank_Account__c: checkbox,
    Has_Second_Owner__c: checkbox,
    ...owner(1),
    ...owner(2),
  },
  Opportunity: {
    ...COMMON,
    Name: text(120, true),
    StageName: { picklist: OPPORTUNITY_STAGES, required: true },
    AccountId: plain,
    CloseDate: date,
    Portal_Application_Id__c: text(40),
  },
  ContentVersion: {
    ...COMMON,
    Title: text(255),
    PathOnClient: text(500, true),
    VersionData: plain,
    FirstPublishLocationId: plain,
    Description: text(1000),
    ContentDocumentId: system,
    ContentSize: system,
  },
};

export type SfErr = { errorCode: string; message: string; fields?: string[] };

/** The objects the org has (a query naming another answers INVALID_TYPE). */
export const OBJECTS = new Set([
  ...Object.keys(SCHEMA),
  'Account',
  'Contact',
  'User',
  'Group',
  'ContentDocument',
  'ContentDocumentLink',
  'RecordType',
]);
