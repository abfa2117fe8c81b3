import {
  AFFILIATE_COOKIE_HOURS,
  AFFILIATE_COOKIE_NAME,
  AMOUNT_REQUESTED_KEY,
  USER_NAME_KEY,
  XSRF_COOKIE_NAME,
} from '@portal/libs';

/** A cookie's value, read fresh each time (the XSRF token rotates at login). */
export function readCookie(name: string): string | undefined {
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : undefined;
}

export const xsrfToken = () => readCookie(XSRF_COOKIE_NAME);

/**
 * A session that ended by itself (not a sign-out on purpose), noted without the user name: every later
 * visit without a session is then told so at /login, not shown /sign-up as if it were the first.
 */
const SESSION_ENDED_KEY = 'sessionEnded';

export const storedUserName = () => localStorage.getItem(USER_NAME_KEY) ?? undefined;
/** A session begins: its user name is kept (the refresh sends it), and any ended one is forgotten. */
export function storeUserName(userName: string) {
  localStorage.setItem(USER_NAME_KEY, userName);
  localStorage.removeItem(SESSION_ENDED_KEY);
  forgetLocalDrafts();
}
/** Forgets the user: the name, and any note of a session that ended (a sign-out on purpose). */
export function clearUserName() {
  localStorage.removeItem(USER_NAME_KEY);
  localStorage.removeItem(SESSION_ENDED_KEY);
  forgetLocalDrafts();
}
/**
 * The session ended and could not be refreshed: the name goes, the note that there was one stays (a bare
 * flag, nothing about whom). Drafts are the api's (lib/drafts.ts): nothing typed stays in this browser.
 */
export function noteSessionEnded() {
  localStorage.removeItem(USER_NAME_KEY);
  localStorage.setItem(SESSION_ENDED_KEY, 'true');
  forgetLocalDrafts();
}
/** Signed in on this browser and not signed out on purpose since: a name kept, or a session noted as ended. */
export const hadSession = () => storedUserName() !== undefined || localStorage.getItem(SESSION_ENDED_KEY) === 'true';

/** ?iso= on /sign-up: the affiliate's referral id, 12 hours, SameSite=Strict (the lender credits the referral only within that window). */
export function rememberAffiliate(iso: string) {
  const maxAge = AFFILIATE_COOKIE_HOURS * 3600;
  document.cookie = `${AFFILIATE_COOKIE_NAME}=${encodeURIComponent(iso)}; Max-Age=${maxAge}; Path=/; SameSite=Strict`;
}
export const affiliateId = () => readCookie(AFFILIATE_COOKIE_NAME);

/** ?amount-requested= on any page, with $ and commas removed. */
export function rememberAmountRequested(raw: string) {
  const clean = raw.replace(/[$,]/g, '').trim();
  if (clean) localStorage.setItem(AMOUNT_REQUESTED_KEY, clean);
}
export const storedAmountRequested = () => localStorage.getItem(AMOUNT_REQUESTED_KEY) ?? undefined;

/** The current signing request and the second-signer flag, kept while the applicant is away signing. */
const SIGNATURE_KEY = 'signatureId';
const SECOND_SIGNER_KEY = 'secondSigner';
export const storedSignatureId = () => localStorage.getItem(SIGNATURE_KEY) ?? undefined;
export const storeSignatureId = (id: string) => localStorage.setItem(SIGNATURE_KEY, id);
export const markSecondSigner = () => localStorage.setItem(SECOND_SIGNER_KEY, 'true');
/** The applicant sent the second signer to sign on this device (the co-owner's redirect hands back). */
export const secondSignerHere = () => localStorage.getItem(SECOND_SIGNER_KEY) === 'true' && !!storedSignatureId();
export function clearSigning() {
  localStorage.removeItem(SIGNATURE_KEY);
  localStorage.removeItem(SECOND_SIGNER_KEY);
}

/**
 * Where an earlier version kept drafts in this browser, in clear (`draft:v1:<user>:<application>:<step>`).
 * Drafts are the api's now; any left behind are removed whenever a session begins or ends.
 */
const OLD_DRAFT_PREFIX = 'draft:';

export function forgetLocalDrafts() {
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
  for (const k of keys) if (k?.startsWith(OLD_DRAFT_PREFIX)) localStorage.removeItem(k);
}
