/**
 * What the CRM accepts, in one place: the sign-up and application forms, the api DTOs and the worker's
 * CRM writes all read these numbers, so a value the form lets through is a value Salesforce stores.
 */

/**
 * Salesforce's lengths of the standard Lead fields the portal writes (Lead object reference), and the
 * portal's defaults for the org's custom text fields (each overridable with SF_FIELD_LENGTHS).
 */
export const CRM_FIELD_LENGTHS = {
  FirstName: 40,
  LastName: 80,
  Email: 80,
  Company: 255,
  Phone: 40,
  MobilePhone: 40,
  Street: 255,
  City: 40,
  State: 80,
  PostalCode: 20,
  Country: 80,
  Website: 255,
  Industry: 255,
  Title: 128,
  DBA__c: 255,
  Entity_Type__c: 255,
  EIN__c: 20,
  NAICS__c: 10,
  State_of_Incorporation__c: 80,
  Product_Interest__c: 255,
  Use_of_Proceeds__c: 255,
  Monthly_Revenue_Range__c: 40,
  Portal_Status__c: 80,
  Status_Detail__c: 255,
  Portal_Application_Id__c: 40,
  Affiliate_Id__c: 18,
  Owner_1_First_Name__c: 40,
  Owner_1_Last_Name__c: 80,
  Owner_1_Email__c: 80,
  Owner_1_Mobile__c: 40,
  Owner_1_Home_Street__c: 255,
  Owner_1_Home_City__c: 40,
  Owner_1_Home_State__c: 80,
  Owner_1_Home_Zip__c: 20,
  Owner_1_Home_Country__c: 80,
  Owner_2_First_Name__c: 40,
  Owner_2_Last_Name__c: 80,
  Owner_2_Email__c: 80,
  Owner_2_Mobile__c: 40,
  Owner_2_Home_Street__c: 255,
  Owner_2_Home_City__c: 40,
  Owner_2_Home_State__c: 80,
  Owner_2_Home_Zip__c: 20,
  Owner_2_Home_Country__c: 80,
} as const satisfies Record<string, number>;

export type CrmFieldLengths = Readonly<Record<string, number>>;

/** The form limits that follow from the CRM's: a person's name and email as Lead keeps them. */
export const NAME_LIMITS = {
  firstName: CRM_FIELD_LENGTHS.FirstName,
  lastName: CRM_FIELD_LENGTHS.LastName,
  email: CRM_FIELD_LENGTHS.Email,
  company: CRM_FIELD_LENGTHS.Company,
  phone: CRM_FIELD_LENGTHS.Phone,
  street: CRM_FIELD_LENGTHS.Street,
  city: CRM_FIELD_LENGTHS.City,
} as const;

/**
 * SF_FIELD_LENGTHS ('Field__c:120,Other__c:40'): the org's own lengths of its custom fields, over the
 * defaults above. Answers the error text for a malformed entry, so configuration can name it at boot.
 */
export function parseFieldLengths(raw: string): CrmFieldLengths | string {
  const out: Record<string, number> = { ...CRM_FIELD_LENGTHS };
  if (raw.trim() === '' || raw === 'none') return out;
  for (const entry of raw.split(',')) {
    const m = /^\s*([A-Za-z]\w*)\s*:\s*(\d{1,6})\s*$/.exec(entry);
    if (!m || Number(m[2]) < 1) return `'${entry.trim()}' is not Field:length`;
    out[m[1]!] = Number(m[2]);
  }
  return out;
}

/**
 * Every string cut to the CRM's length for its field (by code points, so a surrogate pair is never
 * split). The forms already refuse longer values; this holds for records typed before the limits, so
 * that an old application's lead is written rather than refused with STRING_TOO_LONG.
 */
export function capCrmFields<T extends Record<string, unknown>>(
  fields: T,
  lengths: CrmFieldLengths = CRM_FIELD_LENGTHS,
): T {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const max = lengths[name];
    out[name] =
      typeof value === 'string' && max !== undefined && [...value].length > max
        ? [...value].slice(0, max).join('')
        : value;
  }
  return out as T;
}

/**
 * Orgs with state and country picklists refuse codes in State and Country (FIELD_INTEGRITY_EXCEPTION):
 * there the codes go to StateCode and CountryCode. The portal stores codes (NY, ON, US, CA).
 */
export function crmAddressFields<T extends Record<string, unknown>>(fields: T, picklists: boolean): T {
  if (!picklists) return fields;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'State') out.StateCode = value;
    else if (name === 'Country') out.CountryCode = value;
    else out[name] = value;
  }
  return out as T;
}

/** The org-specific picklist values the portal writes, with the specification's values as defaults. */
export const CRM_DEFAULT_VALUES = {
  convertedStatus: 'Closed - Converted',
  submittedStage: 'Application Submitted',
  openStatus: 'Open - Not Contacted',
  notConvertedStatus: 'Closed - Not Converted',
} as const;

/** Per picklist field, the spec's value to the org's own (fields and values not named pass as they are). */
export type CrmPicklistValues = Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * SF_PICKLIST_VALUES, as JSON: {"Status":{"Closed - Not Converted":"Unqualified"}}. Answers the error
 * text for a malformed value, so configuration can name it at boot.
 */
export function parsePicklistValues(raw: string): CrmPicklistValues | string {
  if (raw.trim() === '' || raw === 'none') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return 'must be JSON: {"Field":{"spec value":"org value"}}';
  }
  const ok =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every(
      (m) =>
        typeof m === 'object' &&
        m !== null &&
        !Array.isArray(m) &&
        Object.values(m).every((v) => typeof v === 'string'),
    );
  return ok ? (parsed as CrmPicklistValues) : 'must map each field to an object of string values';
}

/** The org's picklist values in place of the spec's. */
export function orgPicklistValues<T extends Record<string, unknown>>(fields: T, values: CrmPicklistValues): T {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields))
    out[name] = typeof value === 'string' && values[name]?.[value] !== undefined ? values[name][value] : value;
  return out as T;
}
