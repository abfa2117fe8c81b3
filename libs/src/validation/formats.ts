/** Masks and formats shared by the forms and the api. */
export const ALLOWED_EMAIL_TLDS = [
  'com',
  'org',
  'net',
  'edu',
  'gov',
  'mil',
  'io',
  'co',
  'info',
  'biz',
  'us',
  'uk',
  'ca',
  'au',
  'de',
  'fr',
  'jp',
  'it',
  'es',
  'nl',
  'se',
  'no',
  'ch',
  'be',
  'br',
  'in',
  'mx',
] as const;

/**
 * The local part may not start or end with a dot or hold two in a row: Salesforce refuses such an address
 * (INVALID_EMAIL_ADDRESS), so a lead could never be made for it.
 */
export const EMAIL_PATTERN = new RegExp(
  `^(?!\\.)(?!.*\\.\\.)[A-Za-z0-9._%+-]+(?<!\\.)@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.)+(?:${ALLOWED_EMAIL_TLDS.join('|')})$`,
  'i',
);

/**
 * What a phone input holds (phone.ts reads it): room for a pasted '+1 (514) 555-0100' (17 characters) or
 * '+44 20 7946 0958', which a shorter limit cut before anything read it (a paste was once cut to '(151) 455-50').
 * Here, apart from phone.ts, so the first visit's page has it without the phone library.
 */
export const PHONE_INPUT_MAX_LENGTH = 24;

export const digitsOnly = (s: string): string => s.replace(/\D/g, '');

/**
 * A zip or postal code in its one written form, whatever the country field says (an owner's US zip may
 * be Canadian): a Canadian code upper-cased with one space (' h2x1y4' -> 'H2X 1Y4'), anything else
 * trimmed. Stored, printed on the signed PDF and sent to the CRM in this form, and judged in it.
 */
export function normalizeZip(text: string): string {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact)) return `${compact.slice(0, 3)} ${compact.slice(3)}`;
  if (/^[A-Z]\d[A-Z]$/.test(compact)) return compact;
  return text.trim();
}

/** Currency as typed: $ with thousands separators and at most 2 decimals ('1234.567' -> '$1,234.56'). */
/** An amount (number or numeric string) as dollars with cents: 219600 -> $219,600.00. */
export const formatMoney = (v: number | string | undefined | null): string =>
  formatCurrency((Number(v ?? 0) || 0).toFixed(2));

export function formatCurrency(input: string): string {
  const clean = input.replace(/[^\d.]/g, '');
  if (clean === '') return '';
  const [whole = '', ...rest] = clean.split('.');
  const digits = whole.replace(/^0+(?=\d)/, '') || (rest.length ? '0' : '');
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return rest.length ? `$${grouped}.${rest.join('').slice(0, 2)}` : `$${grouped}`;
}
/** A currency input holds at most 11 characters (the specification's limit). */
export const CURRENCY_INPUT_MAX_LENGTH = 11;

/** EIN as typed: xx-xxxxxxx, at most 9 digits. */
export function formatEin(input: string): string {
  const d = digitsOnly(input).slice(0, 9);
  return d.length > 2 ? `${d.slice(0, 2)}-${d.slice(2)}` : d;
}

/**
 * A BN with its program suffix, dashed: 123-456-789RT0001 is 17 characters. The specification says 'max 11
 * characters' (the dashed nine digits) yet accepts the suffix; the suffix wins, so the field holds 17.
 */
export const BN_INPUT_MAX_LENGTH = 17;

/** BN as typed: xxx-xxx-xxx (9 digits), then an optional program suffix (RP, RC, RT or RM and 4 digits). */
export function formatBn(input: string): string {
  const clean = input.toUpperCase().replace(/[^0-9A-Z]/g, '');
  const d = /^\d{0,9}/.exec(clean)?.[0] ?? '';
  const groups = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean).join('-');
  if (d.length < 9) return groups;
  const rest = clean.slice(9);
  const program = /^(?:R[PCTM]?)?/.exec(rest)?.[0] ?? '';
  const account = program.length === 2 ? rest.slice(2).replace(/\D/g, '').slice(0, 4) : '';
  return groups + program + account;
}

/** The tax id mask for the business's country (default US). */
export const formatTaxId = (country: string | undefined, input: string): string =>
  country === 'CA' ? formatBn(input) : formatEin(input);

/** SSN (US xxx-xx-xxxx) or SIN (CA xxx-xxx-xxx) as typed: at most 9 digits. */
export function formatSsn(country: string | undefined, input: string): string {
  const d = digitsOnly(input).slice(0, 9);
  const cuts = country === 'CA' ? [3, 6] : [3, 5];
  return [d.slice(0, cuts[0]), d.slice(cuts[0], cuts[1]), d.slice(cuts[1])].filter(Boolean).join('-');
}
