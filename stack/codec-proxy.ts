// The operator's codec proxy for the local Temporal UI. The UI's browser calls a codec endpoint with no
// credential of ours (the dev server's UI has no sign-in to pass on), so this loopback-only proxy holds
// the operator token and forwards /decode and /encode to the api's codec server, which checks it.
// In production the same role is played by the operators' SSO proxy in front of /api/codec.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { ROOT } from './stack.ts';

const { API_SETTINGS, loadEnv } = createRequire(import.meta.url)(`${ROOT}/libs/dist/index.js`);
const settings = loadEnv(API_SETTINGS, process.env);
const port = Number(process.env.CODEC_PROXY_PORT ?? 8234);
const api = (process.env.API_URL ?? `http://127.0.0.1:${settings.API_PORT}`).replace(/\/$/, '');
const origin = new URL(settings.TEMPORAL_UI_ORIGIN).origin;

const server = createServer((req, res) => {
  if (req.headers.origin === origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type, x-namespace');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
  }
  res.setHeader('Vary', 'Origin');
  if (req.method === 'OPTIONS') return void res.writeHead(204).end();
  // Only the path's last part names the call (the protocol allows any prefix; the UI adds a query).
  const action = /\/(decode|encode)$/.exec(new URL(req.url ?? '/', 'http://proxy').pathname)?.[1];
  if (req.method !== 'POST' || !action) return void res.writeHead(404).end();
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
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
