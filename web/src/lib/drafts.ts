import { DRAFT_PREFIX } from './storage';

/**
 * Drafts: what was typed on a journey step and not saved yet, kept in
 * localStorage under the user, the application and the step. localStorage, not sessionStorage: a draft
 * must outlive the tab and the session (a session that ends, then a new login, maybe in a new tab), in
 * this browser only. It never holds SSN/SIN, the tax id or the date of birth (DRAFT_NEVER): those are
 * left out wherever they sit, so the form shows what the api has on file (masked) for them, or nothing.
 */
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
