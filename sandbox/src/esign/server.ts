import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { downloadRoute, filesRoute } from './files';
import { signRequestsRoute } from './sign-requests';
import { signatures } from './signatures';
import { signerRoute } from './signer-page';
import { trashRoute } from './trash';
import { openStore, type EsignStore } from './store';
import { webhooksRoute } from './webhooks';
import { boxError, readBody, type EsignStandin, type EsignStandinOptions, type Reply } from './types';

export { LOCAL_APPLICATIONS_FOLDER_ID, type EsignStandin, type EsignStandinOptions } from './types';

/**
 * A local Box that speaks what box-node-sdk sends for signing and document submission: the token
 * endpoint, folders, uploads, downloads, deletes and the trash (trash.ts), sign requests (create, get, list,
 * cancel) and webhooks (create, list, get, update; webhooks.ts). Each embedded signer gets
 * a page at its embed_url with the PDF and 'Sign' and 'Decline'; deciding redirects the browser to the
 * signer's redirect URL and, when the request is finished, delivers a signed webhook as Box does.
 * State and records: store.ts; a request's course and its webhooks: signatures.ts; the routes by
 * resource: signer-page.ts, files.ts, sign-requests.ts.
 */
export async function startEsignStandin(opts: EsignStandinOptions): Promise<EsignStandin> {
  const store = openStore(opts);
  const sig = signatures(store);

  function authorized(req: IncomingMessage): boolean {
    const h = req.headers.authorization ?? '';
    return h.startsWith('Bearer ') && store.tokens.has(h.slice(7));
  }

  async function route(req: IncomingMessage, u: URL): Promise<Reply> {
    const method = req.method ?? 'GET';
    const path = u.pathname;

    if (path === '/__admin/health') return { status: 200, body: { ok: true } };
    if (store.down && !path.startsWith('/sign/')) return boxError(503, 'unavailable', 'Service Unavailable');
    if (path === '/oauth2/token' && method === 'POST') return issueToken(store, req);

    // A download URL (authenticated by its token, as Box's dl.boxcloud.com links are).
    const download = downloadRoute(store, req, path);
    if (download) return download;

    // The signer's page (authenticated by the token in its embed URL, as Box's embed links are).
    const signer = await signerRoute(store, sig, req, u);
    if (signer) return signer;

    if (!authorized(req)) return boxError(401, 'unauthorized', 'Unauthorized');
    if (store.throttled.count > 0) return throttled(store);

    return (
      trashRoute(store, req, u) ??
      (await webhooksRoute(store, req, u)) ??
      (await filesRoute(store, sig, req, path)) ??
      (await signRequestsRoute(store, sig, req, u)) ??
      boxError(404, 'not_found', `No route for ${method} ${path}`)
    );
  }

  const server = createServer((req, res: ServerResponse) => {
    if (store.timing.handle(req, res)) return;
    const u = new URL(req.url ?? '/', 'http://localhost');
    route(req, u)
      .then((reply) => {
        const isBuffer = Buffer.isBuffer(reply.body);
        const type = reply.type ?? 'application/json';
        res.writeHead(reply.status, { 'content-type': type, ...reply.headers });
        if (reply.body === undefined) return res.end();
        res.end(isBuffer || typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
      })
      .catch((e: Error) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'error', status: 500, code: 'internal_server_error', message: e.message }));
      });
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host ?? '127.0.0.1', resolve));
  store.url = `http://${opts.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;

  return {
    url: store.url,
    requests: () => store.state.requests,
    fileBytes: store.getBytes,
    folders: () => store.state.folders,
    files: () => store.state.files,
    webhooks: () => store.state.webhooks ?? [],
    throttle: (count, retryAfter) => void (store.throttled = { count, retryAfter }),
    failNextRequest: (status) => void (store.failNext = status),
    setDown: (d) => (store.down = d),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        store.flush();
      }),
  };
}

/** The token endpoint: the app's client credentials give a bearer token. */
async function issueToken(store: EsignStore, req: IncomingMessage): Promise<Reply> {
  const form = new URLSearchParams((await readBody(req)).toString('utf8'));
  if (form.get('client_id') !== store.opts.clientId || form.get('client_secret') !== store.opts.clientSecret)
    return {
      status: 400,
      body: { error: 'invalid_client', error_description: 'The client credentials are invalid' },
    };
  const token = randomBytes(24).toString('hex');
  store.tokens.add(token);
  return { status: 200, body: { access_token: token, expires_in: 3600, token_type: 'bearer', restricted_to: [] } };
}

/** One of the 429s a test asked for (EsignStandin.throttle), with Box's Retry-After. */
function throttled(store: EsignStore): Reply {
  store.throttled.count--;
  const reply = boxError(429, 'rate_limit_exceeded', 'Request rate limit exceeded, please try again later');
  // Box spells it Retry-After; HTTP header names are case-insensitive and node-fetch lower-cases them.
  return { ...reply, headers: { 'Retry-After': String(store.throttled.retryAfter) } };
}
