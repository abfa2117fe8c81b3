/**
 * Drafts: what was typed on a journey page and not saved yet, kept by the api (never in the browser's
 * storage, where a shared computer would keep it for the next person). Unvalidated answers, so only their
 * size and shape are bounded here; the page's own rules judge them when the step is saved.
 */

/** The pages that keep a draft. */
export const DRAFT_PAGES = ['financial', 'businessQuestion', 'businessDetails', 'owners', 'offer'] as const;
export type DraftPage = (typeof DRAFT_PAGES)[number];
export const isDraftPage = (v: unknown): v is DraftPage => DRAFT_PAGES.includes(v as DraftPage);

/** Fields never answered back in clear: the api answers them masked and keeps the value it was sent. */
export const DRAFT_SECRET_FIELDS = ['ssn', 'federalTaxId', 'dateOfBirth'] as const;
export const isDraftSecret = (key: string) => (DRAFT_SECRET_FIELDS as readonly string[]).includes(key);

/**
 * Bounds far above the largest form (two owner cards, every field at its limit, is under 3 kB) and far
 * below what would let a client store megabytes per page.
 */
export const DRAFT_LIMITS = { bytes: 16 * 1024, depth: 4, keys: 40, items: 5, keyLength: 64, text: 1000 } as const;

/** A draft as the api answers it: the fields (secret ones masked), empty when there is none. */
export type DraftView = { page: DraftPage; fields: Record<string, unknown> };

const isPlain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Whether `fields` is a form's values: a plain object of text, numbers, booleans and null, in objects
 * and short lists, within DRAFT_LIMITS. Iterative: a body nested to refuse never overflows the walk.
 */
export function draftFieldsFit(fields: unknown): fields is Record<string, unknown> {
  if (!isPlain(fields)) return false;
  if (JSON.stringify(fields).length > DRAFT_LIMITS.bytes) return false;
  const stack: [unknown, number][] = [[fields, 1]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.length > DRAFT_LIMITS.text) return false;
      continue;
    }
    if (value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) continue;
    if (typeof value !== 'object' || depth > DRAFT_LIMITS.depth) return false;
    const entries = Object.entries(value);
    if (Array.isArray(value) ? value.length > DRAFT_LIMITS.items : entries.length > DRAFT_LIMITS.keys) return false;
    for (const [k, child] of entries) {
      if (k.length > DRAFT_LIMITS.keyLength || k === '__proto__' || k.startsWith('$') || k.includes('.')) return false;
      stack.push([child, depth + 1]);
    }
  }
  return true;
}
