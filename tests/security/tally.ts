// What the security suite counts across its files: each file adds to its own tally and writes it at the
// end; the global teardown sums them into the report.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../stack/stack.ts';

export type Tally = { requests: number; serverErrors: number; invalidAccepted: number; limitsExceeded: number };
export const TALLY_DIR = join(ROOT, 'test-results', 'security');

export const tally: Tally = { requests: 0, serverErrors: 0, invalidAccepted: 0, limitsExceeded: 0 };

/** Each request answered 5xx in this file ('METHOD path -> status'): the suite fails naming every one. */
export const serverErrorRequests: string[] = [];

/**
 * Another applicant's request time (ms) during each attack on shared resources (an upload, a sign-in, a
 * read of their files; the slowest of a few), by attack (goal under 1 s). Written beside the counts,
 * printed in the report.
 */
export const otherUploadMs: Record<string, number> = {};
export const OTHER_UPLOAD_GOAL_MS = 1_000;

export function writeTally(file: string) {
  mkdirSync(TALLY_DIR, { recursive: true });
  writeFileSync(
    join(TALLY_DIR, `${file.replace(/[^\w.-]/g, '_')}.json`),
    JSON.stringify({ ...tally, otherUploadMs, serverErrorRequests }),
  );
}
