// What the portal asks Plaid's /link/token/create for, by business (https://plaid.com/docs/api/link/#linktokencreate):
// - Statements is US only (https://plaid.com/docs/statements/: "Statements (US only)"): a US business gets
//   `country_codes: ['US']`; a business elsewhere (Canada) is not offered the bank connection at all.
// - Statements is the one required product; Transactions is optional (`optional_products`): Link shows every
//   bank that supports Statements, and Transactions is added where the bank supports it. It only serves the
//   cash of a month whose statement text is not readable enough.
// - `transactions.days_requested` (90 by default) reaches back past the oldest month the page can ask for.
// - Update mode (`access_token`): no products, no statements window (https://plaid.com/docs/link/update-mode/);
//   Account Select again (`update.account_selection_enabled`) only when the item shows no account any more,
//   so the applicant chooses the account(s) whose statements are read; a login repair keeps the accounts.
// - Link speaks the applicant's language as the portal does (`language`: 'en', 'fr', 'es'; Plaid's list:
//   https://plaid.com/docs/api/link/#link-token-create-request-language), by LINK_LANGUAGES.
// - `redirect_uri` (PLAID_REDIRECT_URI): an OAuth bank on a phone sends the applicant back to that page, which
//   opens Link again with the same token (https://plaid.com/docs/link/oauth/).
import { CountryCode, Products, type LinkTokenCreateRequest } from 'plaid';
import { languageOf, type ByLanguage } from '@portal/libs';

/**
 * Days of transactions history: the pages ask for at most 4 months before the current one, and one more
 * on the first day of a month (statementMonths), so 5 months back from a month's first day (at most 184
 * days) and the days of the current month, with room for a fetch a few days after the link.
 */
export const TRANSACTIONS_DAYS = 200;
const DAY_MS = 86_400_000;
/** Plaid's displayed client name (at most 30 characters: longer shows "This Application"). */
export const CLIENT_NAME = 'Fundwise';

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const monthStart = (now: Date, offset: number) => isoDay(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));

/** Whether a business in `country` (its address, 'US' when unset) can connect its bank for statements. */
export const statementsOffered = (country: string | undefined) => !country || country === 'US';

/** Link's language for each of the portal's: a language added to the portal without its entry does not compile. */
export const LINK_LANGUAGES: ByLanguage<string> = { en: 'en', 'fr-CA': 'fr', 'es-US': 'es' };

/** Link's language for the applicant's (English when the account keeps none). */
export const linkLanguage = (language: string | undefined) => LINK_LANGUAGES[languageOf(language)];

/** The first day of the transactions history Plaid fetches for an item linked at `linkedAt`. */
export const historyFrom = (linkedAt: Date) => isoDay(linkedAt.getTime() - (TRANSACTIONS_DAYS - 1) * DAY_MS);

export function linkRequest(o: {
  userId: string;
  language: string | undefined;
  webhook?: string;
  /** Where an OAuth bank sends the applicant back (PLAID_REDIRECT_URI), when configured. */
  redirectUri?: string;
  /** Update mode: the item's access token. */
  accessToken?: string;
  /** Update mode with Account Select: the applicant chooses the accounts to share again. */
  chooseAccounts?: boolean;
  now?: Date;
}): LinkTokenCreateRequest {
  const now = o.now ?? new Date();
  const common = {
    user: { client_user_id: o.userId },
    client_name: CLIENT_NAME,
    language: linkLanguage(o.language),
    country_codes: [CountryCode.Us],
    ...(o.webhook ? { webhook: o.webhook } : {}),
    ...(o.redirectUri ? { redirect_uri: o.redirectUri } : {}),
  };
  if (o.accessToken)
    return {
      ...common,
      access_token: o.accessToken,
      ...(o.chooseAccounts ? { update: { account_selection_enabled: true } } : {}),
    };
  return {
    ...common,
    products: [Products.Statements],
    optional_products: [Products.Transactions],
    transactions: { days_requested: TRANSACTIONS_DAYS },
    // 14 months back to this month's first day: within the 2 years Plaid allows.
    statements: { start_date: monthStart(now, -14), end_date: monthStart(now, 0) },
  };
}

/** The window /statements/refresh extracts again: the same as the link's. */
export const refreshWindow = (now = new Date()) => ({
  start_date: monthStart(now, -14),
  end_date: isoDay(now.getTime()),
});
