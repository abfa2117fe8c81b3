// An OAuth bank on a phone takes the applicant away from the portal, to their bank's own site, then back to
// PLAID_REDIRECT_URI (/bank-statements) with `oauth_state_id` in the address. Link must then be opened again
// with the same link token and that whole address as `receivedRedirectUri`
// (https://plaid.com/docs/link/oauth/): the token is kept for the trip, in this tab only.
const KEY = 'plaid-link-token';
/** A link token lives 4 hours; the trip to a bank and back takes minutes. */
const KEPT_MS = 30 * 60_000;

type Kept = { applicationId: string; token: string; at: number };

/** Keeps the token Link was opened with, for the way back from an OAuth bank. */
export function rememberLinkToken(applicationId: string, token: string, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ applicationId, token, at: now } satisfies Kept));
  } catch {
    // Storage refused (a private window's quota): an OAuth bank's way back then starts over.
  }
}

/** Forgets it once Link has answered (connected, or closed). */
export function forgetLinkToken(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/**
 * On the way back from an OAuth bank (the address holds `oauth_state_id`): the token Link was opened with
 * for this application, and the address to hand Link as `receivedRedirectUri`. Taken once.
 */
export function takeOAuthReturn(
  applicationId: string,
  href: string,
  now = Date.now(),
): { token: string; receivedRedirectUri: string } | undefined {
  if (!new URL(href).searchParams.get('oauth_state_id')) return undefined;
  let kept: Partial<Kept> | undefined;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<Kept> | undefined;
  } catch {
    kept = undefined;
  }
  forgetLinkToken();
  if (!kept || kept.applicationId !== applicationId || typeof kept.token !== 'string') return undefined;
  if (typeof kept.at !== 'number' || now - kept.at > KEPT_MS) return undefined;
  return { token: kept.token, receivedRedirectUri: href };
}
