// The Plaid stand-in refuses what Plaid's /link/token/create refuses (link-token-rules.ts): Statements outside
// the US, countries and products Plaid does not know, more than 2 years of statements, products in update
// mode; update mode repairs the same item; transactions reach back days_requested only, through /transactions/get
// and /transactions/sync alike; 429 on demand.
import { Configuration, CountryCode, PlaidApi, Products, type LinkTokenCreateRequest } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicTokenFor } from './link-as-browser';
import { startPlaidStandin, type PlaidStandin } from './server';

let standin: PlaidStandin;
let plaid: PlaidApi;
const US_STATEMENTS: LinkTokenCreateRequest = {
  user: { client_user_id: 'user-rules' },
  client_name: 'Fundwise',
  language: 'en',
  country_codes: [CountryCode.Us],
  products: [Products.Statements],
  statements: { start_date: '2025-09-01', end_date: '2026-11-01' },
};
async function codeOf(call: Promise<unknown>) {
  const e = (await call.then(
    () => ({ response: { status: 200, data: {} } }),
    (err: unknown) => err,
  )) as { response: { status: number; data: { error_code?: string; error_type?: string } } };
  return { status: e.response.status, code: e.response.data.error_code, type: e.response.data.error_type };
}
async function linked(request: LinkTokenCreateRequest) {
  const token = (await plaid.linkTokenCreate(request)).data.link_token;
  return (await plaid.itemPublicTokenExchange({ public_token: await publicTokenFor(standin.url, token) })).data;
}

beforeAll(async () => {
  standin = await startPlaidStandin({ port: 0, clientId: 'rules', secret: 'rules-secret', statementsReadyAfterMs: 0 });
  plaid = new PlaidApi(
    new Configuration({
      basePath: standin.url,
      baseOptions: { headers: { 'PLAID-CLIENT-ID': 'rules', 'PLAID-SECRET': 'rules-secret' } },
    }),
  );
});
afterAll(async () => standin?.close());

describe('/link/token/create on the Plaid stand-in', () => {
  it('takes Statements for the US, with Transactions optional', async () => {
    const r = await plaid.linkTokenCreate({
      ...US_STATEMENTS,
      optional_products: [Products.Transactions],
      transactions: { days_requested: 200 },
    });
    expect(r.data.link_token).toMatch(/^link-sandbox-/);
    // An OAuth bank's way back, as Plaid takes it.
    const oauth = await plaid.linkTokenCreate({
      ...US_STATEMENTS,
      redirect_uri: 'https://apply.fundwise.example/bank-statements',
    });
    expect(oauth.data.link_token).toMatch(/^link-sandbox-/);
  });

  it('shows Link in the languages Plaid lists, Spanish and French by their own codes', async () => {
    for (const language of ['es', 'fr', 'en'])
      expect((await plaid.linkTokenCreate({ ...US_STATEMENTS, language })).data.link_token).toMatch(/^link-sandbox-/);
    for (const language of ['es-US', 'fr-CA', 'klingon', ''])
      expect(await codeOf(plaid.linkTokenCreate({ ...US_STATEMENTS, language }))).toMatchObject({
        status: 400,
        code: 'INVALID_FIELD',
      });
  });

  it('refuses Statements for Canada, unknown countries and products, Balance, and windows over 2 years', async () => {
    const asked: [Partial<LinkTokenCreateRequest>, string][] = [
      [{ country_codes: [CountryCode.Us, CountryCode.Ca] }, 'INVALID_PRODUCT'],
      [{ country_codes: [CountryCode.Ca] }, 'INVALID_PRODUCT'],
      [{ country_codes: ['ZZ' as CountryCode] }, 'INVALID_FIELD'],
      [{ products: ['balance' as Products] }, 'INVALID_FIELD'],
      [{ products: [Products.Statements, 'made_up' as Products] }, 'INVALID_FIELD'],
      [{ optional_products: ['made_up' as Products] }, 'INVALID_FIELD'],
      [{ statements: { start_date: '2019-01-01', end_date: '2026-01-01' } }, 'INVALID_FIELD'],
      [{ statements: undefined }, 'INVALID_FIELD'],
      [{ products: [], required_if_supported_products: [Products.Statements] }, 'INVALID_FIELD'],
      [{ optional_products: [Products.Statements] }, 'INVALID_FIELD'],
      [{ redirect_uri: 'http://apply.fundwise.example/bank-statements' }, 'INVALID_FIELD'],
      [{ redirect_uri: 'https://apply.fundwise.example/bank-statements?x=1' }, 'INVALID_FIELD'],
      [{ redirect_uri: 'bank-statements' }, 'INVALID_FIELD'],
    ];
    for (const [change, code] of asked) {
      const refused = await codeOf(plaid.linkTokenCreate({ ...US_STATEMENTS, ...change }));
      expect(refused, JSON.stringify(change)).toMatchObject({ status: 400, code });
    }
  });

  it('update mode: no products with an access token; the same item comes back repaired', async () => {
    const { access_token, item_id } = await linked(US_STATEMENTS);
    const withProducts = await codeOf(
      plaid.linkTokenCreate({ ...US_STATEMENTS, products: [Products.Transactions], access_token }),
    );
    expect(withProducts).toMatchObject({ status: 400, code: 'INVALID_FIELD' });
    await standin.requireLogin(true);
    const { products: _products, statements: _statements, ...update } = US_STATEMENTS;
    const again = await linked({ ...update, access_token });
    expect(again).toMatchObject({ access_token, item_id });
    expect(standin.items().find((i) => i.item_id === item_id)?.error).toBeUndefined();
    await plaid.itemRemove({ access_token });
    expect(await codeOf(plaid.linkTokenCreate({ ...update, access_token }))).toMatchObject({ code: 'ITEM_NOT_FOUND' });
  });

  it('transactions reach back days_requested (90 by default), not the whole ledger', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const oldest = async (request: LinkTokenCreateRequest) => {
      const { access_token } = await linked(request);
      const page = await plaid.transactionsGet({ access_token, start_date: '2000-01-01', end_date: today });
      return page.data.total_transactions
        ? (
            await plaid.transactionsGet({
              access_token,
              start_date: '2000-01-01',
              end_date: today,
              options: { count: 1, offset: page.data.total_transactions - 1 },
            })
          ).data.transactions[0]!.date
        : today;
    };
    const daysBack = (date: string) => (Date.parse(today) - Date.parse(date)) / 86_400_000;
    expect(
      daysBack(await oldest({ ...US_STATEMENTS, optional_products: [Products.Transactions] })),
    ).toBeLessThanOrEqual(90);
    const longer = {
      ...US_STATEMENTS,
      optional_products: [Products.Transactions],
      transactions: { days_requested: 200 },
    };
    expect(daysBack(await oldest(longer))).toBeGreaterThan(150);
  });

  it('/transactions/sync pages the same history by cursor (added, modified, removed, has_more), oldest first', async () => {
    const { access_token } = await linked({ ...US_STATEMENTS, optional_products: [Products.Transactions] });
    const today = new Date().toISOString().slice(0, 10);
    const total = (await plaid.transactionsGet({ access_token, start_date: '2000-01-01', end_date: today })).data
      .total_transactions;
    const added: { transaction_id: string; date: string }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (let more = true; more; pages++) {
      const r = (await plaid.transactionsSync({ access_token, cursor, count: 25 })).data;
      expect(r).toMatchObject({ modified: [], removed: [], transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE' });
      added.push(...r.added);
      cursor = r.next_cursor;
      more = r.has_more;
    }
    expect(total).toBeGreaterThan(25);
    expect(added).toHaveLength(total);
    expect(pages).toBe(Math.ceil(total / 25));
    expect(new Set(added.map((t) => t.transaction_id)).size).toBe(total);
    expect(added.map((t) => t.date)).toEqual(added.map((t) => t.date).sort());
    // From the last cursor: nothing new, and the same cursor back.
    const after = (await plaid.transactionsSync({ access_token, cursor })).data;
    expect(after).toMatchObject({ added: [], has_more: false, next_cursor: cursor });
    expect(await codeOf(plaid.transactionsSync({ access_token, count: 501 }))).toMatchObject({ code: 'INVALID_FIELD' });
    expect(await codeOf(plaid.transactionsSync({ access_token, cursor: 'made-up' }))).toMatchObject({
      code: 'INVALID_FIELD',
    });
  });

  it('/transactions/sync answers NOT_READY, empty, before the first pull (never PRODUCT_NOT_READY)', async () => {
    const slow = await startPlaidStandin({
      port: 0,
      clientId: 'rules',
      secret: 'rules-secret',
      statementsReadyAfterMs: 60_000,
    });
    try {
      const api = new PlaidApi(
        new Configuration({
          basePath: slow.url,
          baseOptions: { headers: { 'PLAID-CLIENT-ID': 'rules', 'PLAID-SECRET': 'rules-secret' } },
        }),
      );
      const token = (await api.linkTokenCreate({ ...US_STATEMENTS, optional_products: [Products.Transactions] })).data;
      const publicToken = await publicTokenFor(slow.url, token.link_token);
      const { access_token } = (await api.itemPublicTokenExchange({ public_token: publicToken })).data;
      expect((await api.transactionsSync({ access_token })).data).toMatchObject({
        added: [],
        modified: [],
        removed: [],
        has_more: false,
        next_cursor: '',
        transactions_update_status: 'NOT_READY',
      });
    } finally {
      await slow.close();
    }
  });

  it('answers 429 RATE_LIMIT_EXCEEDED when told to, then serves again', async () => {
    standin.rateLimit(1);
    expect(await codeOf(plaid.linkTokenCreate(US_STATEMENTS))).toMatchObject({
      status: 429,
      type: 'RATE_LIMIT_EXCEEDED',
    });
    expect((await plaid.linkTokenCreate(US_STATEMENTS)).data.link_token).toMatch(/^link-sandbox-/);
  });
});
