/**
 * The specification's rules of the application screens (financial, business, owners), word for word. The web
 * forms and the api DTOs both use these, so the server refuses exactly what the form refuses.
 */
import { NAME_LIMITS } from '../crm/fields';
import { INDUSTRIES, industryByName } from '../domain/industries';
import { LEGAL_ENTITIES, PRODUCTS, productsFor, USE_OF_PROCEEDS, YES_NO } from '../domain/pick-lists';
import { COUNTRY_CODES, regionCodes } from '../domain/regions';
import { isCalendarDate, todayIso, yearsBefore } from './dates';
import { EMAIL_PATTERN, digitsOnly, normalizeZip } from './formats';
import { APPLICATION_CODES, COMMON_CODES, type MessageCode } from './codes';
import { amountNumberRule, countCheck, numberRule, parseNumber } from './numbers';
import { phoneKey, phoneNumberRule } from './phone-rule';
import {
  all,
  noMarkup,
  asText,
  maxLength,
  fromList,
  optional,
  optionalBoolean,
  optionalText,
  pattern,
  required,
  requiredText,
  yesNoOrBoolean,
  type Rule,
  type RuleSet,
} from './rules';

export const MAX_AMOUNT = 99_000_000;
export const MIN_AVG_DAILY_BALANCE = 500;
export const CITY_MAX_LENGTH = 40;
export const CREDIT_SCORE_MIN = 300;
export const CREDIT_SCORE_MAX = { US: 850, CA: 900 } as const;
export const PRIMARY_OWNER_MIN_PERCENT = 51;
export const MAX_OWNERS = 2;
/** A business started after 1800 (and not in the future); an owner is 18 to 120 years old. */
export const BUSINESS_START_EARLIEST = '1801-01-01';
export const OWNER_MIN_AGE = 18;
export const OWNER_MAX_AGE = 120;

const M = APPLICATION_CODES;
const isCanada = (form: Readonly<Record<string, unknown>>) => form.country === 'CA';

/** Monthly revenue sent with the financial step: annual / 12, two decimals. */
export const monthlyRevenue = (annual: number): number => Math.round((annual / 12) * 100) / 100;

/** A requested or earned amount: above 0 and at most $99,000,000 (the specification's limit). */
const amountRule = (requiredMessage: string): Rule =>
  amountNumberRule(requiredMessage, (n) => (n <= 0 ? M.valueZero : n > MAX_AMOUNT ? M.valueTooLarge : undefined));

export const FINANCIAL_RULES = {
  annualRevenue: amountRule(M.annualRevenueRequired),
  amountRequested: amountRule(M.amountRequestedRequired),
} satisfies RuleSet;

/** A rule over a value the rules before it have proved to be non-empty text. */
const onText =
  (check: (s: string) => string | undefined): Rule =>
  (v) =>
    typeof v === 'string' ? check(v) : COMMON_CODES.invalidValue;

/** Business start: a real date after 1800, not in the future. */
const businessStartRule: Rule = all(
  required(M.startDateRequired),
  onText((s) =>
    !isCalendarDate(s)
      ? COMMON_CODES.invalidDate
      : s < BUSINESS_START_EARLIEST
        ? M.startDateTooEarly
        : s > todayIso()
          ? M.futureDate
          : undefined,
  ),
);

export const BUSINESS_QUESTION_RULES = {
  /** Yes/No; absent means Yes (as the specification's data model reads it). */
  businessStarted: optional(fromList(YES_NO, M.selectionRequired)),
  businessStartDate: businessStartRule,
  useOfProceeds: fromList(USE_OF_PROCEEDS, M.selectionRequired),
} satisfies RuleSet;

export const EIN_PATTERN = /^\d{2}-\d{7}$/;
export const BN_PATTERN = /^\d{3}-?\d{3}-?\d{3}(?:(?:RP|RC|RT|RM)\d{4})?$/;
export const US_ZIP_PATTERN = /^\d{5}(?:-\d{4})?$/;
export const CA_POSTAL_PATTERN = /^[A-Za-z]\d[A-Za-z] ?(?:\d[A-Za-z]\d)?$/;
/**
 * A website: an http(s) URL, or a bare host name (example.com) as people type it. No other scheme
 * (javascript:, data:, file:) can match: a host is labels of letters, digits and hyphens, then a port,
 * path, query or fragment. Labels are bounded, so the pattern cannot backtrack badly.
 */
export const WEBSITE_PATTERN =
  /^(?:https?:\/\/)?(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** One rule for a Canadian form, another for a US one. */
const byCountry =
  (canada: Rule, us: Rule): Rule =>
  (v, form) =>
    (isCanada(form) ? canada : us)(v, form);

/** A zip rule judging the code as it will be kept (normalizeZip): 'h2x1y4 ' is 'H2X 1Y4'. */
const onNormalZip =
  (rule: Rule): Rule =>
  (v, form) =>
    rule(typeof v === 'string' ? normalizeZip(v) : v, form);

/** A Canadian postal code, for the business and for an owner. */
const caPostalRule = all(
  required(M.postalRequired),
  maxLength(7, M.postalInvalid),
  pattern(CA_POSTAL_PATTERN, M.postalInvalid),
);

const taxIdRule = byCountry(
  all(required(M.bnRequired), pattern(BN_PATTERN, M.bnInvalid)),
  all(required(M.einRequired), pattern(EIN_PATTERN, M.einInvalid)),
);

/** A state (US) or province (CA) code of the form's country. */
const stateRule: Rule = (v, form) =>
  typeof v === 'string' && regionCodes(form.country).includes(v)
    ? undefined
    : isCanada(form)
      ? M.provinceRequired
      : M.stateRequired;

const cityRule = requiredText(M.cityRequired, CITY_MAX_LENGTH, M.cityTooLong);

const businessZipRule = onNormalZip(
  byCountry(
    caPostalRule,
    all(required(M.zipRequired), maxLength(10, M.usZipInvalid), pattern(US_ZIP_PATTERN, M.usZipInvalid)),
  ),
);

const INDUSTRY_NAMES: readonly string[] = INDUSTRIES.map((i) => i.name);

/** NAICS is filled from the industry chosen; when given it must be that industry's code. */
const naicsRule: Rule = (v, form) =>
  v === undefined || v === null || v === '' || (typeof v === 'string' && v === industryByName(form.industry)?.naics)
    ? undefined
    : M.naicsMismatch;

/** Optional: a list of distinct products from the pick-list, of those offered in the business's country. */
const productsRule: Rule = (v, form) => {
  if (v === undefined || v === null) return undefined;
  const offered: readonly string[] = productsFor(typeof form.country === 'string' ? form.country : undefined);
  const ok =
    Array.isArray(v) &&
    v.length <= PRODUCTS.length &&
    new Set(v).size === v.length &&
    v.every((p) => typeof p === 'string' && offered.includes(p));
  return ok ? undefined : M.productsInvalid;
};

export const BUSINESS_DETAILS_RULES = {
  businessName: all(requiredText(M.businessNameRequired), noMarkup),
  dbaName: all(optionalText(), noMarkup),
  legalEntity: fromList(LEGAL_ENTITIES, M.legalEntityRequired),
  acceptsCreditCards: fromList(YES_NO, M.selectionRequired),
  otherBusinessLoans: fromList(YES_NO, M.selectionRequired),
  federalTaxId: taxIdRule,
  avgDailyBalance: amountNumberRule(M.avgDailyBalanceRequired, (n) =>
    n < MIN_AVG_DAILY_BALANCE ? M.avgDailyBalanceMin : n > MAX_AMOUNT ? M.valueTooLarge : undefined,
  ),
  openLoanBalances: amountNumberRule(undefined, (n) =>
    n < 0 ? COMMON_CODES.negative : n > MAX_AMOUNT ? M.valueTooLarge : undefined,
  ),
  phoneNumber: phoneNumberRule(M.businessPhoneRequired),
  country: fromList(COUNTRY_CODES, M.countryOfBusinessRequired),
  address: requiredText(M.addressRequired),
  suiteFloor: optionalText(),
  city: cityRule,
  state: stateRule,
  zip: businessZipRule,
  industry: fromList(INDUSTRY_NAMES, M.industryRequired),
  naics: naicsRule,
  numberOfEmployees: numberRule(parseNumber, undefined, countCheck),
  productsInterestedIn: productsRule,
  businessDescription: optionalText(),
  /** The form asks Yes/No; a JSON client may send a boolean. Optional: asked, not required. */
  hasRealEstate: optional(yesNoOrBoolean(M.selectionRequired)),
  hasBusinessBankAccount: optionalBoolean,
  website: all(optionalText(), optional(pattern(WEBSITE_PATTERN, M.websiteInvalid))),
} satisfies RuleSet;

export const SSN_PATTERN = /^\d{3}-?\d{2}-?\d{4}$/;
export const SIN_PATTERN = /^\d{3}-?\d{3}-?\d{3}$/;
const OWNER_US_ZIP = /^(?:\d{5}(?:-\d{4})?|[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d)$/;

/** The SSA never issues area 000, 666 or 900-999, group 00 or serial 0000. */
export function isIssuableSsn(ssn: string): boolean {
  const d = digitsOnly(ssn);
  const [area, group, serial] = [d.slice(0, 3), d.slice(3, 5), d.slice(5)];
  return (
    d.length === 9 && area !== '000' && area !== '666' && !area.startsWith('9') && group !== '00' && serial !== '0000'
  );
}

const ownerZipRule = onNormalZip(
  byCountry(caPostalRule, all(required(M.zipRequired), pattern(OWNER_US_ZIP, M.zipInvalid))),
);

const percentRule = numberRule(parseNumber, M.percentRequired, (n) =>
  n > 100 ? M.percentTooLarge : n < 0 ? M.percentNegative : undefined,
);

const creditRule = numberRule(parseNumber, M.creditRequired, (n, form) => {
  if (n < CREDIT_SCORE_MIN) return M.creditMin;
  if (isCanada(form) && n > CREDIT_SCORE_MAX.CA) return M.creditMaxCa;
  if (!isCanada(form) && n > CREDIT_SCORE_MAX.US) return M.creditMaxUs;
  return undefined;
});

const ssnRule = byCountry(
  all(required(M.sinRequired), pattern(SIN_PATTERN, M.sinInvalid)),
  all(
    required(M.ssnRequired),
    pattern(SSN_PATTERN, M.ssnInvalid),
    onText((s) => (isIssuableSsn(s) ? undefined : M.ssnInvalid)),
  ),
);

/** Date of birth: a real date, the owner 18 to 120 years old today. */
const dobRule: Rule = all(
  required(M.dobRequired),
  onText((s) => {
    if (!/^\d{4}$/.test(s.split('-')[0] ?? '')) return M.dobYear;
    if (!isCalendarDate(s)) return COMMON_CODES.invalidDate;
    if (s > todayIso()) return M.futureDate;
    if (s > yearsBefore(OWNER_MIN_AGE)) return M.dobTooYoung;
    // 120 years old until the day before the 121st birthday.
    return s <= yearsBefore(OWNER_MAX_AGE + 1) ? M.dobTooOld : undefined;
  }),
);

/** One owner card; `country` is the owner's country of residence. */
export const OWNER_RULES = {
  firstName: all(requiredText(M.firstNameRequired, NAME_LIMITS.firstName, COMMON_CODES.firstNameTooLong), noMarkup),
  lastName: all(requiredText(M.lastNameRequired, NAME_LIMITS.lastName, COMMON_CODES.lastNameTooLong), noMarkup),
  country: fromList(COUNTRY_CODES, M.countryOfResidenceRequired),
  address: requiredText(M.addressRequired),
  city: cityRule,
  state: stateRule,
  zip: ownerZipRule,
  ownerEmailId: all(
    required(COMMON_CODES.emailRequired),
    maxLength(NAME_LIMITS.email, COMMON_CODES.emailTooLong),
    pattern(EMAIL_PATTERN, COMMON_CODES.emailInvalid),
  ),
  dateOfBirth: dobRule,
  phoneNumber: phoneNumberRule(),
  ownershipPercent: percentRule,
  creditReport: creditRule,
  ssn: ssnRule,
  isUSCitizen: yesNoOrBoolean(M.aSelectionRequired),
} satisfies RuleSet;

export type OwnerSetProblem = { message: MessageCode; addSecondOwner?: boolean };

/**
 * The specification's 'Owner set on submit': total at most 100, unique phones and emails (emails any case), and a
 * single owner under 51% needs a second owner.
 */
export function checkOwnerSet(
  owners: readonly { ownershipPercent?: unknown; phoneNumber?: unknown; ownerEmailId?: unknown }[],
): OwnerSetProblem | undefined {
  const total = owners.reduce((sum, o) => sum + (parseNumber(o.ownershipPercent) || 0), 0);
  if (total > 100) return { message: M.totalOwnershipTooLarge };
  // The same number however it was written: (514) 555-0100 and +15145550100 are one phone.
  const phones = owners.map((o) => phoneKey(asText(o.phoneNumber) ?? '')).filter(Boolean);
  if (new Set(phones).size !== phones.length) return { message: M.phonesUnique };
  const emails = owners.map((o) => (asText(o.ownerEmailId) ?? '').trim().toLowerCase()).filter(Boolean);
  if (new Set(emails).size !== emails.length) return { message: M.emailsUnique };
  const first = parseNumber(owners[0]?.ownershipPercent);
  if (owners.length === 1 && first < PRIMARY_OWNER_MIN_PERCENT) {
    return { message: M.secondOwnerRequired, addSecondOwner: true };
  }
  return undefined;
}

/** Bank statements required: 3, or 4 when the business is in GA, FL, CA, VA, UT or NY (the specification's rule). */
export const FOUR_STATEMENT_STATES = ['GA', 'FL', 'CA', 'VA', 'UT', 'NY'] as const;
export const requiredStatementCount = (businessState: string | undefined): number =>
  (FOUR_STATEMENT_STATES as readonly string[]).includes(businessState ?? '') ? 4 : 3;
