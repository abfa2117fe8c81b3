import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { plaidError, rateLimited, refused, requestId } from './errors';
import { linkTokenRules } from './link-token-rules';
import { accountData } from './account-data';
import type { Item, PlaidState } from './state';
import { notify } from './webhooks';

type Input = Record<string, unknown>;
/** Plaid's answer to one call: JSON, or a statement's PDF. */
export type PlaidAnswer = { status: number; body: unknown } | { status: 200; pdf: Uint8Array };

/**
 * Plaid's JSON endpoints the portal calls. The client's id and secret come in the body or in the
 * PLAID-CLIENT-ID / PLAID-SECRET headers, as the plaid Node client sends them.
 */
export function plaidApi(state: PlaidState, creds: { clientId: string; secret: string }) {
  return async (path: string, input: Input, headers: IncomingMessage['headers']): Promise<PlaidAnswer> => {
    const clientId = (input.client_id as string | undefined) ?? headers['plaid-client-id'];
    const secret = (input.secret as string | undefined) ?? headers['plaid-secret'];
    if (clientId !== creds.clientId || secret !== creds.secret) return refused('INVALID_API_KEYS');
    const { client_id: _id, secret: _secret, ...asked } = input;
    state.calls.push({ path, input: asked });
    if (state.calls.length > 1000) state.calls.shift();
    if (state.rateLimited > 0) {
      state.rateLimited--;
      return rateLimited();
    }
    switch (path) {
      case '/webhook_verification_key/get':
        return webhookKey(state, input);
      case '/link/token/create':
        return createLinkToken(state, input);
      case '/link/token/get':
        return linkTokenGet(state, input);
      case '/item/public_token/exchange':
        return exchangePublicToken(state, input);
    }
    if (!ITEM_PATHS.has(path)) return { status: 404, body: plaidError('INVALID_FIELD', `unknown endpoint ${path}`) };
    const item = itemOf(state, input);
    if (!('item_id' in item)) return item;
    if (path === '/item/get') return describeItem(item);
    if (path === '/statements/refresh') return refreshStatements(state, item, input);
    if (path !== '/item/remove') return accountData(state, path, item, input);
    state.items.delete(item.item_id);
    state.removed.add(item.access_token);
    return { status: 200, body: { request_id: requestId() } };
  };
}

/** The endpoints about one item, named by its access token. */
const ITEM_PATHS = new Set([
  '/item/get',
  '/item/remove',
  '/accounts/balance/get',
  '/transactions/get',
  '/transactions/sync',
  '/statements/list',
  '/statements/download',
  '/statements/refresh',
]);

/** The item an access token names, or Plaid's refusal of the token. */
function itemOf(state: PlaidState, input: Input): Item | PlaidAnswer {
  const token = input.access_token;
  if (typeof token !== 'string' || !token.startsWith('access-sandbox-')) return refused('INVALID_ACCESS_TOKEN');
  // A removed item's token stays refused (https://plaid.com/docs/api/items/#itemremove: no longer valid).
  if (state.removed.has(token)) return refused('ITEM_NOT_FOUND');
  const item = [...state.items.values()].find((i) => i.access_token === token);
  return item ?? refused('INVALID_ACCESS_TOKEN', 'the provided access token does not exist');
}

function webhookKey(state: PlaidState, input: Input): PlaidAnswer {
  state.keyLookups++;
  if (input.key_id !== state.signer.kid)
    return refused('INVALID_FIELD', 'no webhook verification key with this key_id');
  return { status: 200, body: { key: state.signer.publicKey(), request_id: requestId() } };
}

/**
 * /statements/refresh: statements extracted again for the window; STATEMENTS_REFRESH_COMPLETE follows, the
 * only time Plaid sends it (https://plaid.com/docs/api/products/statements/#statements_refresh_complete).
 */
function refreshStatements(state: PlaidState, item: Item, input: Input): PlaidAnswer {
  if (item.error) return refused(item.error);
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const { start_date: from, end_date: to } = input;
  if (typeof from !== 'string' || typeof to !== 'string' || !day.test(from) || !day.test(to) || from > to)
    return refused('INVALID_FIELD', 'start_date and end_date must be YYYY-MM-DD');
  state.refreshes++;
  setTimeout(
    () =>
      void notify(state.signer, item, {
        webhook_type: 'STATEMENTS',
        webhook_code: 'STATEMENTS_REFRESH_COMPLETE',
        result: 'SUCCESS',
      }),
    state.readyAfter,
  ).unref();
  return { status: 200, body: { request_id: requestId() } };
}

function createLinkToken(state: PlaidState, input: Input): PlaidAnswer {
  const user = input.user as { client_user_id?: unknown } | undefined;
  if (typeof user?.client_user_id !== 'string' || !user.client_user_id)
    return refused('INVALID_FIELD', 'user.client_user_id must be a non-empty string');
  if (typeof input.client_name !== 'string' || !Array.isArray(input.country_codes))
    return refused('INVALID_FIELD', 'client_name and country_codes are required');
  const rules = linkTokenRules(state, input);
  if ('refusal' in rules) return rules.refusal;
  const token = `link-sandbox-${randomUUID()}`;
  const expires = Date.now() + 4 * 3600_000;
  state.linkTokens.set(token, {
    token,
    created: Date.now(),
    expires,
    sessions: [],
    clientUserId: user.client_user_id,
    webhook: typeof input.webhook === 'string' ? input.webhook : undefined,
    updates: rules.updates,
    accountSelection: 'accountSelection' in rules && rules.accountSelection === true,
    daysRequested: rules.daysRequested,
    redirectUri: typeof input.redirect_uri === 'string' ? input.redirect_uri : undefined,
  });
  return {
    status: 200,
    body: { link_token: token, expiration: new Date(expires).toISOString(), request_id: requestId() },
  };
}

/**
 * Plaid's /link/token/get: the token's dates and settings, and its finished Link sessions, each with the
 * public token it gave in `results.item_add_results` (and in the older `on_success`).
 */
function linkTokenGet(state: PlaidState, input: Input): PlaidAnswer {
  const held = state.linkTokens.get(String(input.link_token));
  if (!held) return refused('INVALID_LINK_TOKEN', 'provided link token is expired or invalid');
  const sessions = held.sessions.map((s) => ({
    link_session_id: s.link_session_id,
    started_at: s.started_at,
    finished_at: s.finished_at,
    on_success: { public_token: s.public_token, metadata: s.metadata },
    exit: null,
    results: {
      item_add_results: [
        { public_token: s.public_token, institution: s.metadata.institution, accounts: s.metadata.accounts },
      ],
      cra_item_add_results: [],
      cra_update_results: [],
      bank_income_results: [],
      payroll_income_results: [],
      document_income_results: null,
    },
  }));
  return {
    status: 200,
    body: {
      link_token: held.token,
      created_at: new Date(held.created).toISOString(),
      expiration: new Date(held.expires).toISOString(),
      metadata: { webhook: held.webhook ?? null, client_name: null, country_codes: [], language: null },
      link_sessions: sessions,
      request_id: requestId(),
    },
  };
}

function exchangePublicToken(state: PlaidState, input: Input): PlaidAnswer {
  const held = state.publicTokens.get(String(input.public_token));
  if (!held || held.expires < Date.now())
    return refused('INVALID_FIELD', 'provided public token is expired or invalid');
  state.publicTokens.delete(String(input.public_token));
  state.items.set(held.item.item_id, held.item);
  return {
    status: 200,
    body: { access_token: held.item.access_token, item_id: held.item.item_id, request_id: requestId() },
  };
}

function describeItem(item: Item): PlaidAnswer {
  return {
    status: 200,
    body: {
      item: {
        item_id: item.item_id,
        institution_id: item.institution.institution_id,
        institution_name: item.institution.name,
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
