// The web app as deploy/nginx.conf serves it, for Lighthouse in the bench (nginx is not on this machine):
// files precompressed by deploy/precompress.mjs answered as brotli or gzip by the browser's
// Accept-Encoding, hashed /assets/ kept a year as immutable, every other path answered with index.html
// and revalidated on each visit, and /api proxied to the api with the client's address. The bare page
// of the comparison is served by the same code, so both pay the same serving costs.
// Env: STATIC_DIR, PORT, API_URL (optional: without it /api answers 404).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { extname, join, normalize } from 'node:path';

const dir = process.env.STATIC_DIR!;
const api = process.env.API_URL ? new URL(process.env.API_URL) : undefined;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/api/')) {
    if (!api) return void res.writeHead(404).end();
    // As nginx's proxy_set_header: the api trusts this hop's X-Forwarded-For, replaced, not appended.
    const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '', host: api.host };
    const upstream = request(
      { host: api.hostname, port: api.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    return void req.pipe(upstream);
  }
  if (url.pathname.endsWith('.map')) return void res.writeHead(404).end();
  const path = normalize(join(dir, decodeURIComponent(url.pathname)));
  const assets = url.pathname.startsWith('/assets/');
  let file = path.startsWith(dir) && isFile(path) ? path : undefined;
  if (!file && assets) return void res.writeHead(404).end();
  file ??= join(dir, 'index.html');
  const accept = String(req.headers['accept-encoding'] ?? '');
  const encoding =
    /\bbr\b/.test(accept) && isFile(`${file}.br`)
      ? 'br'
      : /\bgzip\b/.test(accept) && isFile(`${file}.gz`)
        ? 'gzip'
        : undefined;
  const body = encoding === 'br' ? `${file}.br` : encoding === 'gzip' ? `${file}.gz` : file;
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': statSync(body).size,
    'cache-control': assets ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'Accept-Encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(body).pipe(res);
}).listen(Number(process.env.PORT), '127.0.0.1');
