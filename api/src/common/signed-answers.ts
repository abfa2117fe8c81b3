/**
 * A signature binds what was signed. The worker marks the business and the owner set with the sign
 * request's attempt (`signRequestAttempt`) in the same write that reads them for the application PDF. A save
 * that changes an answer of a marked record goes through the application's workflow first (reviseAnswers):
 * refused with 409 SIGNED_ANSWERS_LOCKED once every signer has signed or the opportunity exists; while the
 * request is still open it is voided at Box (its links stop working) and the applicant signs again what they
 * now save. Void-and-sign-again rather than refusing while open: an applicant who spots a mistake at the
 * signature step fixes it on its page, as before, and nothing signed ever differs from what is saved, so the
 * CRM lead and the offer pricing (which read the saved answers) only ever see signed values after signing.
 * An unchanged re-save (Back, then Continue) changes nothing: it voids nothing and is never refused.
 */

/** Whether `next` (only its own keys, nested) differs from `stored`; absent, null and '' are alike. */
export function changesAnswers(stored: unknown, next: unknown): boolean {
  return !same(stored, next);
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(b)) return Array.isArray(a) && a.length === b.length && b.every((x, i) => same(a[i], x));
  if (b !== null && typeof b === 'object') {
    const from = a !== null && typeof a === 'object' ? (a as Record<string, unknown>) : {};
    return Object.entries(b).every(([k, v]) => same(from[k], v));
  }
  return (a ?? '') === (b ?? '');
}

/**
 * The part of a changing save's filter that holds it to the signing mark it read: a sign request built from
 * the record between that read and the write (another window at /signature) makes the write miss, so no
 * request holds answers older than those saved.
 */
export const atSigningMark = (mark: number | null | undefined): Record<string, unknown> =>
  mark === undefined || mark === null ? { signRequestAttempt: { $exists: false } } : { signRequestAttempt: mark };
