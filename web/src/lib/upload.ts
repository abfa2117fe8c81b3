import {
  API_BASE,
  AUTH_PATHS,
  COMMON_CODES,
  IDEMPOTENCY_HEADER,
  isUnanswered,
  PAGE_PATH_HEADER,
  RETRY_DELAYS_MS,
  XSRF_HEADER_NAME,
} from '@portal/libs';
import { codeOf, HttpError, networkError, toError } from './http-error';
import { endSession, inProgress, isExpiredSession, newTraceparent, pause, refreshOnce } from './http';
import { actionAnswered, keyForAction } from './idempotency';
import { xsrfToken } from './storage';

function xhrUpload(path: string, form: FormData, onProgress: (fraction: number) => void, key?: string) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader(PAGE_PATH_HEADER, window.location.pathname);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('traceparent', newTraceparent());
    const token = xsrfToken();
    if (token) xhr.setRequestHeader(XSRF_HEADER_NAME, token);
    if (key) xhr.setRequestHeader(IDEMPOTENCY_HEADER, key);
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
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new HttpError(0, COMMON_CODES.network, {}, 'aborted'));
    xhr.send(form);
  });
}

/** An upload, retried with its key after a network error or while the server has it in progress. */
async function uploadWithRetries(path: string, form: FormData, onProgress: (fraction: number) => void, key?: string) {
  for (let attempt = 0; ; attempt++) {
    const retryIn = key ? RETRY_DELAYS_MS[attempt] : undefined;
    try {
      const res = await xhrUpload(path, form, onProgress, key);
      if (retryIn === undefined || !inProgress(res.body)) return res;
    } catch (e) {
      if (retryIn === undefined || (e as HttpError).body === 'aborted') throw e;
    }
    await pause(retryIn);
  }
}

/**
 * A multipart upload that reports progress (fetch cannot), with the same session and error rules.
 * `action` names what is uploaded (the slot and the file): the same action keeps its Idempotency-Key
 * until answered, so a retry never stores the document twice.
 */
export async function upload<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  action?: string,
): Promise<T> {
  if (!xsrfToken())
    await fetch(`${API_BASE}${AUTH_PATHS.verifyToken}`, { credentials: 'same-origin' }).catch(() => {
      throw networkError();
    });
  const actionId = action && `POST ${path} ${action}`;
  const key = actionId ? keyForAction(actionId) : undefined;
  let res = await uploadWithRetries(path, form, onProgress, key);
  if (isExpiredSession(res.status, res.body)) {
    if (!(await refreshOnce())) {
      endSession();
      throw toError(res.status, res.body);
    }
    res = await uploadWithRetries(path, form, onProgress, key);
  }
  if (actionId && key && !isUnanswered(res.status, codeOf(res.body))) actionAnswered(actionId, key);
  if (res.status < 200 || res.status > 299) throw toError(res.status, res.body);
  return res.body as T;
}
