// The operator's codec proxy for the local Temporal UI. The UI's browser calls a codec endpoint with no
// credential of ours (the dev server's UI has no sign-in to pass on), so this loopback-only proxy holds
// the operator token and forwards /decode and /encode to the api's codec server, which checks it.
// In production the same role is played by the operators' SSO proxy in front of /api/codec.
//
// It decodes applicants' data, so it answers only the UI:
// - the path must start with the per-start secret the UI's codec endpoint was given (CODEC_PATH_SECRET);
// - the Host must be this proxy's own loopback name (a DNS-rebinding page's Host is its own domain);
// - an Origin, when sent, must be the UI's; and only JSON bodies, so a cross-site "simple" request
//   (text/plain, form) that skips the CORS preflight is refused before anything is forwarded.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { ROOT } from './stack.ts';

const { API_SETTINGS, loadEnv } = createRequire(import.meta.url)(`${ROOT}/libs/dist/index.js`);
const settings = loadEnv(API_SETTINGS, process.env);
const port = Number(process.env.CODEC_PROXY_PORT ?? 8234);
const api = (process.env.API_URL ?? `http://127.0.0.1:${settings.API_PORT}`).replace(/\/$/, '');
const origin = new URL(settings.TEMPORAL_UI_ORIGIN).origin;
const secret = process.env.CODEC_PATH_SECRET ?? '';
if (secret.length < 16) throw new Error('CODEC_PATH_SECRET (the per-start secret of the codec path) is required');
const hosts = new Set([`localhost:${port}`, `127.0.0.1:${port}`]);
const MAX_BODY = 4 * 1024 * 1024;

const sameSecret = (given: string) =>
  given.length === secret.length && timingSafeEqual(Buffer.from(given), Buffer.from(secret));

/** Why a request is refused (status), or undefined when it may be forwarded. */
function refusal(req: IncomingMessage, pathname: string): number | undefined {
  if (!hosts.has(String(req.headers.host ?? ''))) return 421;
  if (req.headers.origin !== undefined && req.headers.origin !== origin) return 403;
  const [given = '', action = '', ...rest] = pathname.split('/').filter(Boolean);
  if (!sameSecret(given) || rest.length > 0 || !['decode', 'encode'].includes(action)) return 404;
  if (req.method === 'OPTIONS') return undefined;
  if (req.method !== 'POST') return 405;
  if (!/^application\/json\b/i.test(String(req.headers['content-type'] ?? ''))) return 415;
  return undefined;
}

const server = createServer((req, res) => {
  const pathname = new URL(req.url ?? '/', 'http://proxy').pathname;
  const refused = refusal(req, pathname);
  if (refused) return void res.writeHead(refused).end();
  if (req.headers.origin === origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type, x-namespace');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
  }
  res.setHeader('Vary', 'Origin');
  if (req.method === 'OPTIONS') return void res.writeHead(204).end();
  const action = pathname.endsWith('/decode') ? 'decode' : 'encode';
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
        authorization: `Bearer ${settings.OPERATOR_TOKEN}`,
      },
      body: Buffer.concat(chunks),
    })
      .then(async (r) => {
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await r.arrayBuffer()));
      })
      .catch(() => res.writeHead(502).end());
  });
});
server.listen(port, '127.0.0.1', () => console.log(`codec proxy on http://127.0.0.1:${port} -> ${api}/api/codec`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
