/**
 * Work the workflow does ahead of the page that will ask for it (the offers priced with the statements'
 * submission, the signing started with the move onto the signature) answers that page as a new request
 * would only while it is recent and made for what is on file now. Stamped by one process and judged by
 * another, each by its own clock: a minute's drift is allowed.
 */
const CLOCK_DRIFT_MS = 60_000;

/** When the work was done (`at`), and for what (`for`: a key the reader computes from the records on file). */
export type AheadStamp = { at?: Date | string; for?: string };

/** Whether the work was done for `key`, less than `maxAgeMs` ago. */
export function madeFresh(stamp: AheadStamp, key: string, maxAgeMs: number, now = Date.now()): boolean {
  if (!stamp.at || !stamp.for) return false;
  const age = now - new Date(stamp.at).getTime();
  return age > -CLOCK_DRIFT_MS && age < maxAgeMs && stamp.for === key;
}
