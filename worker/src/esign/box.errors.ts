import type { BoxClient } from 'box-node-sdk';
import type { FetchOptions } from 'box-node-sdk/networking/fetchOptions';
import type { FetchResponse } from 'box-node-sdk/networking/fetchResponse';
import { BoxRetryStrategy } from 'box-node-sdk/networking/retries';
import { BoxRejectedError } from '../errors';

/** Longest Retry-After we sleep through inside one activity attempt; past it Temporal's back-off takes over. */
export const MAX_RETRY_AFTER_SECONDS = 60;

/** Retry-After in seconds, in any letter case, as seconds or an HTTP date. */
export function retryAfterSeconds(headers: Readonly<Record<string, string>>): number | undefined {
  const raw = Object.entries(headers).find(([k]) => k.toLowerCase() === 'retry-after')?.[1];
  if (raw === undefined) return undefined;
  const seconds = /^\s*\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : (Date.parse(raw) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, seconds) : undefined;
}

/**
 * box-node-sdk 10.12 looks the header up as 'Retry-After' while node-fetch hands it over lower-cased,
 * so it never honours Box's Retry-After: a 429 gets its own short back-off and gives up after about
 * 25 s, and a 202 (file not ready) is not retried at all. This strategy reads it in any case (reported
 * upstream: see docs/upstream/box-node-sdk-retry-after.md). A wait longer than MAX_RETRY_AFTER_SECONDS
 * is not slept through here: the call fails and Temporal retries the activity later.
 */
export class RetryAfterStrategy extends BoxRetryStrategy {
  override async shouldRetry(options: FetchOptions, res: FetchResponse, attempt: number): Promise<boolean> {
    // A connection lost after a sign request was sent (status 0) may have created it: posting again
    // would make a second one (found by the load run). The call fails instead, and the activity's retry
    // looks the request up by its external id before creating one.
    if (res.status === 0 && isCreateSignRequest(options)) return false;
    const wait = retryAfterSeconds(res.headers);
    if (res.status === 429 || res.status === 202) {
      if (attempt >= this.maxAttempts) return false;
      if (wait !== undefined) return wait <= MAX_RETRY_AFTER_SECONDS;
      return res.status === 429;
    }
    return super.shouldRetry(options, res, attempt);
  }

  override retryAfter(options: FetchOptions, res: FetchResponse, attempt: number): number {
    return retryAfterSeconds(res.headers) ?? super.retryAfter(options, res, attempt);
  }
}

const isCreateSignRequest = (o: FetchOptions) =>
  (o.method ?? '').toUpperCase() === 'POST' && /\/2\.0\/sign_requests\/?(\?|$)/.test(o.url);

type BoxApiErrorLike = { responseInfo?: { statusCode?: number; body?: { code?: unknown } } };

/**
 * Box answers that no retry can fix: every 4xx except 429 (rate limit, retried after Retry-After).
 * The message carries Box's code and status, which is what operations see in the Temporal UI.
 */
export function classifyBoxError(e: unknown, what: string): never {
  const info = (e as BoxApiErrorLike).responseInfo;
  const status = info?.statusCode ?? 0;
  if (status >= 400 && status < 500 && status !== 429) {
    const code = typeof info?.body?.code === 'string' ? info.body.code : `http_${status}`;
    throw new BoxRejectedError(`${what}: Box answered ${status} ${code}`, code, status);
  }
  throw e;
}

/** Runs a Box call, turning its permanent refusals into BoxRejectedError. */
export const boxCall = <T>(what: string, call: () => Promise<T>): Promise<T> =>
  call().catch((e: unknown) => classifyBoxError(e, what));

/** A file's bytes; Box answers 202 with Retry-After while a signed copy is still being written. */
export async function downloadWhenReady(box: BoxClient, fileId: string): Promise<Buffer> {
  const stream = await boxCall('Download refused', () => box.downloads.downloadFile(fileId));
  const chunks: Buffer[] = [];
  for await (const c of stream as AsyncIterable<Buffer>) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}
