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

export const storedUserName = () => localStorage.getItem(USER_NAME_KEY) ?? undefined;
export const storeUserName = (userName: string) => localStorage.setItem(USER_NAME_KEY, userName);
export const clearUserName = () => localStorage.removeItem(USER_NAME_KEY);

/** ?iso= on /sign-up: the affiliate's referral id, 12 hours, SameSite=Strict (section 2). */
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
export function clearSigning() {
  localStorage.removeItem(SIGNATURE_KEY);
  localStorage.removeItem(SECOND_SIGNER_KEY);
}

/**
 * Drafts (issue 23 items 2 and 12): what was typed on a journey step and not saved yet, kept in
 * localStorage under the user, the application and the step. localStorage, not sessionStorage: a draft
 * must outlive the tab and the session (a session that ends, then a new login, maybe in a new tab), in
 * this browser only. It never holds SSN/SIN, the tax id or the date of birth (DRAFT_NEVER): those are
 * left out wherever they sit, so the form shows what the api has on file (masked) for them, or nothing.
 */
const DRAFT_PREFIX = 'draft:v1:';
/** A draft older than this is dropped unread. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 3600 * 1000;
export const DRAFT_NEVER: readonly string[] = ['ssn', 'federalTaxId', 'dateOfBirth'];

export type DraftKey = { userId: string; applicationId: string; step: string };
const draftKey = ({ userId, applicationId, step }: DraftKey) =>
  `${DRAFT_PREFIX}${encodeURIComponent(userId)}:${encodeURIComponent(applicationId)}:${step}`;

/** The value with every DRAFT_NEVER field left out, at any depth (the owner cards). */
function withoutPii(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPii);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !DRAFT_NEVER.includes(k))
      .map(([k, v]) => [k, withoutPii(v)]),
  );
}

/** Stores the fields of the draft (PII left out); nothing left to keep removes it. */
export function storeDraft(key: DraftKey, fields: Record<string, unknown>) {
  const kept = withoutPii(fields) as Record<string, unknown>;
  try {
    if (!Object.keys(kept).length) localStorage.removeItem(draftKey(key));
    else localStorage.setItem(draftKey(key), JSON.stringify({ at: Date.now(), fields: kept }));
  } catch {
    // Storage full or refused (private mode): the form works on, without a draft.
  }
}

/** The draft's fields, if there is one for this user, application and step and it is recent. */
export function storedDraft(key: DraftKey): Record<string, unknown> | undefined {
  try {
    const raw = localStorage.getItem(draftKey(key));
    const draft = raw ? (JSON.parse(raw) as { at?: unknown; fields?: unknown }) : undefined;
    const fresh = typeof draft?.at === 'number' && Date.now() - draft.at < DRAFT_MAX_AGE_MS;
    if (!fresh || !draft.fields || typeof draft.fields !== 'object') return clearDraft(key);
    return withoutPii(draft.fields) as Record<string, unknown>;
  } catch {
    return clearDraft(key);
  }
}

export function clearDraft(key: DraftKey): undefined {
  localStorage.removeItem(draftKey(key));
  return undefined;
}

/** Removes every draft but those of `userId` (none kept when undefined: a sign-out). */
export function keepDraftsOf(userId: string | undefined) {
  const own = userId === undefined ? undefined : `${DRAFT_PREFIX}${encodeURIComponent(userId)}:`;
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
  for (const k of keys) if (k?.startsWith(DRAFT_PREFIX) && !(own && k.startsWith(own))) localStorage.removeItem(k);
}
