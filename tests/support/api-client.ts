// A browser-like client for api tests: keeps cookies, echoes XSRF-TOKEN in X-XSRF-TOKEN as the web app
// does, and can read the one-time codes the api mails to maildev.
import { IDEMPOTENCY_HEADER, isUnanswered, newIdempotencyKey, type DbUser } from '@portal/libs';
import { holdFor } from './until.ts';

export type Answer = { status: number; headers: Headers; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A body sent as it is (any bytes), with the content type the caller gives. */
export class RawBody {
  readonly bytes: string | Uint8Array;
  constructor(bytes: string | Uint8Array) {
    this.bytes = bytes;
  }
}

export class ApiClient {
  readonly cookies = new Map<string, string>();
  /** Send X-XSRF-TOKEN on mutating calls (turn off to prove the server refuses without it). */
  xsrf = true;
  /**
   * Send an Idempotency-Key on mutating calls as the web app does (web/src/lib/idempotency.ts): one per
   * action (method, path and body), kept while the action has no answer, so pressing again after an
   * error or a 5xx repeats the same request and the server runs it once. Off by default: most api tests
   * are about a single request.
   */
  idempotencyKeys = false;
  private readonly openActions = new Map<string, string>();
  /**
   * As the web app does when a signed-in call answers 403 (the access token's 15 minutes are up): one
   * refresh and the call again; and, as the applicant would when the refresh fails too, a new sign-in.
   * Off by default (most tests are about what a single request answers).
   */
  staySignedIn?: { username: string; password: string };

  private readonly baseUrl: string;
  private readonly ip?: string;

  constructor(baseUrl: string, ip?: string) {
    this.baseUrl = baseUrl;
    this.ip = ip;
  }

  /** The same browser (its cookies) talking to another api replica at `baseUrl`, from `ip`. */
  sameBrowserAt(baseUrl: string, ip?: string): ApiClient {
    const other = new ApiClient(baseUrl, ip);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  private remember(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = decodeURIComponent(pair.slice(eq + 1).trim());
      const expired = attrs.some((a) => /^\s*expires=thu, 01 jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /**
   * The transport; a subclass may send from another source address. A request whose connection is reset
   * before any answer comes is sent once more, as a browser sends it again when a kept-alive connection it
   * reused turns out closed: fetch keeps an idle connection 4 s, the api 5 s, and on a loaded machine a request
   * went out on one just as the api's timer closed it (files.spec, 'read ECONNRESET' with the api up).
   */
  protected async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, init);
    } catch (e) {
      const code = ((e as Error).cause as { code?: string } | undefined)?.code;
      if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') throw e;
      return fetch(url, init);
    }
  }

  /**
   * One call. A FormData body goes as multipart; an object with `bytes` (a raw body) goes as it is, with
   * the content type given in `extraHeaders`; anything else as JSON.
   */
  async call(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Answer> {
    const res = await this.once(method, path, body, extraHeaders);
    const who = this.staySignedIn;
    if (res.status !== 403 || !who || path.startsWith('/auth/')) return res;
    const refreshed = await this.once('POST', '/auth/refresh-token', { username: who.username });
    if (refreshed.status !== 200 && (await this.once('POST', '/auth/login', who)).status !== 200) return res;
    return this.once(method, path, body, extraHeaders);
  }

  private async once(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer> {
    if (method !== 'GET' && this.xsrf && !this.cookies.has('XSRF-TOKEN')) await this.call('GET', '/health');
    const headers: Record<string, string> = { 'x-page-path': '/test' };
    const form = body instanceof FormData;
    const rawBytes = body instanceof RawBody ? body.bytes : undefined;
    if (body !== undefined && !form && rawBytes === undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    if (method !== 'GET' && this.xsrf) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    if (this.ip) headers['x-forwarded-for'] = this.ip;
    const action = method !== 'GET' && this.idempotencyKeys ? actionOf(method, path, body) : undefined;
    if (action) {
      if (!this.openActions.has(action)) this.openActions.set(action, newIdempotencyKey());
      headers[IDEMPOTENCY_HEADER] = this.openActions.get(action)!;
    }
    Object.assign(headers, extraHeaders);
    const res = await this.send(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : (rawBytes ?? JSON.stringify(body)),
    } as RequestInit).catch((e: Error) => {
      // fetch says only "fetch failed": the socket's own error (a reset, a close, a timeout) says why.
      const cause = e.cause as (Error & { code?: string }) | undefined;
      throw new Error(
        `${method} ${path}: ${e.message}${cause ? ` (${cause.code ?? cause.name}: ${cause.message})` : ''}`,
        { cause: e },
      );
    });
    this.remember(res.headers);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    const code = (parsed as { data?: { code?: string } } | undefined)?.data?.code;
    if (action && !isUnanswered(res.status, code)) this.openActions.delete(action);
    return { status: res.status, headers: res.headers, body: parsed };
  }

  get = (path: string) => this.call('GET', path);
  post = (path: string, body: unknown = {}) => this.call('POST', path, body);
  patch = (path: string, body: unknown = {}) => this.call('PATCH', path, body);
  delete = (path: string) => this.call('DELETE', path);
  /** A multipart upload, fields first as the api asks. */
  upload = (path: string, fields: Record<string, string>, file: { name: string; type: string; bytes: Uint8Array }) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
    return this.call('POST', path, form);
  };
}

/** What a call does, for its key: a form by its fields and its file's name and size, as the web names an upload. */
function actionOf(method: string, path: string, body: unknown): string {
  if (body instanceof FormData)
    return `${method} ${path} ${JSON.stringify(
      [...body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `${v.name}:${v.size}`]),
    )}`;
  if (body instanceof RawBody) return `${method} ${path} raw:${body.bytes.length}`;
  return `${method} ${path} ${JSON.stringify(body ?? null)}`;
}

type Mail = { id: string; time: string; subject: string; to: { address: string }[]; text: string };

/**
 * The newest 6-digit code mailed to `to` after `since` (polls maildev's API). `kind` tells the
 * sign-up code from the password-reset code, which may arrive within the same second.
 */
/** What each code email's subject says in each language (api/src/mail/code-email.ts). */
const SUBJECTS = {
  confirmation: ['confirmation code', 'code de confirmation', 'código de confirmación'],
  'password reset': ['password reset code', 'code de réinitialisation', 'restablecer la contraseña'],
};

export async function codeFromMail(
  maildevUrl: string,
  to: string,
  since: Date,
  kind: 'confirmation' | 'password reset' = 'confirmation',
  timeoutMs = 15_000,
  /** Asks maildev for this address's mail only (the bench: a whole inbox per poll grows with every journey). */
  onlyTo = false,
): Promise<string> {
  const end = Date.now() + timeoutMs;
  const query = onlyTo ? `?${new URLSearchParams({ 'to.address': to })}` : '';
  for (;;) {
    const mails = (await (await fetch(`${maildevUrl}/api/email${query}`)).json()) as Mail[];
    // maildev lists mail in arrival order; its times have whole seconds, so the order decides.
    const mine = mails
      .filter((m) => m.to.some((t) => t.address.toLowerCase() === to.toLowerCase()))
      .filter((m) => new Date(m.time).getTime() >= since.getTime() - 1000)
      .filter((m) => SUBJECTS[kind].some((words) => m.subject.includes(words)));
    const code = mine.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > end) throw new Error(`no code mailed to ${to}`);
    await holdFor(250, 'the poll cadence');
  }
}

export const TEST_PASSWORD = 'Ledger-Quill-42';

export function applicantFor(tag: string) {
  return {
    firstName: 'Katherine',
    lastName: 'Johnson',
    businessName: `Orbital ${tag} LLC`,
    phone: '+12125550143',
    email: `${tag}@example.com`,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
  };
}

/** Registers `tag@example.com` and confirms it with the mailed code: a signed-in browser. */
export async function signUpAndConfirm(baseUrl: string, maildevUrl: string, tag: string, ip: string) {
  return (await signUpWithUser(baseUrl, maildevUrl, tag, ip)).client;
}

/** Signs up and confirms, as signUpAndConfirm; with the signed-in user the confirmation answered. */
export async function signUpWithUser(baseUrl: string, maildevUrl: string, tag: string, ip: string) {
  const b = new ApiClient(baseUrl, ip);
  const since = new Date();
  const reg = await b.post('/auth/register', applicantFor(tag));
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${JSON.stringify(reg.body)}`);
  const code = await codeFromMail(maildevUrl, `${tag}@example.com`, since);
  const ok = await b.post('/auth/confirm-signup', { username: `${tag}@example.com`, password: TEST_PASSWORD, code });
  if (ok.status !== 200) throw new Error(`confirm answered ${ok.status}`);
  return { client: b, user: ok.body.data as DbUser };
}
