import { API_BASE, AUTH_PATHS, PAGE_PATH_HEADER, XSRF_HEADER_NAME, type ApiError } from '@portal/libs';
import { clearUserName, storedUserName, xsrfToken } from './storage';

/** A failed call: the server's data.message (section 8), its field messages, status and refusal code. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly body?: unknown,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

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

async function send(method: string, path: string, body?: unknown): Promise<Response> {
  if (MUTATING.has(method) && !xsrfToken())
    await fetch(`${API_BASE}${AUTH_PATHS.verifyToken}`, { credentials: 'same-origin' });
  const headers: Record<string, string> = { [PAGE_PATH_HEADER]: window.location.pathname, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = xsrfToken();
  if (MUTATING.has(method) && token) headers[XSRF_HEADER_NAME] = token;
  return fetch(`${API_BASE}${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isExpiredSession = (status: number, body: unknown) => {
  const b = body as Partial<ApiError> | undefined;
  return status === 403 && b?.name === 'ForbiddenException' && String(b.message ?? '').startsWith('Forbidden');
};

/** One refresh shared by every call that failed meanwhile (section 8). */
let refreshing: Promise<boolean> | undefined;
function refreshOnce(): Promise<boolean> {
  refreshing ??= send('POST', AUTH_PATHS.refreshToken, { username: storedUserName() ?? '' })
    .then((res) => res.ok)
    .catch(() => false)
    .finally(() => (refreshing = undefined));
  return refreshing;
}

function toError(status: number, body: unknown): HttpError {
  const b = body as Partial<ApiError> | undefined;
  const message = b?.data?.message ?? b?.message ?? `Request failed with status code ${status}`;
  return new HttpError(status, message, b?.data?.fields ?? {}, body, b?.data?.code);
}

/**
 * Calls /api: XSRF header, page-path header, 200-299 success, one refresh on an expired session.
 * When the refresh fails too, the applicant goes to /login, unless `quiet` (session checks decide).
 */
export async function request<T>(method: string, path: string, body?: unknown, quiet = false): Promise<T> {
  let res = await send(method, path, body);
  let parsed = await parse(res);
  if (isExpiredSession(res.status, parsed) && !NO_REFRESH.includes(path as (typeof NO_REFRESH)[number])) {
    if (await refreshOnce()) {
      res = await send(method, path, body);
      parsed = await parse(res);
    } else {
      if (!quiet) {
        clearUserName();
        onSessionLost();
      }
      throw toError(res.status, parsed);
    }
  }
  if (res.status < 200 || res.status > 299) throw toError(res.status, parsed);
  return parsed as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
  patch: <T>(path: string, body: unknown = {}) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

function xhrUpload(path: string, form: FormData, onProgress: (fraction: number) => void) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader(PAGE_PATH_HEADER, window.location.pathname);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = xsrfToken();
    if (token) xhr.setRequestHeader(XSRF_HEADER_NAME, token);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        /* not JSON */
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new HttpError(0, 'Network Error'));
    xhr.onabort = () => reject(new HttpError(0, 'Request aborted'));
    xhr.send(form);
  });
}

/** A multipart upload that reports progress (fetch cannot), with the same session and error rules. */
export async function upload<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  if (!xsrfToken()) await fetch(`${API_BASE}${AUTH_PATHS.verifyToken}`, { credentials: 'same-origin' });
  let res = await xhrUpload(path, form, onProgress);
  if (isExpiredSession(res.status, res.body)) {
    if (!(await refreshOnce())) {
      clearUserName();
      onSessionLost();
      throw toError(res.status, res.body);
    }
    res = await xhrUpload(path, form, onProgress);
  }
  if (res.status < 200 || res.status > 299) throw toError(res.status, res.body);
  return res.body as T;
}
