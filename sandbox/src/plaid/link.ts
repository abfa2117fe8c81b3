import { randomBytes, randomUUID } from 'node:crypto';
import { linkPage } from './link-page';
import { oauthReturn } from './oauth';
import {
  BANK_ACCOUNTS,
  isAccountKey,
  OAUTH_INSTITUTION,
  SANDBOX_CREDENTIALS,
  SANDBOX_INSTITUTION,
  SANDBOX_MFA,
  sharedAccounts,
  type AccountKey,
  type Institution,
  type Item,
  type LinkLogin,
  type LinkToken,
  type PlaidState,
} from './state';
import { pastMonths } from './statements';

/** A login left between two of Link's steps is forgotten after this long (as Link's session times out). */
const LOGIN_MS = 10 * 60_000;

/** Keeps a login for its next step, forgetting those abandoned past their time. */
function keepLogin(state: PlaidState, login: LinkLogin): string {
  for (const [id, kept] of state.logins) if (kept.expires < Date.now()) state.logins.delete(id);
  const id = randomUUID();
  state.logins.set(id, login);
  return id;
}

/** Plaid's answer to a wrong MFA code (https://plaid.com/docs/errors/item/#invalid_mfa). */
const INVALID_MFA = {
  error_type: 'ITEM_ERROR',
  error_code: 'INVALID_MFA',
  error_message: 'the provided MFA response(s) were not correct',
  display_message: 'The provided MFA responses were not correct. Please try again.',
};

/**
 * The Link page's steps, as Plaid's sandbox walks them: the institution (in update mode, only the item's
 * own), its credentials or the OAuth bank's trip, the device code for the MFA login, then Account Select;
 * the public token for the link token comes last, with an item holding the accounts chosen, held until the
 * api exchanges it.
 */
export function link(state: PlaidState, token: string, query: URLSearchParams, form: URLSearchParams | undefined) {
  const held = state.linkTokens.get(token);
  if (!held || held.expires < Date.now()) return linkPage({ token, state: 'expired' });
  const updating = held.updates ? state.items.get(held.updates) : undefined;
  if (held.updates && !updating) return linkPage({ token, state: 'expired' });
  // Back from the OAuth bank: Link re-initialised with receivedRedirectUri (or, without a redirect_uri, the
  // frame sent back by the bank's page) completes only the trip issued for this token.
  const back = oauthReturn(state, token, query);
  if (back)
    return 'refused' in back
      ? linkPage({ token, state: 'refused', error: back.refused })
      : loggedIn(state, held, OAUTH_INSTITUTION);
  // Update mode goes straight to the item's own institution: its credentials, or its OAuth trip.
  const only = updating
    ? updating.institution.institution_id === OAUTH_INSTITUTION.institution_id
      ? 'oauth'
      : 'credentials'
    : undefined;
  const credentials = (wrong?: boolean) =>
    linkPage({ token, state: 'credentials', wrong, oauthTop: !!held.redirectUri, only });
  if (!form) return credentials();
  const login = form.get('login');
  if (login !== null) return nextStep(state, held, login, form);
  const { username, password } = { username: form.get('username'), password: form.get('password') };
  if (only === 'oauth' || username !== SANDBOX_CREDENTIALS.username) return credentials(true);
  if (password === SANDBOX_CREDENTIALS.password) return loggedIn(state, held, SANDBOX_INSTITUTION);
  if (password !== SANDBOX_MFA.password) return credentials(true);
  const id = keepLogin(state, { token, institution: SANDBOX_INSTITUTION, step: 'mfa', expires: Date.now() + LOGIN_MS });
  return linkPage({ token, state: 'mfa', login: id });
}

/** The login's next step: its device code checked, or the accounts chosen. */
function nextStep(state: PlaidState, held: LinkToken, id: string, form: URLSearchParams) {
  const token = held.token;
  const login = state.logins.get(id);
  if (!login || login.token !== token || login.expires < Date.now()) {
    state.logins.delete(id);
    return linkPage({ token, state: 'expired' });
  }
  if (login.step === 'mfa') {
    if (form.get('code') !== SANDBOX_MFA.code) return linkPage({ token, state: 'mfa', login: id, error: INVALID_MFA });
    state.logins.delete(id);
    return loggedIn(state, held, login.institution);
  }
  const chosen = form.getAll('account');
  const multiple = state.accountSelect === 'multiple';
  const valid =
    chosen.length > 0 &&
    (multiple || chosen.length === 1) &&
    new Set(chosen).size === chosen.length &&
    chosen.every(isAccountKey);
  if (!valid) return accountsPage(state, token, id, [], true);
  state.logins.delete(id);
  return linked(state, held, login.institution, chosen as AccountKey[]);
}

/**
 * Signed in at the bank: Account Select, but in update mode without `update.account_selection_enabled`,
 * where the item keeps the accounts it has.
 */
function loggedIn(state: PlaidState, held: LinkToken, institution: Institution) {
  const updating = held.updates ? state.items.get(held.updates) : undefined;
  if (updating && !held.accountSelection) return linked(state, held, institution, updating.accounts);
  const id = keepLogin(state, { token: held.token, institution, step: 'accounts', expires: Date.now() + LOGIN_MS });
  return accountsPage(state, held.token, id, updating?.accounts ?? [], false);
}

const accountsPage = (state: PlaidState, token: string, login: string, checked: string[], noneChosen: boolean) =>
  linkPage({
    token,
    state: 'accounts',
    login,
    accounts: BANK_ACCOUNTS,
    multiple: state.accountSelect === 'multiple',
    checked,
    noneChosen,
  });

/** The public token Link hands the app, for a new item at `institution` (or the item update mode repairs). */
function linked(state: PlaidState, held: LinkToken, institution: Institution, accounts: AccountKey[]) {
  const token = held.token;
  // Update mode: the same item, its login repaired (and its accounts chosen again, when asked); otherwise a
  // new item with a year of statements of each account at the bank.
  const existing = held.updates ? state.items.get(held.updates) : undefined;
  if (held.updates && !existing) return linkPage({ token, state: 'expired' });
  const item: Item = existing ?? {
    item_id: randomBytes(12).toString('hex'),
    access_token: `access-sandbox-${randomUUID()}`,
    institution,
    linkedAt: Date.now(),
    clientUserId: held.clientUserId,
    webhook: held.webhook,
    daysRequested: held.daysRequested,
    accounts,
    statements: BANK_ACCOUNTS.flatMap((a) =>
      pastMonths(new Date(), 12).map((m) => ({ statement_id: randomBytes(10).toString('hex'), account: a.key, ...m })),
    ),
  };
  if (existing) {
    existing.error = undefined;
    existing.accounts = accounts;
  }
  const publicToken = `public-sandbox-${randomUUID()}`;
  state.publicTokens.set(publicToken, { item, expires: Date.now() + 30 * 60_000 });
  const metadata = {
    institution: existing?.institution ?? institution,
    // onSuccess's accounts: the ones chosen in Account Select.
    accounts: sharedAccounts(item).map((a) => ({
      id: a.account_id,
      name: a.name,
      mask: a.mask,
      type: a.type,
      subtype: a.subtype,
      verification_status: null,
    })),
    link_session_id: randomUUID(),
  };
  // Kept with the link token: /link/token/get tells the app which session of its token gave which public token.
  const at = new Date().toISOString();
  held.sessions.push({
    link_session_id: metadata.link_session_id,
    started_at: at,
    finished_at: at,
    public_token: publicToken,
    metadata,
  });
  // No webhook here: Plaid sends STATEMENTS_REFRESH_COMPLETE only after /statements/refresh. The statements
  // extracted at the link answer PRODUCT_NOT_READY for a moment (state.readyAfter), then list.
  return linkPage({
    token,
    state: 'done',
    success: { public_token: publicToken, metadata },
  });
}
