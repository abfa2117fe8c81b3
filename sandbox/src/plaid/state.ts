import type { PlaidErrorCode } from './errors';
import { webhookSigner, type WebhookSigner } from './webhooks';

export const SANDBOX_INSTITUTION = { institution_id: 'ins_109508', name: 'First Platypus Bank' };
export const SANDBOX_CREDENTIALS = { username: 'user_good', password: 'pass_good' };
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
  webhook?: string;
  error?: PlaidErrorCode;
  /** Days of transactions history Plaid fetched at the link (transactions.days_requested, 90 by default). */
  daysRequested: number;
  statements: { statement_id: string; month: number; year: number }[];
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
};
/** One trip to the OAuth bank: issued when Link sends the applicant there, consented there, used once back. */
export type OAuthState = { token: string; issued: number; consented: boolean; used: boolean };

export const newPlaidState = (readyAfter: number): PlaidState => ({
  readyAfter,
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

/** The one checking account each sandbox item has. */
export const checkingAccount = (item: Item) => ({
  account_id: `${item.item_id}-chk`,
  mask: '0000',
  name: 'Plaid Business Checking',
  official_name: 'Plaid Gold Standard 0% Interest Business Checking',
  type: 'depository',
  subtype: 'checking',
});
