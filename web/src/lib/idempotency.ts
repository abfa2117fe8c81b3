/**
 * One Idempotency-Key per user action (docs/security.md, 'Idempotent requests'). An action is what a call sends:
 * method, path and body (or, for an upload, what identifies the file). The key is made when the action
 * first goes out and reused while it has no answer: a double click while it is in flight, the automatic
 * retries after a network error, or the applicant pressing the button again after one, all send the
 * same key, and the server runs the action once. Once the server has answered (2xx or 4xx), the action
 * is over and the next one gets a new key.
 *
 * This is the page's store of open actions; the rule itself (retry delays, which answers send again,
 * how a key is made) is libs/src/http/idempotency.ts, shared with the api tests' client and the bench.
 */

import { newIdempotencyKey } from '@portal/libs';

/** Actions without an answer kept at most (the oldest goes first): one per form at a time is the norm. */
const MAX_OPEN_ACTIONS = 50;
const open = new Map<string, string>();

/** The key of this action: the one it already has while unanswered, else a new one. */
export function keyForAction(action: string): string {
  let key = open.get(action);
  if (!key) {
    key = newIdempotencyKey();
    open.set(action, key);
    if (open.size > MAX_OPEN_ACTIONS) open.delete(open.keys().next().value!);
  }
  return key;
}

/** The server answered the action: its key is spent. */
export function actionAnswered(action: string, key: string) {
  if (open.get(action) === key) open.delete(action);
}
