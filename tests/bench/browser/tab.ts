// One applicant's browser for the web app's own modules running in Node (the browser driver): its cookies,
// its localStorage and sessionStorage, the page it is on, and its address (X-Forwarded-For, one per applicant,
// as the api's tests stand for many clients from loopback). The globals the web's modules read (window,
// document.cookie, the storages, fetch for a path of this origin, XMLHttpRequest for uploads) are installed
// once and answer for whichever applicant's code is running (AsyncLocalStorage), so applicants run at once.
import { Agent, fetch as undiciFetch } from 'undici';
import { AsyncLocalStorage } from 'node:async_hooks';

class MemoryStorage {
  private readonly m = new Map<string, string>();
  getItem = (k: string) => this.m.get(k) ?? null;
  setItem = (k: string, v: string) => void this.m.set(k, String(v));
  removeItem = (k: string) => void this.m.delete(k);
  clear = () => this.m.clear();
  key = (i: number) => [...this.m.keys()][i] ?? null;
  get length() {
    return this.m.size;
  }
}

export type TimedCall = { step: string; start: number; end: number; method: string; path: string; status: number };

export class Tab {
  readonly cookies = new Map<string, string>();
  readonly local = new MemoryStorage();
  readonly session = new MemoryStorage();
  pathname = '/sign-up';
  search = '';
  step = 'sign-up';
  readonly origin: string;
  readonly ip: string;
  /** Where the tab's requests are recorded (each driver command its own). */
  record: (call: TimedCall) => void;
  /**
   * Through a web server, the tab's requests leave from its own loopback address (`ip`, a 127.x.y.z) and the
   * server names it to the api as a proxy does; straight to the api, they say it in X-Forwarded-For.
   */
  private readonly socket?: Agent;
  constructor(origin: string, ip: string, record: (call: TimedCall) => void, viaWebServer = false) {
    this.origin = origin;
    this.ip = ip;
    this.record = record;
    if (viaWebServer) this.socket = new Agent({ localAddress: ip });
  }

  /** A page load or navigation: the page the next requests are sent from. */
  at(path: string) {
    const url = new URL(path, 'http://portal.test');
    this.pathname = url.pathname;
    this.search = url.search;
  }

  cookieHeader = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** A request of this origin's path, with the tab's cookies and address; the answer's cookies kept. */
  async send(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    if (!this.socket) headers.set('x-forwarded-for', this.ip);
    const start = performance.timeOrigin + performance.now();
    const res = this.socket
      ? await this.fromOwnAddress(`${this.origin}${path}`, init, headers)
      : await realFetch(`${this.origin}${path}`, { ...init, headers, redirect: 'manual' });
    this.keep(res);
    const end = performance.timeOrigin + performance.now();
    this.record({ step: this.step, start, end, method: init.method ?? 'GET', path, status: res.status });
    return res;
  }

  /** undici's own fetch, which takes the agent; a form is encoded first (its FormData is not Node's). */
  private async fromOwnAddress(url: string, init: RequestInit, headers: Headers): Promise<Response> {
    let body = init.body;
    if (body instanceof FormData) {
      const encoded = new Response(body);
      headers.set('content-type', encoded.headers.get('content-type')!);
      body = new Uint8Array(await encoded.arrayBuffer());
    }
    const res = await undiciFetch(url, {
      method: init.method,
      headers: [...headers],
      body: body as Uint8Array | string | undefined,
      redirect: 'manual',
      dispatcher: this.socket,
    });
    return res as unknown as Response;
  }
}

const current = new AsyncLocalStorage<Tab>();
const realFetch = globalThis.fetch;

/** Runs `f` as the tab's page: every web module it calls reads this tab's browser. */
export const inTab = <T>(tab: Tab, f: () => Promise<T>) => current.run(tab, f);

const tab = () => {
  const t = current.getStore();
  if (!t) throw new Error('the web app ran outside an applicant tab');
  return t;
};

/** XMLHttpRequest as web/src/lib/upload.ts uses it (a multipart POST with headers), over the tab's fetch. */
class TabXhr {
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  private method = 'GET';
  private path = '';
  private readonly headers: Record<string, string> = {};
  private readonly owner = tab();
  open(method: string, path: string) {
    this.method = method;
    this.path = path;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    const t = this.owner;
    void inTab(t, async () => {
      try {
        const res = await t.send(this.path, { method: this.method, headers: this.headers, body });
        this.status = res.status;
        this.responseText = await res.text();
        this.onload?.();
      } catch {
        this.onerror?.();
      }
    });
  }
}

/** Installs the browser globals the web's modules read. Once, before any of them is imported. */
export function installBrowserGlobals() {
  const win = {
    get location() {
      const t = tab();
      return { pathname: t.pathname, search: t.search, origin: 'http://portal.test', href: t.pathname + t.search };
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  Object.defineProperty(globalThis, 'window', { value: win, configurable: true });
  Object.defineProperty(globalThis, 'document', {
    value: {
      get cookie() {
        return [...tab().cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      visibilityState: 'visible',
    },
    configurable: true,
  });
  Object.defineProperty(globalThis, 'localStorage', { get: () => tab().local, configurable: true });
  Object.defineProperty(globalThis, 'sessionStorage', { get: () => tab().session, configurable: true });
  Object.defineProperty(globalThis, 'XMLHttpRequest', { value: TabXhr, configurable: true });
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const store = current.getStore();
    if (store && typeof input === 'string' && input.startsWith('/')) return store.send(input, init);
    return realFetch(input, init);
  };
}
