// Plaid's protocol, the subset the portal uses (https://plaid.com/docs/api): POST JSON with client_id and
// secret (in the body or the PLAID-CLIENT-ID / PLAID-SECRET headers, as the plaid Node client sends them),
// answers and errors shaped as Plaid's; the Link script and page a browser runs; webhooks (STATEMENTS, ITEM).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { plaidApi } from './api';
import { plaidError } from './errors';
import { link } from './link';
import { linkScript } from './link-page';
import { oauthBank } from './oauth';
import { newPlaidState, type PlaidState } from './state';
import { notify } from './webhooks';

export { SANDBOX_CREDENTIALS, SANDBOX_INSTITUTION } from './state';

export type PlaidStandinOptions = {
  port: number;
  clientId: string;
  secret: string;
  host?: string;
  /** How long after an item is linked its statements answer PRODUCT_NOT_READY (ms). */
  statementsReadyAfterMs?: number;
  /** The Link customization's Account Select (Plaid's dashboard setting): several accounts, or one. */
  accountSelect?: 'single' | 'multiple';
};

export type PlaidStandin = {
  url: string;
  /** The items linked and not removed. */
  items(): { item_id: string; error?: string; client_user_id: string }[];
  /** The applicant stops sharing every account of every item at their bank: the items show none. */
  stopSharingAccounts(): void;
  /**
   * Puts every linked item (or only those linked for `clientUserId`) into ITEM_LOGIN_REQUIRED (and sends the
   * ITEM ERROR webhook), or clears it.
   */
  requireLogin(on: boolean, clientUserId?: string): Promise<void>;
  statementDownloads(): number;
  /** The next `calls` API calls answer 429 RATE_LIMIT_EXCEEDED, as Plaid's rate limits do. */
  rateLimit(calls: number): void;
  /** /statements/refresh calls answered. */
  statementRefreshes(): number;
  /** The API calls answered (past the keys' check), oldest first, each body less the keys. */
  calls(): { path: string; input: Record<string, unknown> }[];
  close(): Promise<void>;
};

/** What the web origin's /plaid proxy may reach: the Link script, the Link page and the OAuth bank's page. */
const BROWSER_PATHS = new Set(['/link-initialize.js', '/link', '/oauth-bank']);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startPlaidStandin(opts: PlaidStandinOptions): Promise<PlaidStandin> {
  const state = newPlaidState(opts.statementsReadyAfterMs ?? 1000, opts.accountSelect);
  const api = plaidApi(state, opts);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    route(req, res, send).catch((e: Error) =>
      send(500, {
        ...plaidError('INVALID_FIELD', e.message),
        error_type: 'API_ERROR',
        error_code: 'INTERNAL_SERVER_ERROR',
        status: 500,
      }),
    );
  });

  async function route(req: IncomingMessage, res: ServerResponse, send: (status: number, data: unknown) => void) {
    const u = new URL(req.url ?? '/', 'http://x');
    // Behind the web server's /plaid proxy locally, or at the root. Under /plaid only what a browser needs
    // (the Link script and page): the test routes and the api answer callers of this port alone.
    const path = u.pathname.replace(/^\/plaid(?=\/)/, '');
    if (path !== u.pathname && !BROWSER_PATHS.has(path)) return send(404, plaidError('INVALID_FIELD', 'not found'));
    if (path === '/health') return send(200, { ok: true });
    if (path === '/link-initialize.js' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(linkScript());
    }
    if (path === '/link') {
      const token = u.searchParams.get('token') ?? '';
      const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : undefined;
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy':
          "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action 'self'",
      });
      return res.end(link(state, token, u.searchParams, form));
    }
    if (path === '/oauth-bank') {
      const answer = oauthBank(state, req.method ?? 'GET', u.searchParams);
      res.writeHead(answer.status, answer.headers);
      return res.end(answer.body);
    }
    if (path.startsWith('/__admin/') && (await admin(path, req, send))) return;
    if (req.method !== 'POST') return send(404, plaidError('INVALID_FIELD', 'not found'));
    let input: Record<string, unknown>;
    try {
      input = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    } catch {
      return send(400, plaidError('INVALID_FIELD', 'the request body is not valid JSON'));
    }
    const out = await api(path, input, req.headers);
    if ('pdf' in out) {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': out.pdf.byteLength });
      return res.end(Buffer.from(out.pdf));
    }
    send(out.status, out.body);
  }

  /** The tests' own routes: what is linked, an outage of every login, a webhook signed at will. */
  async function admin(path: string, req: IncomingMessage, send: (status: number, data: unknown) => void) {
    // The items linked and not removed (tests check a disconnect removed its item here).
    if (path === '/__admin/items' && req.method === 'GET') send(200, { items: stand.items() });
    else if (path === '/__admin/key-lookups' && req.method === 'GET') send(200, { keyLookups: state.keyLookups });
    else if (path === '/__admin/rate-limit' && req.method === 'POST') {
      const calls = (JSON.parse((await readBody(req)) || '{}') as { calls?: unknown }).calls;
      stand.rateLimit(typeof calls === 'number' ? calls : 1);
      send(200, { ok: true });
    } else if (path === '/__admin/stop-sharing-accounts' && req.method === 'POST') {
      stand.stopSharingAccounts();
      send(200, { ok: true });
    } else if (path === '/__admin/require-login' && req.method === 'POST') {
      const asked = JSON.parse((await readBody(req)) || '{}') as { on?: boolean; client_user_id?: unknown };
      const user = typeof asked.client_user_id === 'string' ? asked.client_user_id : undefined;
      await stand.requireLogin(asked.on !== false, user);
      send(200, { ok: true });
    } else if (path === '/__admin/sign-webhook' && req.method === 'POST') {
      // The stand-in's signature of any body at any time (to prove a stale or altered one refused).
      const asked = JSON.parse((await readBody(req)) || '{}') as { body?: unknown; iat?: unknown };
      const iat = typeof asked.iat === 'number' ? asked.iat : undefined;
      send(200, { verification: state.signer.sign(String(asked.body ?? ''), iat) });
    } else return false;
    return true;
  }

  await new Promise<void>((resolve) => server.listen(opts.port, opts.host ?? '127.0.0.1', resolve));
  const stand = standin(state, server, `http://${opts.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`);
  return stand;
}

function standin(state: PlaidState, server: ReturnType<typeof createServer>, url: string): PlaidStandin {
  return {
    url,
    items: () =>
      [...state.items.values()].map((i) => ({ item_id: i.item_id, error: i.error, client_user_id: i.clientUserId })),
    statementDownloads: () => state.downloads,
    rateLimit: (calls) => void (state.rateLimited = Math.max(0, Math.floor(calls))),
    statementRefreshes: () => state.refreshes,
    calls: () => [...state.calls],
    stopSharingAccounts: () => {
      for (const item of state.items.values()) item.accounts = [];
    },
    async requireLogin(on, clientUserId) {
      for (const item of state.items.values()) {
        if (clientUserId !== undefined && item.clientUserId !== clientUserId) continue;
        item.error = on ? 'ITEM_LOGIN_REQUIRED' : undefined;
        await notify(
          state.signer,
          item,
          on
            ? { webhook_type: 'ITEM', webhook_code: 'ERROR', error: plaidError('ITEM_LOGIN_REQUIRED') }
            : { webhook_type: 'ITEM', webhook_code: 'LOGIN_REPAIRED' },
        );
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
