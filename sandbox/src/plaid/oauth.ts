// The OAuth bank (https://plaid.com/docs/link/oauth/): Link sends the applicant to the bank's own page,
// which sends them back with an oauth_state_id; Link, opened again with the same link token and that address
// as receivedRedirectUri, completes. With a redirect_uri the trip is the whole browser's (as on a phone);
// without one it stays in Link's frame (Plaid's desktop flow). Plaid's refusals on the way back are its
// OAuth errors (https://plaid.com/docs/errors/oauth/).
import { randomUUID } from 'node:crypto';
import { consentPage } from './link-page';
import { OAUTH_INSTITUTION, type PlaidState } from './state';

/** A trip not finished within this time is forgotten (Plaid's OAuth session times out after 10 minutes). */
const TRIP_MS = 10 * 60_000;

export type OAuthRefusal = { error_type: 'OAUTH_ERROR' | 'INVALID_INPUT'; error_code: string; error_message: string };
const refusal = (error_code: string, error_message: string): { refused: OAuthRefusal } => ({
  refused: { error_type: 'OAUTH_ERROR', error_code, error_message },
});

/** The oauth_state_id Link was re-initialised with (from receivedRedirectUri), or handed back in the frame. */
function returnedStateId(query: URLSearchParams): string | undefined {
  const received = query.get('received_redirect_uri');
  if (received !== null) {
    try {
      return new URL(received).searchParams.get('oauth_state_id') ?? '';
    } catch {
      return '';
    }
  }
  return query.get('oauth_state_id') ?? undefined;
}

/**
 * Link opened on the way back from the OAuth bank: nothing when it is not, a refusal when the oauth_state_id
 * was not issued for this token, was not consented to or was used already, and `ok` once (then it is used).
 */
export function oauthReturn(
  state: PlaidState,
  token: string,
  query: URLSearchParams,
): { ok: true } | { refused: OAuthRefusal } | undefined {
  const id = returnedStateId(query);
  if (id === undefined) return undefined;
  const trip = state.oauthStates.get(id);
  if (!trip || !trip.consented || Date.now() - trip.issued > TRIP_MS)
    return refusal('OAUTH_STATE_ID_NOT_FOUND', 'the oauth_state_id was not found');
  if (trip.token !== token) return refusal('INCORRECT_LINK_TOKEN', 'link token does not match original link token');
  if (trip.used) return refusal('OAUTH_STATE_ID_ALREADY_PROCESSED', 'the oauth_state_id has already been processed');
  trip.used = true;
  return { ok: true };
}

export type BankAnswer = { status: number; headers: Record<string, string>; body: string };
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'";
const redirect = (location: string): BankAnswer => ({ status: 303, headers: { location }, body: '' });
const page = (status: number, body: string, policy = PAGE_POLICY): BankAnswer => ({
  status,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': policy,
  },
  body,
});

/**
 * The bank's side, at /oauth-bank: Link's "Platypus OAuth Bank" posts here with its token (a trip is issued
 * and the bank's consent page shown); the page's Continue posts the trip back, which sends the browser to
 * `<redirect_uri>?oauth_state_id=<id>`, or, without a redirect_uri, Link's frame to its page for that trip.
 */
export function oauthBank(state: PlaidState, method: string, query: URLSearchParams): BankAnswer {
  const token = query.get('token');
  if (method === 'POST' && token !== null) {
    const held = state.linkTokens.get(token);
    if (!held || held.expires < Date.now()) return page(400, consentPage({ state: 'unknown' }));
    // Update mode signs in at the item's own bank only.
    const updating = held.updates ? state.items.get(held.updates) : undefined;
    if (held.updates && updating?.institution.institution_id !== OAUTH_INSTITUTION.institution_id)
      return page(400, consentPage({ state: 'unknown' }));
    const id = randomUUID();
    state.oauthStates.set(id, { token, issued: Date.now(), consented: false, used: false });
    return redirect(`oauth-bank?oauth_state_id=${encodeURIComponent(id)}`);
  }
  const id = query.get('oauth_state_id') ?? '';
  const trip = state.oauthStates.get(id);
  const held = trip && state.linkTokens.get(trip.token);
  if (!trip || !held || trip.consented || Date.now() - trip.issued > TRIP_MS)
    return page(400, consentPage({ state: 'unknown' }));
  if (method !== 'POST') {
    // The redirect after Continue is a form's: the policy lets it go to the app's page.
    const back = held.redirectUri ? ` ${new URL(held.redirectUri).origin}` : '';
    return page(200, consentPage({ state: 'consent', id }), `${PAGE_POLICY}${back}`);
  }
  trip.consented = true;
  return redirect(
    held.redirectUri
      ? `${held.redirectUri}?oauth_state_id=${encodeURIComponent(id)}`
      : `link?token=${encodeURIComponent(trip.token)}&oauth_state_id=${encodeURIComponent(id)}`,
  );
}
