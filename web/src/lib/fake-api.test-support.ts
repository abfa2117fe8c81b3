import { afterEach, beforeEach, vi } from 'vitest';
import { json } from './fetch-stub.test-support';

/** What the fake api answers a route ('GET /file/application/app-1', the /api base left off) with, in `data`. */
export type Routes = Record<string, (body: unknown) => unknown>;

/** A route's refusal: answered with this status and body as they are (not wrapped in `data`). */
export class Refusal {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/**
 * The api as the browser's network sees it: fetch and XMLHttpRequest (uploads) stubbed at the boundary, each
 * request noted as 'METHOD /path' and answered from `routes` as the api does ({ data }); a route it does not
 * know is answered 200 { ok: true }. `count` says how often the page asked for one route, so that a test
 * can hold a page to the requests it makes.
 */
export function fakeApi(routes: () => Routes) {
  const net = { calls: [] as string[], count: (route: string) => net.calls.filter((c) => c === route).length };
  const answer = (method: string, url: string, body: unknown) => {
    const route = `${method} ${url.replace(/^\/api/, '').split('?')[0]}`;
    net.calls.push(route);
    const handler = routes()[route];
    if (!handler) return undefined;
    const out = handler(body);
    return out instanceof Refusal ? out : { status: method === 'POST' ? 201 : 200, body: { data: out } };
  };
  /** The browser's XMLHttpRequest as lib/upload.ts drives it: every byte sent, then the api's answer. */
  class ApiXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    private target = ['POST', ''];
    open(method: string, url: string) {
      this.target = [method, url];
    }
    setRequestHeader() {}
    send(form: FormData) {
      const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'));
      queueMicrotask(() => {
        const a = answer(this.target[0]!, this.target[1]!, fields);
        this.status = a?.status ?? 200;
        this.responseText = JSON.stringify(a?.body ?? { ok: true });
        this.onload?.();
      });
    }
  }
  beforeEach(() => {
    net.calls.length = 0;
    document.cookie = 'XSRF-TOKEN=tok-1; path=/';
    vi.stubGlobal('XMLHttpRequest', ApiXhr);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
        const a = answer(init.method ?? 'GET', url, body);
        return json(a?.status ?? 200, a?.body ?? { ok: true });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());
  return net;
}
