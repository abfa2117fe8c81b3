/**
 * One Idempotency-Key per user action (README 'Idempotent requests'). An action is what a call sends:
 * method, path and body (or, for an upload, what identifies the file). The key is made when the action
 * first goes out and reused while it has no answer: a double click while it is in flight, the automatic
 * retries after a network error, or the applicant pressing the button again after one, all send the
 * same key, and the server runs the action once. Once the server has answered (2xx or 4xx), the action
 * is over and the next one gets a new key.
 */

import { TRY_AGAIN_CODE } from '@portal/libs';

/**
 * Automatic retries of a keyed action (safe: the server runs a key once): after a network error, while
 * the server says the same request is still in progress, and when its database was busy for a moment.
 */
export const RETRY_DELAYS_MS = [500, 1500, 3000];

/**
 * The server has no answer yet (409: the same request still runs) or took no effect (503: its database
 * was busy): the same key goes again after a pause. Each code comes with its one status.
 */
export const isSendAgain = (code?: string) => code === 'REQUEST_IN_PROGRESS' || code === TRY_AGAIN_CODE;

/** 128 random bits; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

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

/** Statuses that are not the action's answer: the server kept no answer, so the same key may go again. */
export const isUnanswered = (status: number, code?: string) =>
  status === 0 || status >= 500 || status === 408 || status === 429 || code === 'REQUEST_IN_PROGRESS';
