/**
 * Answers the applicant edits (the business's sections, the owners) carry a revision that every save
 * adds one to. A form sends back the revision of the answers it shows, and the api writes only while the
 * record is still at it: a save from a window that shows older answers (the same application open in two
 * tabs) is refused with ANSWERS_CHANGED and the answers as saved now, never written over what the other
 * window saved. A record saved before revisions existed has none: it is at 0.
 */
import { COMMON_CODES } from '../validation/codes';
import type { Rule } from '../validation/rules';

/** The revision of saved answers; a record without one (saved before revisions) is at 0. */
export const revisionOf = (saved: { revision?: number | null } | null | undefined): number => saved?.revision ?? 0;

export const isRevision = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * The revision a save sends, in its body beside the answers (so the Idempotency-Key's fingerprint and
 * the web's one-key-per-action both cover it). Optional: a client that does not read before it writes
 * (a script, the load drivers) saves whatever the revision; when sent it is a whole number from 0.
 */
export const revisionRule: Rule = (v) => (v === undefined || isRevision(v) ? undefined : COMMON_CODES.wholeNumber);
