// The Plaid stand-in's errors have Plaid's shapes (https://plaid.com/docs/errors), as the real plaid Node
// client receives them: INVALID_API_KEYS, PRODUCT_NOT_READY until the statements are ready,
// ITEM_LOGIN_REQUIRED (and its webhook) while an item needs its login, INVALID_ACCESS_TOKEN once removed;
// /link/token/get tells which public token each Link session of a link token gave.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Configuration, CountryCode, PlaidApi, Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../tests/support/until';
import { publicTokenFor } from './link-as-browser';
import { startPlaidStandin, type PlaidStandin } from './server';

const CLIENT_ID = 'unit-client';
const SECRET = 'unit-secret';
// Long enough for a link and its first two calls to be answered before the statements are ready, on a machine
// busy with the rest of the suite (400 ms was not).
const READY_MS = 2_000;
let standin: PlaidStandin;
let plaid: PlaidApi;
const webhooks: Record<string, unknown>[] = [];
const hooks = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    webhooks.push(JSON.parse(body) as Record<string, unknown>);
    res.end();
  });
});

const clientWith = (secret: string) =>
  new PlaidApi(
    new Configuration({
      basePath: standin.url,
      baseOptions: { headers: { 'PLAID-CLIENT-ID': CLIENT_ID, 'PLAID-SECRET': secret } },
    }),
  );
/** The error body of a rejected call (the plaid client rejects with axios' error). */
async function plaidError(call: Promise<unknown>, binary = false) {
  const e = (await call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (err: unknown) => err,
  )) as { response: { status: number; data: unknown } };
  const data = binary
    ? (JSON.parse(Buffer.from(e.response.data as ArrayBuffer).toString('utf8')) as Record<string, unknown>)
    : (e.response.data as Record<string, unknown>);
  return { status: e.response.status, data };
}
const PLAID_SHAPE = {
  error_type: expect.any(String),
  error_code: expect.any(String),
  error_message: expect.any(String),
  request_id: expect.stringMatching(/^[0-9a-f]{16}$/),
  documentation_url: expect.stringMatching(/^https:\/\/plaid\.com\/docs\/errors\//),
};

/** Waits out the moment after linking in which the item's statements answer PRODUCT_NOT_READY. */
const statementsReady = (access_token: string) =>
  until(
    () =>
      plaid.statementsList({ access_token }).then(
        () => 'ready',
        (e: { response?: { data?: { error_code?: string } } }) => e.response?.data?.error_code,
      ),
    (answer) => answer !== 'PRODUCT_NOT_READY',
    { ms: READY_MS + 5_000, what: 'the statements to stop answering PRODUCT_NOT_READY' },
  );

async function linkedItem() {
  const created = await plaid.linkTokenCreate({
    user: { client_user_id: 'user-1' },
    client_name: 'Fundwise',
    language: 'en',
    country_codes: [CountryCode.Us],
    products: [Products.Statements],
    statements: { start_date: '2025-01-01', end_date: '2026-12-01' },
    optional_products: [Products.Transactions],
    transactions: { days_requested: 730 },
    webhook: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`,
  });
  const public_token = await publicTokenFor(standin.url, created.data.link_token);
  return (await plaid.itemPublicTokenExchange({ public_token })).data;
}

beforeAll(async () => {
  await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));
  standin = await startPlaidStandin({ port: 0, clientId: CLIENT_ID, secret: SECRET, statementsReadyAfterMs: READY_MS });
  plaid = clientWith(SECRET);
});
afterAll(async () => {
  await standin?.close();
  hooks.closeAllConnections();
  await new Promise((r) => hooks.close(r));
});

describe('the Plaid stand-in answers errors as Plaid does', () => {
  it('INVALID_API_KEYS for a wrong secret, on every endpoint', async () => {
    const wrong = clientWith('not-the-secret');
    for (const call of [
      wrong.linkTokenCreate({
        user: { client_user_id: 'u' },
        client_name: 'x',
        language: 'en',
        country_codes: [CountryCode.Us],
      }),
      wrong.statementsList({ access_token: 'access-sandbox-x' }),
      wrong.itemRemove({ access_token: 'access-sandbox-x' }),
    ]) {
      const { status, data } = await plaidError(call);
      expect(status).toBe(400);
      expect(data).toMatchObject({
        ...PLAID_SHAPE,
        error_type: 'INVALID_INPUT',
        error_code: 'INVALID_API_KEYS',
        display_message: null,
      });
    }
  });

  it('PRODUCT_NOT_READY until the statements are ready, then real PDFs; the STATEMENTS webhook only after a refresh', async () => {
    const { access_token, item_id } = await linkedItem();
    for (const [call, binary] of [
      [plaid.statementsList({ access_token }), false],
      [plaid.statementsDownload({ access_token, statement_id: 'any' }, { responseType: 'arraybuffer' }), true],
    ] as const) {
      const { status, data } = await plaidError(call, binary);
      expect(status).toBe(400);
      expect(data).toMatchObject({ ...PLAID_SHAPE, error_type: 'ITEM_ERROR', error_code: 'PRODUCT_NOT_READY' });
    }
    // Balances answer at once.
    expect((await plaid.accountsBalanceGet({ access_token })).data.accounts[0]?.balances.current).toEqual(
      expect.any(Number),
    );
    await statementsReady(access_token);
    // No STATEMENTS webhook follows a link (Plaid sends STATEMENTS_REFRESH_COMPLETE only after /statements/refresh).
    expect(webhooks.some((w) => w.item_id === item_id && w.webhook_type === 'STATEMENTS')).toBe(false);
    await plaid.statementsRefresh({ access_token, start_date: '2025-01-01', end_date: '2025-12-31' });
    await until(
      () => webhooks,
      (received) =>
        received.some(
          (w) =>
            w.item_id === item_id &&
            w.webhook_type === 'STATEMENTS' &&
            w.webhook_code === 'STATEMENTS_REFRESH_COMPLETE',
        ),
      { ms: READY_MS + 5_000, what: 'the STATEMENTS_REFRESH_COMPLETE webhook' },
    );
    const statements = (await plaid.statementsList({ access_token })).data.accounts[0]!.statements;
    expect(statements).toHaveLength(12);
    const pdf = await plaid.statementsDownload(
      { access_token, statement_id: statements[0]!.statement_id },
      { responseType: 'arraybuffer' },
    );
    expect(
      Buffer.from(pdf.data as ArrayBuffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

describe("the Plaid stand-in's transactions", () => {
  it("/transactions/get pages Plaid's shapes, newest first, and they add up to the current balance", async () => {
    const { access_token } = await linkedItem();
    await statementsReady(access_token);
    const current = (await plaid.accountsBalanceGet({ access_token })).data.accounts[0]!.balances.current!;
    const today = new Date().toISOString().slice(0, 10);
    const all: { date: string; amount: number; pending: boolean }[] = [];
    let total = Infinity;
    while (all.length < total) {
      const page = await plaid.transactionsGet({
        access_token,
        start_date: '2000-01-01',
        end_date: today,
        options: { count: 200, offset: all.length },
      });
      total = page.data.total_transactions;
      expect(page.data.transactions.length).toBeLessThanOrEqual(200);
      all.push(...page.data.transactions);
    }
    expect(all.length).toBeGreaterThan(400);
    expect(all.map((t) => t.date)).toEqual(
      all
        .map((t) => t.date)
        .sort()
        .reverse(),
    );
    expect(all.every((t) => !t.pending && t.date < today)).toBe(true);
    // The ledger opens at 18,000: money out is positive, so the current balance is 18,000 less every amount.
    const sum = all.reduce((s, t) => s + t.amount, 0);
    expect(Math.round((18_000 - sum) * 100) / 100).toBe(current);
    const bad = await plaidError(plaid.transactionsGet({ access_token, start_date: 'yesterday', end_date: today }));
    expect(bad.data).toMatchObject({ ...PLAID_SHAPE, error_code: 'INVALID_FIELD' });
  });
});

describe("the Plaid stand-in's items: login required, removed", () => {
  it('ITEM_LOGIN_REQUIRED while the item needs its login (the ITEM ERROR webhook), until repaired', async () => {
    const { access_token, item_id } = await linkedItem();
    await statementsReady(access_token);
    const statementId = (await plaid.statementsList({ access_token })).data.accounts[0]!.statements[0]!.statement_id;
    await standin.requireLogin(true);
    try {
      for (const [call, binary] of [
        [plaid.statementsList({ access_token }), false],
        [plaid.accountsBalanceGet({ access_token }), false],
        [plaid.statementsDownload({ access_token, statement_id: statementId }, { responseType: 'arraybuffer' }), true],
      ] as const) {
        const { status, data } = await plaidError(call, binary);
        expect(status).toBe(400);
        expect(data).toMatchObject({ ...PLAID_SHAPE, error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' });
        expect(data.display_message).toEqual(expect.any(String));
      }
      expect((await plaid.itemGet({ access_token })).data.item.error?.error_code).toBe('ITEM_LOGIN_REQUIRED');
      expect(webhooks).toContainEqual(
        expect.objectContaining({
          item_id,
          webhook_type: 'ITEM',
          webhook_code: 'ERROR',
          error: expect.objectContaining({ error_code: 'ITEM_LOGIN_REQUIRED' }),
        }),
      );
    } finally {
      await standin.requireLogin(false);
    }
    expect((await plaid.statementsList({ access_token })).data.accounts[0]!.statements).toHaveLength(12);
  });

  it('a removed item is gone: ITEM_NOT_FOUND; a public token is exchanged once', async () => {
    const created = await plaid.linkTokenCreate({
      user: { client_user_id: 'user-2' },
      client_name: 'Fundwise',
      language: 'en',
      country_codes: [CountryCode.Us],
      products: [Products.Transactions],
    });
    const public_token = await publicTokenFor(standin.url, created.data.link_token);
    const { access_token, item_id } = (await plaid.itemPublicTokenExchange({ public_token })).data;
    const again = await plaidError(plaid.itemPublicTokenExchange({ public_token }));
    expect(again.data).toMatchObject({ ...PLAID_SHAPE, error_type: 'INVALID_INPUT', error_code: 'INVALID_FIELD' });
    expect(standin.items().map((i) => i.item_id)).toContain(item_id);
    await plaid.itemRemove({ access_token });
    expect(standin.items().map((i) => i.item_id)).not.toContain(item_id);
    for (const call of [plaid.statementsList({ access_token }), plaid.itemRemove({ access_token })]) {
      const gone = await plaidError(call);
      expect(gone.data).toMatchObject({ ...PLAID_SHAPE, error_type: 'ITEM_ERROR', error_code: 'ITEM_NOT_FOUND' });
    }
  });
});

describe("the Plaid stand-in's Link sessions", () => {
  it('/link/token/get lists the public token each session of the link token gave, and no other', async () => {
    const make = (user: string) =>
      plaid.linkTokenCreate({
        user: { client_user_id: user },
        client_name: 'Fundwise',
        language: 'en',
        country_codes: [CountryCode.Us],
        products: [Products.Statements],
        statements: { start_date: '2025-01-01', end_date: '2026-12-01' },
      });
    const [mine, theirs] = await Promise.all([make('user-3'), make('user-4')]);
    const public_token = await publicTokenFor(standin.url, mine.data.link_token);
    const got = (await plaid.linkTokenGet({ link_token: mine.data.link_token })).data;
    expect(got.link_token).toBe(mine.data.link_token);
    expect(got.link_sessions).toHaveLength(1);
    expect(got.link_sessions![0]!.results!.item_add_results.map((r) => r.public_token)).toEqual([public_token]);
    expect(got.link_sessions![0]!.on_success?.public_token).toBe(public_token);
    const other = (await plaid.linkTokenGet({ link_token: theirs.data.link_token })).data;
    expect(other.link_sessions).toEqual([]);
    const unknown = await plaidError(plaid.linkTokenGet({ link_token: 'link-sandbox-not-made' }));
    expect(unknown.data).toMatchObject({ ...PLAID_SHAPE, error_code: 'INVALID_LINK_TOKEN' });
  });
});
