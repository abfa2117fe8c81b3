import {
  API_BASE,
  AUTH_PATHS,
  IDEMPOTENCY_HEADER,
  NO_SESSION,
  PAGE_PATH_HEADER,
  RETRY_DELAYS_MS,
  XSRF_HEADER_NAME,
  isSendAgain,
  isUnanswered,
  type ApiError,
} from '@portal/libs';
import { actionAnswered, keyForAction } from './idempotency';
import { noteSessionEnded, storedUserName, xsrfToken } from './storage';

import { codeOf, networkError, toError } from './http-error';

export { HttpError, networkError } from './http-error';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Calls whose 403 means 'no session yet', never 'refresh and retry'. */
const NO_REFRESH = [
  AUTH_PATHS.refreshToken,
  AUTH_PATHS.login,
  AUTH_PATHS.register,
  AUTH_PATHS.confirmSignUp,
  AUTH_PATHS.logout,
];

let onSessionLost: () => void = () => {
  window.location.assign('/login');
};
/** The router replaces the hard redirect with a navigation. */
export const setSessionLostHandler = (fn: () => void) => (onSessionLost = fn);
/**
 * The session is gone and cannot be refreshed: the stored name is forgotten (that a session ended is noted,
 * so a later visit is told so too) and the applicant sent to /login.
 */
export function endSession() {
  noteSessionEnded();
  onSessionLost();
}

declare global {
  interface Window {
    /** The first session check, asked by index.html before the app's code has loaded. */
    sessionCheck?: Promise<Response>;
    /** GETs index.html asked once the session check answered (a journey page's saved answers), by path. */
    earlyGets?: Promise<Record<string, Promise<Response> | undefined>>;
  }
}

/**
 * index.html's early answer to this GET, taken once: a later GET of the path asks anew. What the first
 * page did not take is dropped once it has shown (main.tsx), never served stale to a later page.
 */
async function earlyGet(path: string): Promise<Response | undefined> {
  const gets = await window.earlyGets;
  const early = gets?.[path];
  if (gets && early) delete gets[path];
  return early;
}

async function send(method: string, path: string, body?: unknown, key?: string): Promise<Response> {
  // index.html's early GET /api/auth/user, taken once: later checks (and the retry after a refresh) ask anew.
  const early = window.sessionCheck;
  if (early && path === AUTH_PATHS.user) {
    window.sessionCheck = undefined;
    return early;
  }
  if (method === 'GET' && window.earlyGets) {
    const early = await earlyGet(path);
    if (early) return early;
  }
  if (MUTATING.has(method) && !xsrfToken())
    await fetch(`${API_BASE}${AUTH_PATHS.verifyToken}`, { credentials: 'same-origin' });
  const headers: Record<string, string> = { [PAGE_PATH_HEADER]: window.location.pathname, Accept: 'application/json' };
  // Each request starts a W3C trace the api continues (no OpenTelemetry web SDK: the first visit stays small).
  headers.traceparent = newTraceparent();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (key) headers[IDEMPOTENCY_HEADER] = key;
  const token = xsrfToken();
  if (MUTATING.has(method) && token) headers[XSRF_HEADER_NAME] = token;
  return fetch(`${API_BASE}${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A new W3C trace (sampled) for one request: fetch's calls and the uploads' XMLHttpRequests alike. */
export const newTraceparent = () => `00-${randomHex(16)}-${randomHex(8)}-01`;

/** `bytes` random bytes as lower-case hex (a trace id: 16, a span id: 8). */
const randomHex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => (b | 256).toString(16).slice(1)).join('');

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const isExpiredSession = (status: number, body: unknown) => {
  const b = body as Partial<ApiError> | undefined;
  return status === 403 && b?.name === 'ForbiddenException' && String(b.message ?? '').startsWith('Forbidden');
};

/** One refresh shared by every call that failed meanwhile: a refresh token is good for one refresh. */
let refreshing: Promise<boolean> | undefined;
export function refreshOnce(): Promise<boolean> {
  refreshing ??= send('POST', AUTH_PATHS.refreshToken, { username: storedUserName() ?? '' })
    .then((res) => res.ok)
    .catch(() => false)
    .finally(() => (refreshing = undefined));
  return refreshing;
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const inProgress = (body: unknown) => isSendAgain(codeOf(body));

/** A busy moment of the api or the proxy before it (a replica restarting, a query timed out), worth a retry. */
const BUSY = new Set([502, 503, 504]);
/** The longest a retry waits for a Retry-After: past it, the page says so rather than seeming to hang. */
const MAX_RETRY_AFTER_MS = 5000;

/**
 * Sends once, or, with a key, retries a network error or an in-progress answer with the same key. A read
 * (GET changes nothing) is retried the same way, and after a busy answer too, so a busy moment of the api
 * never shows the applicant "Something went wrong".
 */
async function sendWithRetries(
  method: string,
  path: string,
  body: unknown,
  key: string | undefined,
  once = false,
): Promise<{ res: Response; parsed: unknown }> {
  const read = method === 'GET' && !once;
  for (let attempt = 0; ; attempt++) {
    const retryIn = key || read ? RETRY_DELAYS_MS[attempt] : undefined;
    let res: Response;
    try {
      res = await send(method, path, body, key);
    } catch {
      if (retryIn === undefined) throw networkError();
      await pause(retryIn);
      continue;
    }
    const parsed = await parse(res);
    if (retryIn !== undefined && (inProgress(parsed) || (read && BUSY.has(res.status)))) {
      const after = Math.min(Number(res.headers.get('Retry-After') ?? 0) * 1000 || 0, MAX_RETRY_AFTER_MS);
      await pause(Math.max(retryIn, after));
      continue;
    }
    return { res, parsed };
  }
}

export type CallOptions = {
  /**
   * Send an Idempotency-Key: one per action (same method, path and body), reused by the automatic
   * retries and by a repeat of the action until the server has answered it (lib/idempotency.ts).
   */
  idempotent?: boolean;
  /** A read sent once, not retried after a busy moment: one the page shows without (a draft). */
  once?: boolean;
};

/**
 * Calls /api: XSRF header, page-path header, 200-299 success, one refresh on an expired session.
 * When the refresh fails too, the applicant goes to /login, unless `quiet` (session checks decide).
 */
export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  quiet = false,
  opts: CallOptions = {},
): Promise<T> {
  const action = opts.idempotent ? `${method} ${path} ${JSON.stringify(body ?? null)}` : undefined;
  const key = action ? keyForAction(action) : undefined;
  let { res, parsed } = await sendWithRetries(method, path, body, key, opts.once);
  if (isExpiredSession(res.status, parsed) && !NO_REFRESH.includes(path as (typeof NO_REFRESH)[number])) {
    // NO_SESSION: the api saw no refresh cookie either (auth paths say so), so a refresh would fail.
    if (codeOf(parsed) !== NO_SESSION && (await refreshOnce())) {
      ({ res, parsed } = await sendWithRetries(method, path, body, key, opts.once));
    } else {
      if (!quiet) endSession();
      throw toError(res.status, parsed);
    }
  }
  if (action && key && !isUnanswered(res.status, codeOf(parsed))) actionAnswered(action, key);
  if (res.status < 200 || res.status > 299) throw toError(res.status, parsed);
  return parsed as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown = {}, opts?: CallOptions) => request<T>('POST', path, body, false, opts),
  patch: <T>(path: string, body: unknown = {}, opts?: CallOptions) => request<T>('PATCH', path, body, false, opts),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
