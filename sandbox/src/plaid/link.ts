import { randomBytes, randomUUID } from 'node:crypto';
import { linkPage } from './link-page';
import { oauthReturn } from './oauth';
import {
  OAUTH_INSTITUTION,
  SANDBOX_CREDENTIALS,
  SANDBOX_INSTITUTION,
  type Institution,
  type LinkToken,
  type PlaidState,
  type Item,
} from './state';
import { pastMonths } from './statements';

/**
 * The Link page's form: the sandbox institution's credentials (or the OAuth bank's trip, once back) give a
 * public token for the link token, and an item with a year of statements, held until the api exchanges it.
 */
export function link(state: PlaidState, token: string, query: URLSearchParams, form: URLSearchParams | undefined) {
  const held = state.linkTokens.get(token);
  if (!held || held.expires < Date.now()) return linkPage({ token, state: 'expired' });
  // Back from the OAuth bank: Link re-initialised with receivedRedirectUri (or, without a redirect_uri, the
  // frame sent back by the bank's page) completes only the trip issued for this token.
  const back = oauthReturn(state, token, query);
  if (back)
    return 'refused' in back
      ? linkPage({ token, state: 'refused', error: back.refused })
      : linked(state, held, OAUTH_INSTITUTION);
  if (!form) return linkPage({ token, state: 'credentials', oauthTop: !!held.redirectUri });
  if (form.get('username') !== SANDBOX_CREDENTIALS.username || form.get('password') !== SANDBOX_CREDENTIALS.password)
    return linkPage({ token, state: 'credentials', wrong: true, oauthTop: !!held.redirectUri });
  return linked(state, held, SANDBOX_INSTITUTION);
}

/** The public token Link hands the app, for a new item at `institution` (or the item update mode repairs). */
function linked(state: PlaidState, held: LinkToken, institution: Institution) {
  const token = held.token;
  // Update mode: the same item, its login repaired; otherwise a new item with a year of statements.
  const existing = held.updates ? state.items.get(held.updates) : undefined;
  if (held.updates && !existing) return linkPage({ token, state: 'expired' });
  const item: Item = existing ?? {
    item_id: randomBytes(12).toString('hex'),
    access_token: `access-sandbox-${randomUUID()}`,
    institution,
    linkedAt: Date.now(),
    webhook: held.webhook,
    daysRequested: held.daysRequested,
    statements: pastMonths(new Date(), 12).map((m) => ({ statement_id: randomBytes(10).toString('hex'), ...m })),
  };
  if (existing) existing.error = undefined;
  const publicToken = `public-sandbox-${randomUUID()}`;
  state.publicTokens.set(publicToken, { item, expires: Date.now() + 30 * 60_000 });
  const metadata = {
    institution: existing?.institution ?? institution,
    accounts: [
      {
        id: `${item.item_id}-chk`,
        name: 'Plaid Business Checking',
        mask: '0000',
        type: 'depository',
        subtype: 'checking',
      },
    ],
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
