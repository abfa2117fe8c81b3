/**
 * Section 5 rules of the application screens (financial, business, owners), word for word. The web
 * forms and the api DTOs both use these, so the server refuses exactly what the form refuses.
 */
import { EMAIL_PATTERN, PHONE_PATTERN, digitsOnly } from './formats';
import { MESSAGES } from './messages';
import { all, maxLength, notBlank, pattern, required, requiredText, type Rule, type RuleSet } from './rules';

export const APPLICATION_MESSAGES = {
  annualRevenueRequired: 'Annual revenue is required',
  amountRequestedRequired: 'Amount requested is required',
  valueZero: 'Value cannot be zero',
  valueTooLarge: 'Value cannot exceed $99,000,000',
  startDateRequired: 'Business start date is required',
  futureDate: 'Future dates are not allowed',
  selectionRequired: 'Selection is required',
  aSelectionRequired: 'A selection is required',
  businessNameRequired: 'Business name is required',
  legalEntityRequired: 'Legal entity is required',
  einRequired: 'EIN / Tax ID is required',
  einInvalid: 'Invalid EIN / Tax ID',
  bnRequired: 'BN is required',
  bnInvalid: 'Invalid BN',
  avgDailyBalanceRequired: 'Average daily balance is required',
  avgDailyBalanceMin: 'Average daily balance must be $500 or greater',
  businessPhoneRequired: 'Business phone number is required',
  countryOfBusinessRequired: 'Country of business required',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  cityTooLong: 'City must be 40 characters or less',
  stateRequired: 'State is required',
  provinceRequired: 'Province / territory is required',
  zipRequired: 'Zip code is required',
  usZipInvalid: 'Invalid US zip code',
  zipInvalid: 'Invalid zip code',
  postalRequired: 'Postal code is required',
  postalInvalid: 'Invalid postal code',
  industryRequired: 'Industry is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  countryOfResidenceRequired: 'Country of residence required',
  dobRequired: 'Date of birth is required',
  dobYear: 'Enter a 4 digit year',
  percentRequired: 'Percent ownership is required',
  percentTooLarge: 'Percent cannot exceed 100%',
  percentNegative: 'Percent cannot be negative',
  creditRequired: 'Credit score is required',
  creditMin: 'Credit score must be at least 300',
  creditMaxUs: 'Credit score must be no more than 850',
  creditMaxCa: 'Credit score must be no more than 900',
  ssnRequired: 'Social security number is required',
  ssnInvalid: 'Invalid social security number',
  sinRequired: 'Social insurance number is required',
  sinInvalid: 'Invalid social insurance number',
  totalOwnershipTooLarge: 'Total ownership percentage cannot exceed 100%',
  phonesUnique: 'Each phone number must be unique.',
  emailsUnique: 'Each email must be unique.',
  secondOwnerRequired: 'If your percent ownership is below 51% we require a second owner.',
} as const;

export const MAX_AMOUNT = 99_000_000;
export const MIN_AVG_DAILY_BALANCE = 500;
export const CITY_MAX_LENGTH = 40;
export const CREDIT_SCORE_MIN = 300;
export const CREDIT_SCORE_MAX = { US: 850, CA: 900 } as const;
export const PRIMARY_OWNER_MIN_PERCENT = 51;
export const MAX_OWNERS = 2;

const M = APPLICATION_MESSAGES;
const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const isCanada = (form: Readonly<Record<string, unknown>>, field = 'country') => form[field] === 'CA';

/** A currency or number as typed ('$1,234.50') or sent (1234.5); NaN when it is not a number. */
export function parseAmount(v: unknown): number {
  if (typeof v === 'number') return v;
  const s = text(v).replace(/[$,\s]/g, '');
  return s === '' ? NaN : Number(s);
}

/** Monthly revenue sent with the financial step: annual / 12, two decimals. */
export const monthlyRevenue = (annual: number): number => Math.round((annual / 12) * 100) / 100;

const amountRule =
  (requiredMessage: string): Rule =>
  (v) => {
    if (text(v).trim() === '') return requiredMessage;
    const n = parseAmount(v);
    if (Number.isNaN(n)) return requiredMessage;
    if (n === 0) return M.valueZero;
    if (n < 0) return M.valueZero;
    if (n > MAX_AMOUNT) return M.valueTooLarge;
    return undefined;
  };

export const FINANCIAL_RULES = {
  annualRevenue: amountRule(M.annualRevenueRequired),
  amountRequested: amountRule(M.amountRequestedRequired),
} satisfies RuleSet;

/** YYYY-MM-DD with a 4-digit year (the date mask caps the year at 4 digits). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const todayIso = (): string => new Date().toISOString().slice(0, 10);

const pastDate = (requiredMessage: string): Rule =>
  all(required(requiredMessage), pattern(ISO_DATE, requiredMessage), (v) =>
    text(v) > todayIso() ? M.futureDate : undefined,
  );

export const BUSINESS_QUESTION_RULES = {
  businessStartDate: pastDate(M.startDateRequired),
  useOfProceeds: required(M.selectionRequired),
} satisfies RuleSet;

export const EIN_PATTERN = /^\d{2}-\d{7}$/;
export const BN_PATTERN = /^\d{3}-?\d{3}-?\d{3}(?:(?:RP|RC|RT|RM)\d{4})?$/;
export const US_ZIP_PATTERN = /^\d{5}(?:-\d{4})?$/;
export const CA_POSTAL_PATTERN = /^[A-Za-z]\d[A-Za-z] ?(?:\d[A-Za-z]\d)?$/;

const taxIdRule: Rule = (v, form) =>
  isCanada(form)
    ? all(required(M.bnRequired), pattern(BN_PATTERN, M.bnInvalid))(v, form)
    : all(required(M.einRequired), pattern(EIN_PATTERN, M.einInvalid))(v, form);

const stateRule =
  (countryField = 'country'): Rule =>
  (v, form) =>
    text(v) === '' ? (isCanada(form, countryField) ? M.provinceRequired : M.stateRequired) : undefined;

const cityRule = all(required(M.cityRequired), notBlank, maxLength(CITY_MAX_LENGTH, M.cityTooLong));

const businessZipRule: Rule = (v, form) =>
  isCanada(form)
    ? all(
        required(M.postalRequired),
        maxLength(7, M.postalInvalid),
        pattern(CA_POSTAL_PATTERN, M.postalInvalid),
      )(v, form)
    : all(required(M.zipRequired), maxLength(10, M.usZipInvalid), pattern(US_ZIP_PATTERN, M.usZipInvalid))(v, form);

const minAmount =
  (min: number, requiredMessage: string, minMessage: string): Rule =>
  (v) => {
    if (text(v).trim() === '') return requiredMessage;
    const n = parseAmount(v);
    if (Number.isNaN(n)) return requiredMessage;
    return n < min ? minMessage : undefined;
  };

const optionalAmount: Rule = (v) => {
  if (text(v).trim() === '') return undefined;
  const n = parseAmount(v);
  return Number.isNaN(n) || n < 0 || n > MAX_AMOUNT ? M.valueTooLarge : undefined;
};

export const BUSINESS_DETAILS_RULES = {
  businessName: requiredText(M.businessNameRequired),
  dbaName: all(notBlank, maxLength(200)),
  legalEntity: required(M.legalEntityRequired),
  acceptsCreditCards: required(M.selectionRequired),
  otherBusinessLoans: required(M.selectionRequired),
  federalTaxId: taxIdRule,
  avgDailyBalance: minAmount(MIN_AVG_DAILY_BALANCE, M.avgDailyBalanceRequired, M.avgDailyBalanceMin),
  openLoanBalances: optionalAmount,
  phoneNumber: all(required(M.businessPhoneRequired), pattern(PHONE_PATTERN, MESSAGES.phoneFormat)),
  country: required(M.countryOfBusinessRequired),
  address: requiredText(M.addressRequired),
  suiteFloor: all(notBlank, maxLength(200)),
  city: cityRule,
  state: stateRule(),
  zip: businessZipRule,
  industry: required(M.industryRequired),
  website: all(notBlank, maxLength(200)),
} satisfies RuleSet;

export const SSN_PATTERN = /^\d{3}-?\d{2}-?\d{4}$/;
export const SIN_PATTERN = /^\d{3}-?\d{3}-?\d{3}$/;
const OWNER_US_ZIP = /^(?:\d{5}(?:-\d{4})?|[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d)$/;

const ownerZipRule: Rule = (v, form) =>
  isCanada(form)
    ? all(
        required(M.postalRequired),
        maxLength(7, M.postalInvalid),
        pattern(CA_POSTAL_PATTERN, M.postalInvalid),
      )(v, form)
    : all(required(M.zipRequired), pattern(OWNER_US_ZIP, M.zipInvalid))(v, form);

const percentRule: Rule = (v) => {
  if (text(v).trim() === '') return M.percentRequired;
  const n = Number(v);
  if (Number.isNaN(n)) return M.percentRequired;
  if (n > 100) return M.percentTooLarge;
  if (n < 0) return M.percentNegative;
  return undefined;
};

const creditRule: Rule = (v, form) => {
  if (text(v).trim() === '') return M.creditRequired;
  const n = Number(v);
  if (Number.isNaN(n)) return M.creditRequired;
  if (n < CREDIT_SCORE_MIN) return M.creditMin;
  if (isCanada(form) && n > CREDIT_SCORE_MAX.CA) return M.creditMaxCa;
  if (!isCanada(form) && n > CREDIT_SCORE_MAX.US) return M.creditMaxUs;
  return undefined;
};

const ssnRule: Rule = (v, form) =>
  isCanada(form)
    ? all(required(M.sinRequired), pattern(SIN_PATTERN, M.sinInvalid))(v, form)
    : all(required(M.ssnRequired), pattern(SSN_PATTERN, M.ssnInvalid))(v, form);

const dobRule: Rule = (v) => {
  const s = text(v);
  if (s === '') return M.dobRequired;
  const year = s.split('-')[0] ?? '';
  if (!/^\d{4}$/.test(year)) return M.dobYear;
  return ISO_DATE.test(s) ? undefined : M.dobRequired;
};

/** One owner card; `country` is the owner's country of residence. */
export const OWNER_RULES = {
  firstName: requiredText(M.firstNameRequired),
  lastName: requiredText(M.lastNameRequired),
  country: required(M.countryOfResidenceRequired),
  address: requiredText(M.addressRequired),
  city: cityRule,
  state: stateRule(),
  zip: ownerZipRule,
  ownerEmailId: all(required(MESSAGES.emailRequired), maxLength(200), pattern(EMAIL_PATTERN, MESSAGES.emailInvalid)),
  dateOfBirth: dobRule,
  phoneNumber: all(required(MESSAGES.phoneRequired), pattern(PHONE_PATTERN, MESSAGES.phoneFormat)),
  ownershipPercent: percentRule,
  creditReport: creditRule,
  ssn: ssnRule,
  isUSCitizen: required(M.aSelectionRequired),
} satisfies RuleSet;

export type OwnerSetProblem = { message: string; addSecondOwner?: boolean };

/**
 * Section 5 'Owner set on submit': total at most 100, unique phones and emails (emails any case), and a
 * single owner under 51% needs a second owner.
 */
export function checkOwnerSet(
  owners: readonly { ownershipPercent?: unknown; phoneNumber?: unknown; ownerEmailId?: unknown }[],
): OwnerSetProblem | undefined {
  const total = owners.reduce((sum, o) => sum + (Number(o.ownershipPercent) || 0), 0);
  if (total > 100) return { message: M.totalOwnershipTooLarge };
  const phones = owners.map((o) => digitsOnly(text(o.phoneNumber))).filter(Boolean);
  if (new Set(phones).size !== phones.length) return { message: M.phonesUnique };
  const emails = owners.map((o) => text(o.ownerEmailId).trim().toLowerCase()).filter(Boolean);
  if (new Set(emails).size !== emails.length) return { message: M.emailsUnique };
  const first = Number(owners[0]?.ownershipPercent);
  if (owners.length === 1 && first < PRIMARY_OWNER_MIN_PERCENT) {
    return { message: M.secondOwnerRequired, addSecondOwner: true };
  }
  return undefined;
}

/** Bank statements required: 3, or 4 when the business is in GA, FL, CA, VA, UT or NY (section 9). */
export const FOUR_STATEMENT_STATES = ['GA', 'FL', 'CA', 'VA', 'UT', 'NY'] as const;
export const requiredStatementCount = (businessState: string | undefined): number =>
  (FOUR_STATEMENT_STATES as readonly string[]).includes(businessState ?? '') ? 4 : 3;
