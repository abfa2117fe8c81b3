// What Plaid's /link/token/create refuses, as Plaid documents it
// (https://plaid.com/docs/api/link/#linktokencreate, worded the same in the plaid SDK's LinkTokenCreateRequest;
// https://plaid.com/docs/statements/; https://plaid.com/docs/link/update-mode/): the stand-in refuses the same,
// so the api is tested against it. A client_name over 30 characters is not refused: Link shows
// "This Application" instead.
import { refused } from './errors';
import type { PlaidState } from './state';

type Input = Record<string, unknown>;

/** The country codes /link/token/create takes (its country_codes enum). */
const COUNTRIES = new Set([
  'US',
  'GB',
  'ES',
  'NL',
  'FR',
  'IE',
  'CA',
  'DE',
  'IT',
  'PL',
  'DK',
  'NO',
  'SE',
  'EE',
  'LT',
  'LV',
  'PT',
  'BE',
  'AT',
  'FI',
]);
/**
 * The languages Link is shown in (its language enum, required): a code Plaid does not list ('es-US',
 * 'fr-CA') is refused, so the api must send Link's own code ('es', 'fr').
 */
const LANGUAGES = new Set([
  'da',
  'nl',
  'en',
  'et',
  'fr',
  'de',
  'hi',
  'it',
  'ja',
  'lv',
  'lt',
  'no',
  'pl',
  'pt',
  'ro',
  'es',
  'sv',
  'vi',
]);
/** The products Link initializes (its products enum; Balance is not one: it comes with every item). */
const PRODUCTS = new Set([
  'assets',
  'auth',
  'beacon',
  'employment',
  'identity',
  'income_verification',
  'identity_verification',
  'investments',
  'liabilities',
  'payment_initiation',
  'standing_orders',
  'signal',
  'statements',
  'transactions',
  'transfer',
]);
/** The credit products update mode may add to an item; any other product is omitted in update mode. */
const UPDATE_MODE_PRODUCTS = new Set(['assets', 'statements', 'income_verification']);
/** Statements is US only (https://plaid.com/docs/statements/: "Statements (US only)"). */
const US_ONLY = new Set(['statements']);
/** "Plaid allows extracting up to 2 years of statements" (https://plaid.com/docs/statements/). */
const STATEMENTS_MAX_DAYS = 2 * 366;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A redirect_uri Plaid takes (https://plaid.com/docs/link/oauth/): https, no query or fragment (Link adds
 * oauth_state_id); http only for localhost, which Plaid's sandbox allows for development.
 */
function redirectUriTaken(v: unknown): boolean {
  if (typeof v !== 'string' || v.length > 2048) return false;
  try {
    const u = new URL(v);
    if (u.search || u.hash) return false;
    return u.protocol === 'https:' || (u.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(u.hostname));
  } catch {
    return false;
  }
}

const list = (v: unknown): unknown[] | undefined =>
  v === undefined || v === null ? [] : Array.isArray(v) ? v : undefined;

/** The token's fields once Plaid's rules pass, or Plaid's refusal. */
export function linkTokenRules(
  state: PlaidState,
  input: Input,
): { refusal: ReturnType<typeof refused> } | { updates?: string; daysRequested: number; accountSelection?: boolean } {
  if (typeof input.language !== 'string' || !LANGUAGES.has(input.language))
    return { refusal: refused('INVALID_FIELD', 'language must be one of the languages Link supports') };
  const countries = list(input.country_codes);
  if (!countries?.length || !countries.every((c) => typeof c === 'string' && COUNTRIES.has(c)))
    return { refusal: refused('INVALID_FIELD', 'country_codes must hold Plaid-supported country codes') };
  const asked = ['products', 'optional_products', 'required_if_supported_products', 'additional_consented_products'];
  const products = asked.map((k) => list(input[k]));
  if (products.some((p) => !p || !p.every((x) => typeof x === 'string' && PRODUCTS.has(x))))
    return { refusal: refused('INVALID_FIELD', 'products must hold Plaid products') };
  const all = products.flat() as string[];
  if (new Set(all).size !== all.length)
    return { refusal: refused('INVALID_FIELD', 'a product may be in only one of the product arrays') };
  if (all.some((p) => US_ONLY.has(p)) && countries.some((c) => c !== 'US'))
    return { refusal: refused('INVALID_PRODUCT', 'statements is available in the US only') };
  if (input.redirect_uri !== undefined && !redirectUriTaken(input.redirect_uri))
    return { refusal: refused('INVALID_FIELD', 'redirect_uri must be an https URL without query or fragment') };
  const update = input.update as { account_selection_enabled?: unknown } | undefined;
  if (
    update !== undefined &&
    (typeof update !== 'object' ||
      update === null ||
      !['undefined', 'boolean'].includes(typeof update.account_selection_enabled))
  )
    return { refusal: refused('INVALID_FIELD', 'update.account_selection_enabled must be a boolean') };
  const token = input.access_token;
  if (token !== undefined) {
    // Update mode: the item's own products stay; products are omitted (but for adding a credit product).
    if (!(products[0] as string[]).every((p) => UPDATE_MODE_PRODUCTS.has(p)))
      return { refusal: refused('INVALID_FIELD', 'products must be omitted in update mode') };
    if (typeof token !== 'string' || state.removed.has(token)) return { refusal: refused('ITEM_NOT_FOUND') };
    const item = [...state.items.values()].find((i) => i.access_token === token);
    if (!item) return { refusal: refused('INVALID_ACCESS_TOKEN') };
    return {
      updates: item.item_id,
      daysRequested: item.daysRequested,
      accountSelection: update?.account_selection_enabled === true,
    };
  }
  if (!products[0]!.length) return { refusal: refused('INVALID_FIELD', 'products must name at least one product') };
  if (all.includes('statements')) {
    const s = (input.statements ?? {}) as { start_date?: unknown; end_date?: unknown };
    const { start_date: from, end_date: to } = s;
    if (typeof from !== 'string' || typeof to !== 'string' || !DAY.test(from) || !DAY.test(to) || from > to)
      return { refusal: refused('INVALID_FIELD', 'statements.start_date and end_date are required (YYYY-MM-DD)') };
    if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > STATEMENTS_MAX_DAYS)
      return { refusal: refused('INVALID_FIELD', 'up to 2 years of statements can be requested') };
  }
  // transactions.days_requested: 90 by default, at least 30 (https://plaid.com/docs/api/link/#link-token-create-request-transactions-days-requested).
  const days = (input.transactions as { days_requested?: unknown } | undefined)?.days_requested;
  if (days !== undefined && (!Number.isInteger(days) || (days as number) < 1))
    return { refusal: refused('INVALID_FIELD', 'transactions.days_requested must be a positive integer') };
  return { daysRequested: days === undefined ? 90 : Math.max(30, days as number) };
}
