// The operators' door to the local Temporal UI and its codec, on CODEC_PROXY_PORT (loopback). The codec
// decodes applicants' data (emails, EIN, birth dates, SSNs), so it answers a signed-in operator only:
// - the credential is the operator token the stack makes at each start (OPERATOR_TOKEN, the api's own,
//   written to the data directory for the operator alone); `npm start` prints a sign-in link that turns it
//   into a cookie (HttpOnly, SameSite=Strict). Scripts may send it as `Authorization: Bearer`;
// - the Temporal UI is served through this door too, so its codec endpoint (/codec, same origin) gets the
//   cookie with the UI's own requests. The UI's settings, which anyone can read on the UI's own port, name
//   that endpoint and nothing more: a secret the settings publish would protect nothing;
// - the Host must be this door's own loopback name (a DNS-rebinding page's Host is its own domain), an
//   Origin, when sent, this door's own, and codec bodies JSON (no cross-site "simple" request).
// In production the same role is played by the operators' SSO proxy in front of the UI and /api/codec.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { ROOT } from './stack.ts';

const { API_SETTINGS, loadEnv } = createRequire(import.meta.url)(`${ROOT}/libs/dist/index.js`);
const settings = loadEnv(API_SETTINGS, process.env);
const port = Number(process.env.CODEC_PROXY_PORT ?? 8234);
const api = (process.env.API_URL ?? `http://127.0.0.1:${settings.API_PORT}`).replace(/\/$/, '');
const ui = process.env.TEMPORAL_UI_URL ? new URL(process.env.TEMPORAL_UI_URL) : undefined;
const token: string = settings.OPERATOR_TOKEN;
const hosts = new Set([`localhost:${port}`, `127.0.0.1:${port}`]);
const origins = new Set([...hosts].map((h) => `http://${h}`));
const COOKIE = 'portal-operator';
/** The cookie's value: derived from the token, so the cookie is good for this start only. */
const session = createHmac('sha256', token).update('local operator session').digest('base64url');
const MAX_BODY = 4 * 1024 * 1024;

const same = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

function cookieOf(req: IncomingMessage): string {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return '';
}

function signedIn(req: IncomingMessage): boolean {
  const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';
  return same(bearer, token) || same(cookieOf(req), session);
}

/** /sign-in?token=…: the link `npm start` prints; the cookie for this door's localhost origin. */
function signIn(url: URL, res: ServerResponse) {
  if (!same(url.searchParams.get('token') ?? '', token)) return void res.writeHead(401).end('wrong token\n');
  res.writeHead(303, {
    'set-cookie': `${COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/`,
    location: `http://localhost:${port}/`,
    'cache-control': 'no-store',
  });
  res.end();
}

/** Why a codec request is refused (status), or undefined when it may be forwarded. */
function codecRefusal(req: IncomingMessage, pathname: string): number | undefined {
  if (!['/codec/decode', '/codec/encode'].includes(pathname)) return 404;
  if (req.method !== 'POST') return 405;
  if (!/^application\/json\b/i.test(String(req.headers['content-type'] ?? ''))) return 415;
  return undefined;
}

function codec(req: IncomingMessage, res: ServerResponse, action: string) {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size > MAX_BODY) return void (res.writeHead(413).end(), req.destroy());
    chunks.push(c);
  });
  req.on('end', () => {
    if (res.headersSent) return;
    fetch(`${api}/api/codec/${action}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-namespace': String(req.headers['x-namespace'] ?? 'default'),
        authorization: `Bearer ${token}`,
      },
      body: Buffer.concat(chunks),
    })
      .then(async (r) => {
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await r.arrayBuffer()));
      })
      .catch(() => res.writeHead(502).end());
  });
}

/** The Temporal UI, as it is, minus this door's own credentials. */
function toUi(req: IncomingMessage, res: ServerResponse, target: URL) {
  const headers = { ...req.headers };
  delete headers.authorization;
  const cookies = String(headers.cookie ?? '')
    .split(';')
    .filter((c) => c.trim() && c.trim().split('=')[0] !== COOKIE);
  if (cookies.length) headers.cookie = cookies.join(';');
  else delete headers.cookie;
  const upstream = request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  req.pipe(upstream);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://door');
  if (!hosts.has(String(req.headers.host ?? ''))) return void res.writeHead(421).end();
  if (req.headers.origin !== undefined && !origins.has(req.headers.origin)) return void res.writeHead(403).end();
  if (url.pathname === '/sign-in' && req.method === 'GET') return signIn(url, res);
  if (!signedIn(req))
    return void res
      .writeHead(401, { 'content-type': 'text/plain; charset=utf-8' })
      .end('Operators only: open the sign-in link `npm start` printed.\n');
  if (url.pathname.startsWith('/codec/')) {
    const refused = codecRefusal(req, url.pathname);
    if (refused) return void res.writeHead(refused).end();
    return codec(req, res, url.pathname.slice('/codec/'.length));
  }
  if (ui) return toUi(req, res, ui);
  res.writeHead(404).end();
});
server.listen(port, '127.0.0.1', () => console.log(`operators' door on http://localhost:${port} -> ${api}/api/codec`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
