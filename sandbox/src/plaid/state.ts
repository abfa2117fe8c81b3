import type { PlaidErrorCode } from './errors';
import { webhookSigner, type WebhookSigner } from './webhooks';

export const SANDBOX_INSTITUTION = { institution_id: 'ins_109508', name: 'First Platypus Bank' };
export const SANDBOX_CREDENTIALS = { username: 'user_good', password: 'pass_good' };
/**
 * Plaid's sandbox MFA login (https://plaid.com/docs/sandbox/test-credentials/): user_good with the password
 * mfa_device asks for a code sent to a device, 1234.
 */
export const SANDBOX_MFA = { username: 'user_good', password: 'mfa_device', code: '1234' };
/**
 * Plaid's sandbox OAuth bank (https://plaid.com/docs/sandbox/institutions/): no credentials in Link, the
 * applicant consents on the bank's own page and comes back.
 */
export const OAUTH_INSTITUTION = { institution_id: 'ins_127287', name: 'Platypus OAuth Bank' };
export type Institution = typeof SANDBOX_INSTITUTION;

/** A linked bank login: its access token, the webhook it was linked with, and a year of statements. */
export type Item = {
  item_id: string;
  access_token: string;
  institution: Institution;
  linkedAt: number;
  /** The user the link token that made the item was for (tests act on one applicant's items). */
  clientUserId: string;
  webhook?: string;
  error?: PlaidErrorCode;
  /** Days of transactions history Plaid fetched at the link (transactions.days_requested, 90 by default). */
  daysRequested: number;
  /**
   * The accounts the applicant shared in Link's Account Select: the only ones the item's calls show
   * (https://plaid.com/docs/link/customization/#account-select). Empty once they stopped sharing them.
   */
  accounts: AccountKey[];
  /** A year of statements of every account at the bank; only the shared accounts' are listed. */
  statements: { statement_id: string; account: AccountKey; month: number; year: number }[];
};
/** A finished Link session: what Link's onSuccess handed the app, as /link/token/get reports it. */
export type LinkSession = {
  link_session_id: string;
  started_at: string;
  finished_at: string;
  public_token: string;
  metadata: Record<string, unknown>;
};
export type LinkToken = {
  token: string;
  created: number;
  expires: number;
  webhook?: string;
  clientUserId: string;
  publicToken?: string;
  /** Update mode: the item this token re-authenticates (no new item is made). */
  updates?: string;
  /** Where an OAuth bank sends the browser back (redirect_uri): absent, the OAuth bank stays in Link's frame. */
  redirectUri?: string;
  /** Update mode with `update.account_selection_enabled`: Link asks for the accounts again. */
  accountSelection: boolean;
  daysRequested: number;
  /** The sessions finished with this token, each with the public token it gave. */
  sessions: LinkSession[];
};

/** What one stand-in holds in memory: its tokens, its items, and the count of statements downloaded. */
export type PlaidState = {
  /** How long after an item is linked its statements answer PRODUCT_NOT_READY (ms). */
  readyAfter: number;
  linkTokens: Map<string, LinkToken>;
  publicTokens: Map<string, { item: Item; expires: number }>;
  items: Map<string, Item>;
  downloads: number;
  /** /webhook_verification_key/get calls answered (a forged kid must not cost the api one per webhook). */
  keyLookups: number;
  signer: WebhookSigner;
  /** Access tokens of removed items: Plaid answers ITEM_NOT_FOUND for them, never data. */
  removed: Set<string>;
  /** How many of the next API calls answer 429 (tests make Plaid's rate limits happen). */
  rateLimited: number;
  /** /statements/refresh calls answered (STATEMENTS_REFRESH_COMPLETE follows each). */
  refreshes: number;
  /** Every API call answered, by path, with its body less the keys (tests read what the api asked). */
  calls: { path: string; input: Record<string, unknown> }[];
  /** The OAuth bank's trips, by oauth_state_id: the link token each was issued for, and how far it went. */
  oauthStates: Map<string, OAuthState>;
  /** Link's logins between its steps (the device code, then Account Select), by the id the page carries. */
  logins: Map<string, LinkLogin>;
  /** The Link customization's Account Select: one account, or several (the dashboard's setting). */
  accountSelect: 'single' | 'multiple';
};
/** A login Link has taken, waiting for its next step: the MFA code, or the accounts chosen. */
export type LinkLogin = { token: string; institution: Institution; step: 'mfa' | 'accounts'; expires: number };
/** One trip to the OAuth bank: issued when Link sends the applicant there, consented there, used once back. */
export type OAuthState = { token: string; issued: number; consented: boolean; used: boolean };

export const newPlaidState = (
  readyAfter: number,
  accountSelect: PlaidState['accountSelect'] = 'multiple',
): PlaidState => ({
  readyAfter,
  accountSelect,
  logins: new Map(),
  linkTokens: new Map(),
  publicTokens: new Map(),
  items: new Map(),
  downloads: 0,
  keyLookups: 0,
  signer: webhookSigner(),
  removed: new Set(),
  rateLimited: 0,
  refreshes: 0,
  calls: [],
  oauthStates: new Map(),
});

/**
 * The sandbox login's accounts (Plaid's user_good has a checking and a savings account, masks 0000 and
 * 1111): Link's Account Select lists them, and the item shows the ones shared.
 */
export const BANK_ACCOUNTS = [
  {
    key: 'chk',
    mask: '0000',
    name: 'Plaid Business Checking',
    official_name: 'Plaid Gold Standard 0% Interest Business Checking',
    type: 'depository',
    subtype: 'checking',
  },
  {
    key: 'sav',
    mask: '1111',
    name: 'Plaid Business Savings',
    official_name: 'Plaid Silver Standard 0.1% Interest Business Saving',
    type: 'depository',
    subtype: 'savings',
  },
] as const;
export type AccountKey = (typeof BANK_ACCOUNTS)[number]['key'];
export const isAccountKey = (v: unknown): v is AccountKey => BANK_ACCOUNTS.some((a) => a.key === v);

/** An account of the item as Plaid's calls show it (its id is the item's). */
export const accountOf = (item: Item, key: AccountKey) => {
  const { key: _key, ...account } = BANK_ACCOUNTS.find((a) => a.key === key)!;
  return { account_id: `${item.item_id}-${key}`, ...account };
};

/** The accounts the applicant shared, as the item's calls show them. */
export const sharedAccounts = (item: Item) => item.accounts.map((k) => accountOf(item, k));
