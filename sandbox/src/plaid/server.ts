// Plaid's protocol, the subset the portal uses (https://plaid.com/docs/api): POST JSON with client_id and
// secret (in the body or the PLAID-CLIENT-ID / PLAID-SECRET headers, as the plaid Node client sends them),
// answers and errors shaped as Plaid's; the Link script and page a browser runs; webhooks (STATEMENTS, ITEM).
import { createHash, generateKeyPairSync, randomBytes, randomUUID, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { linkPage, linkScript } from './link-page';
import { pastMonths, statementPdf } from './statements';
import { ledger } from './transactions';

export type PlaidStandinOptions = {
  port: number;
  clientId: string;
  secret: string;
  host?: string;
  /** How long after an item is linked its statements answer PRODUCT_NOT_READY (ms). */
  statementsReadyAfterMs?: number;
};

export const SANDBOX_INSTITUTION = { institution_id: 'ins_109508', name: 'First Platypus Bank' };
export const SANDBOX_CREDENTIALS = { username: 'user_good', password: 'pass_good' };

type PlaidErrorCode = 'ITEM_LOGIN_REQUIRED' | 'PRODUCT_NOT_READY' | 'INVALID_API_KEYS' | 'INVALID_ACCESS_TOKEN';
type Item = {
  item_id: string;
  access_token: string;
  linkedAt: number;
  webhook?: string;
  error?: PlaidErrorCode;
  statements: { statement_id: string; month: number; year: number }[];
};
type LinkToken = { token: string; expires: number; webhook?: string; clientUserId: string; publicToken?: string };

export type PlaidStandin = {
  url: string;
  /** The items linked and not removed. */
  items(): { item_id: string; error?: string }[];
  /** Puts every linked item into ITEM_LOGIN_REQUIRED (and sends the ITEM ERROR webhook), or clears it. */
  requireLogin(on: boolean): Promise<void>;
  statementDownloads(): number;
  close(): Promise<void>;
};

const ERRORS: Record<PlaidErrorCode, { error_type: string; error_message: string; display_message: string | null }> = {
  ITEM_LOGIN_REQUIRED: {
    error_type: 'ITEM_ERROR',
    error_message:
      "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
    display_message: "The provided credentials were correct, but the user's login details have changed.",
  },
  PRODUCT_NOT_READY: {
    error_type: 'ITEM_ERROR',
    error_message: 'the requested product is not yet ready. please provide a webhook or try the request again later',
    display_message: null,
  },
  INVALID_API_KEYS: {
    error_type: 'INVALID_INPUT',
    error_message: 'invalid client_id or secret provided',
    display_message: null,
  },
  INVALID_ACCESS_TOKEN: {
    error_type: 'INVALID_INPUT',
    error_message: 'provided access token is in an invalid format. expected format: access-<environment>-<identifier>',
    display_message: null,
  },
};

function plaidError(code: PlaidErrorCode | 'INVALID_FIELD' | 'INVALID_LINK_TOKEN', message?: string) {
  const known = (ERRORS as Record<string, (typeof ERRORS)[PlaidErrorCode]>)[code];
  return {
    error_type: known?.error_type ?? 'INVALID_INPUT',
    error_code: code,
    error_message: message ?? known?.error_message ?? code,
    display_message: known?.display_message ?? null,
    request_id: randomBytes(8).toString('hex'),
    causes: [],
    status: 400,
    documentation_url: `https://plaid.com/docs/errors/#${code.toLowerCase()}`,
    suggested_action: null,
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const requestId = () => randomBytes(8).toString('hex');

export async function startPlaidStandin(opts: PlaidStandinOptions): Promise<PlaidStandin> {
  const readyAfter = opts.statementsReadyAfterMs ?? 1000;
  const linkTokens = new Map<string, LinkToken>();
  const publicTokens = new Map<string, { item: Item; expires: number }>();
  const items = new Map<string, Item>();
  let downloads = 0;
  // Webhooks are signed as Plaid signs them: a JWT (ES256, P-256) in Plaid-Verification whose payload holds
  // the body's SHA-256 and iat; the key's public half is answered by /webhook_verification_key/get.
  const webhookKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const webhookKid = randomUUID();
  const webhookKeyCreated = Math.floor(Date.now() / 1000);
  const signWebhook = (body: string, iat = Math.floor(Date.now() / 1000)) => {
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const signed = `${part({ alg: 'ES256', kid: webhookKid, typ: 'JWT' })}.${part({
      iat,
      request_body_sha256: createHash('sha256').update(body).digest('hex'),
    })}`;
    const signature = sign('sha256', Buffer.from(signed), { key: webhookKeys.privateKey, dsaEncoding: 'ieee-p1363' });
    return `${signed}.${signature.toString('base64url')}`;
  };

  const notify = async (item: Item, fields: Record<string, unknown>) => {
    if (!item.webhook) return;
    const body = JSON.stringify({ item_id: item.item_id, environment: 'sandbox', ...fields });
    await fetch(item.webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'plaid-verification': signWebhook(body) },
      body,
    }).catch(() => undefined);
  };

  async function api(path: string, input: Record<string, unknown>, headers: IncomingMessage['headers']) {
    const clientId = (input.client_id as string | undefined) ?? headers['plaid-client-id'];
    const secret = (input.secret as string | undefined) ?? headers['plaid-secret'];
    if (clientId !== opts.clientId || secret !== opts.secret)
      return { status: 400, body: plaidError('INVALID_API_KEYS') };
    const itemOf = (): Item | { status: number; body: unknown } => {
      const token = input.access_token;
      if (typeof token !== 'string' || !token.startsWith('access-sandbox-'))
        return { status: 400, body: plaidError('INVALID_ACCESS_TOKEN') };
      const item = [...items.values()].find((i) => i.access_token === token);
      return (
        item ?? { status: 400, body: plaidError('INVALID_ACCESS_TOKEN', 'the provided access token does not exist') }
      );
    };
    switch (path) {
      case '/webhook_verification_key/get': {
        if (input.key_id !== webhookKid)
          return { status: 400, body: plaidError('INVALID_FIELD', 'no webhook verification key with this key_id') };
        const { x, y } = webhookKeys.publicKey.export({ format: 'jwk' });
        return {
          status: 200,
          body: {
            key: {
              alg: 'ES256',
              created_at: webhookKeyCreated,
              crv: 'P-256',
              expired_at: null,
              kid: webhookKid,
              kty: 'EC',
              use: 'sig',
              x,
              y,
            },
            request_id: requestId(),
          },
        };
      }
      case '/link/token/create': {
        const user = input.user as { client_user_id?: unknown } | undefined;
        if (typeof user?.client_user_id !== 'string' || !user.client_user_id)
          return { status: 400, body: plaidError('INVALID_FIELD', 'user.client_user_id must be a non-empty string') };
        if (typeof input.client_name !== 'string' || !Array.isArray(input.country_codes))
          return { status: 400, body: plaidError('INVALID_FIELD', 'client_name and country_codes are required') };
        const token = `link-sandbox-${randomUUID()}`;
        const expires = Date.now() + 4 * 3600_000;
        linkTokens.set(token, {
          token,
          expires,
          clientUserId: user.client_user_id,
          webhook: typeof input.webhook === 'string' ? input.webhook : undefined,
        });
        return {
          status: 200,
          body: { link_token: token, expiration: new Date(expires).toISOString(), request_id: requestId() },
        };
      }
      case '/item/public_token/exchange': {
        const held = publicTokens.get(String(input.public_token));
        if (!held || held.expires < Date.now())
          return { status: 400, body: plaidError('INVALID_FIELD', 'provided public token is expired or invalid') };
        publicTokens.delete(String(input.public_token));
        items.set(held.item.item_id, held.item);
        return {
          status: 200,
          body: { access_token: held.item.access_token, item_id: held.item.item_id, request_id: requestId() },
        };
      }
      case '/item/get': {
        const item = itemOf();
        if (!('item_id' in item)) return item;
        return {
          status: 200,
          body: {
            item: {
              item_id: item.item_id,
              institution_id: SANDBOX_INSTITUTION.institution_id,
              institution_name: SANDBOX_INSTITUTION.name,
              webhook: item.webhook ?? '',
              error: item.error ? plaidError(item.error) : null,
              available_products: ['balance'],
              billed_products: ['statements', 'transactions'],
              products: ['statements', 'transactions'],
              consented_products: ['statements', 'transactions'],
              consent_expiration_time: null,
              update_type: 'background',
              auth_method: null,
            },
            status: null,
            request_id: requestId(),
          },
        };
      }
      case '/item/remove': {
        const item = itemOf();
        if (!('item_id' in item)) return item;
        items.delete(item.item_id);
        return { status: 200, body: { request_id: requestId() } };
      }
      case '/accounts/balance/get':
      case '/transactions/get':
      case '/statements/list':
      case '/statements/download': {
        const item = itemOf();
        if (!('item_id' in item)) return item;
        if (item.error) return { status: 400, body: plaidError(item.error) };
        if (path !== '/accounts/balance/get' && Date.now() - item.linkedAt < readyAfter)
          return { status: 400, body: plaidError('PRODUCT_NOT_READY') };
        const account = {
          account_id: `${item.item_id}-chk`,
          mask: '0000',
          name: 'Plaid Business Checking',
          official_name: 'Plaid Gold Standard 0% Interest Business Checking',
          type: 'depository',
          subtype: 'checking',
        };
        // One ledger (transactions.ts): its end is the current balance, so the two always agree.
        const book = ledger(account.account_id, new Date());
        const withBalances = {
          ...account,
          balances: { available: book.current - 750, current: book.current, limit: null, iso_currency_code: 'USD' },
        };
        const itemRef = { item_id: item.item_id, institution_id: SANDBOX_INSTITUTION.institution_id };
        if (path === '/accounts/balance/get')
          return { status: 200, body: { accounts: [withBalances], item: itemRef, request_id: requestId() } };
        if (path === '/transactions/get') {
          const day = /^\d{4}-\d{2}-\d{2}$/;
          const { start_date: from, end_date: to } = input;
          if (typeof from !== 'string' || typeof to !== 'string' || !day.test(from) || !day.test(to) || from > to)
            return { status: 400, body: plaidError('INVALID_FIELD', 'start_date and end_date must be YYYY-MM-DD') };
          const options = (input.options ?? {}) as { count?: unknown; offset?: unknown; account_ids?: unknown };
          const count = options.count ?? 100;
          const offset = options.offset ?? 0;
          if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > 500)
            return { status: 400, body: plaidError('INVALID_FIELD', 'count must be an integer from 1 to 500') };
          if (!Number.isInteger(offset) || (offset as number) < 0)
            return { status: 400, body: plaidError('INVALID_FIELD', 'offset must be a non-negative integer') };
          const ids = Array.isArray(options.account_ids) ? (options.account_ids as unknown[]) : undefined;
          // Newest first, as Plaid lists them.
          const matching = book.transactions
            .filter((t) => t.date >= from && t.date <= to && (!ids || ids.includes(t.account_id)))
            .reverse();
          return {
            status: 200,
            body: {
              accounts: [withBalances],
              transactions: matching.slice(offset as number, (offset as number) + (count as number)),
              total_transactions: matching.length,
              item: itemRef,
              request_id: requestId(),
            },
          };
        }
        if (path === '/statements/list')
          return {
            status: 200,
            body: {
              item_id: item.item_id,
              institution_id: SANDBOX_INSTITUTION.institution_id,
              institution_name: SANDBOX_INSTITUTION.name,
              accounts: [
                {
                  account_id: account.account_id,
                  account_mask: account.mask,
                  account_name: account.name,
                  account_official_name: account.official_name,
                  account_type: account.type,
                  account_subtype: account.subtype,
                  statements: item.statements.map((s) => ({
                    ...s,
                    date_posted: new Date(Date.UTC(s.year, s.month, 2)).toISOString().slice(0, 10),
                  })),
                },
              ],
              request_id: requestId(),
            },
          };
        const statement = item.statements.find((s) => s.statement_id === input.statement_id);
        if (!statement) return { status: 400, body: plaidError('INVALID_FIELD', 'statement_id not found') };
        downloads++;
        return { status: 200, pdf: await statementPdf(statement.month, statement.year, account.name) };
      }
      default:
        return { status: 404, body: plaidError('INVALID_FIELD', `unknown endpoint ${path}`) };
    }
  }

  /** The Link page's form: the sandbox institution's credentials give a public token for the link token. */
  function link(token: string, form: URLSearchParams | undefined) {
    const held = linkTokens.get(token);
    if (!held || held.expires < Date.now()) return linkPage({ token, state: 'expired' });
    if (!form) return linkPage({ token, state: 'credentials' });
    if (form.get('username') !== SANDBOX_CREDENTIALS.username || form.get('password') !== SANDBOX_CREDENTIALS.password)
      return linkPage({ token, state: 'credentials', wrong: true });
    const item: Item = {
      item_id: randomBytes(12).toString('hex'),
      access_token: `access-sandbox-${randomUUID()}`,
      linkedAt: Date.now(),
      webhook: held.webhook,
      statements: pastMonths(new Date(), 12).map((m) => ({ statement_id: randomBytes(10).toString('hex'), ...m })),
    };
    const publicToken = `public-sandbox-${randomUUID()}`;
    publicTokens.set(publicToken, { item, expires: Date.now() + 30 * 60_000 });
    // The statements are ready a moment later (PRODUCT_NOT_READY until then), as Plaid's webhook tells.
    setTimeout(
      () =>
        void notify(item, {
          webhook_type: 'STATEMENTS',
          webhook_code: 'STATEMENTS_REFRESH_COMPLETE',
          result: 'SUCCESS',
        }),
      readyAfter,
    ).unref();
    return linkPage({
      token,
      state: 'done',
      success: {
        public_token: publicToken,
        metadata: {
          institution: SANDBOX_INSTITUTION,
          accounts: [
            {
              id: `${item.item_id}-chk`,
              name: 'Plaid Business Checking',
              mask: '0000',
              type: 'depository',
              subtype: 'checking',
            },
          ],
          link_session_id: randomUUID(),
        },
      },
    });
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    const html = (body: string) => {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy':
          "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action 'self'",
      });
      res.end(body);
    };
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://x');
      // Behind the web server's /plaid proxy locally, or at the root.
      const path = u.pathname.replace(/^\/plaid(?=\/)/, '');
      if (path === '/health') return send(200, { ok: true });
      if (path === '/link-initialize.js' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(linkScript());
      }
      if (path === '/link') {
        const token = u.searchParams.get('token') ?? '';
        const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : undefined;
        return html(link(token, form));
      }
      // The items linked and not removed (tests check a disconnect removed its item here).
      if (path === '/__admin/items' && req.method === 'GET') return send(200, { items: stand.items() });
      if (path === '/__admin/require-login' && req.method === 'POST') {
        await stand.requireLogin((JSON.parse((await readBody(req)) || '{}') as { on?: boolean }).on !== false);
        return send(200, { ok: true });
      }
      // Tests only: the stand-in's signature of any body at any time (to prove a stale or altered one refused).
      if (path === '/__admin/sign-webhook' && req.method === 'POST') {
        const asked = JSON.parse((await readBody(req)) || '{}') as { body?: unknown; iat?: unknown };
        const iat = typeof asked.iat === 'number' ? asked.iat : undefined;
        return send(200, { verification: signWebhook(String(asked.body ?? ''), iat) });
      }
      if (req.method !== 'POST') return send(404, plaidError('INVALID_FIELD', 'not found'));
      let input: Record<string, unknown>;
      try {
        input = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
      } catch {
        return send(400, plaidError('INVALID_FIELD', 'the request body is not valid JSON'));
      }
      const out = await api(path, input, req.headers);
      if ('pdf' in out && out.pdf) {
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': out.pdf.byteLength });
        return res.end(Buffer.from(out.pdf));
      }
      send(out.status, 'body' in out ? out.body : {});
    })().catch((e: Error) =>
      send(500, {
        ...plaidError('INVALID_FIELD', e.message),
        error_type: 'API_ERROR',
        error_code: 'INTERNAL_SERVER_ERROR',
        status: 500,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host ?? '127.0.0.1', resolve));
  const stand: PlaidStandin = {
    url: `http://${opts.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`,
    items: () => [...items.values()].map((i) => ({ item_id: i.item_id, error: i.error })),
    statementDownloads: () => downloads,
    async requireLogin(on) {
      for (const item of items.values()) {
        item.error = on ? 'ITEM_LOGIN_REQUIRED' : undefined;
        await notify(
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
  return stand;
}
