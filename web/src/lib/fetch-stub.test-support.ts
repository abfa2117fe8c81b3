import { afterEach, beforeEach, vi } from 'vitest';

/** A request the page sent, as the stubbed network saw it. */
export type Call = { url: string; method: string; headers: Record<string, string> };

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/**
 * fetch is the browser's boundary: the stub stands for the network, not for our code. Each test starts
 * with the XSRF cookie set, no calls seen and no answers queued; a call with no answer queued gets
 * 200 { ok: true }. The arrays are emptied in place, so a test file may hold on to them.
 */
export function stubFetch() {
  const net = { calls: [] as Call[], answers: [] as ((c: Call) => Response | Promise<Response>)[] };
  beforeEach(() => {
    net.calls.length = 0;
    net.answers.length = 0;
    document.cookie = 'XSRF-TOKEN=tok-1; path=/';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const call = { url, method: init.method ?? 'GET', headers: (init.headers ?? {}) as Record<string, string> };
        net.calls.push(call);
        const next = net.answers.shift();
        return next ? next(call) : json(200, { ok: true });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());
  return net;
}
