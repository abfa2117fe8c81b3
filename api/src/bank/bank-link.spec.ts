// The bank connection as Plaid works (link-request.ts, statement-fetch.ts), through the api as the browser
// calls it, against the Plaid stand-in that refuses what Plaid refuses: Statements asked for a US business
// only (US only, Transactions optional, enough days of transactions history), a Canadian business not
// offered the bank; the statements listed and downloaded straight after the link with no balance asked;
// the item removed once every month is in, or once the application ends with no later call; a reconnect in update mode on the same item; Plaid's 429 an outage;
// only the accounts chosen in Link's Account Select read, and a bank sharing none sent back to Link to choose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_CODES } from '@portal/libs';
import { publicTokenFor } from '../../../sandbox/src/plaid/link-as-browser';
import type { PlaidStandin } from '../../../sandbox/src/plaid/server';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { DETAILS_ANSWERS } from '../../../tests/support/journey';
import { plaidEnv, startTestPlaid } from '../../../tests/support/plaid';
import { startSlice } from '../../../tests/support/slice';
import { holdFor, until } from '../../../tests/support/until';
import { signedApplication } from '../files/files.spec-setup';

let slice: Awaited<ReturnType<typeof startSlice>>;
let plaid: PlaidStandin;

beforeAll(async () => {
  plaid = await startTestPlaid(300);
  slice = await startSlice({
    env: {
      ...plaidEnv(plaid),
      PLAID_WEBHOOK_URL: 'none',
      // Often here, so that a test sees the sweep of ended applications' items within seconds.
      PLAID_ITEM_SWEEP_INTERVAL: '1s',
      PLAID_REDIRECT_URI: 'http://localhost:5173/bank-statements',
    },
  });
}, 120_000);
afterAll(async () => {
  await slice?.close();
  await plaid?.close();
});

const callsTo = (path: string) => plaid.calls().filter((c) => c.path === path);
async function applicantAtStatements(tag: string, ip: string) {
  const client = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, `bank-${tag}`, ip);
  return { client, applicationId: await signedApplication(client) };
}
/** Link as the browser walks it, the given accounts chosen in Account Select (the checking account by default). */
async function link(a: { client: ApiClient; applicationId: string }, accounts?: string[]) {
  const token = await a.client.post('/bank/link-token', { applicationId: a.applicationId });
  expect(token.status).toBe(200);
  const publicToken = await publicTokenFor(plaid.url, token.body.data.linkToken as string, { accounts });
  const exchanged = await a.client.post('/bank/exchange', { applicationId: a.applicationId, publicToken });
  expect(exchanged.status).toBe(200);
}
const fetchUntilSettled = (a: { client: ApiClient; applicationId: string }) =>
  until(
    async () => (await a.client.post('/bank/statements', { applicationId: a.applicationId })).body.data,
    (d: { state: string }) => d.state !== 'pending',
    { ms: 20_000, what: 'the statements fetched' },
  );

describe('connecting a bank as Plaid works', () => {
  it('a US business: Statements in the US only, Transactions optional with enough history, Link in the applicant language', async () => {
    const a = await applicantAtStatements('us', '10.8.1.1');
    await link(a);
    const asked = callsTo('/link/token/create').at(-1)!.input;
    expect(asked).toMatchObject({
      country_codes: ['US'],
      products: ['statements'],
      optional_products: ['transactions'],
      language: 'en',
      client_name: expect.any(String),
      // An OAuth bank sends the applicant back to the statements page, which opens Link again.
      redirect_uri: 'http://localhost:5173/bank-statements',
    });
    expect((asked.client_name as string).length).toBeLessThanOrEqual(30);
    // The oldest month a page asks for starts at most 5 months before this one's first day.
    expect((asked.transactions as { days_requested: number }).days_requested).toBeGreaterThanOrEqual(184);
    expect(asked.access_token).toBeUndefined();

    const balancesBefore = callsTo('/accounts/balance/get').length;
    const items = plaid.items().length;
    const done = await fetchUntilSettled(a);
    expect(done).toMatchObject({ state: 'done', missing: [] });
    expect(done.filled.length).toBeGreaterThanOrEqual(3);
    // The real-time balance only for the cash of a text not readable enough: at most once in the fetch.
    expect(callsTo('/accounts/balance/get').length - balancesBefore).toBeLessThanOrEqual(1);
    // Every month in: the item is removed at Plaid (no more billing), and a fetch again changes nothing.
    expect(plaid.items().length).toBe(items - 1);
    expect(callsTo('/item/remove').length).toBeGreaterThan(0);
    const callsBefore = plaid.calls().length;
    const again = await a.client.post('/bank/statements', { applicationId: a.applicationId });
    expect(again.body.data).toEqual({ state: 'done', filled: [], missing: [] });
    expect(plaid.calls()).toHaveLength(callsBefore);
    // No webhook path here: no /statements/refresh was asked.
    expect(callsTo('/statements/refresh')).toHaveLength(0);
  });

  it('a reconnect uses Link update mode on the same item: no products, no new item', async () => {
    const a = await applicantAtStatements('update', '10.8.1.2');
    await link(a);
    const itemsBefore = plaid.items().map((i) => i.item_id);
    await plaid.requireLogin(true);
    try {
      expect(await fetchUntilSettled(a)).toEqual({ state: 'reconnect' });
      const token = await a.client.post('/bank/link-token', { applicationId: a.applicationId });
      expect(token.status).toBe(200);
      const asked = callsTo('/link/token/create').at(-1)!.input;
      expect(asked.access_token).toMatch(/^access-sandbox-/);
      expect(asked.products).toBeUndefined();
      expect(asked.statements).toBeUndefined();
      // A login to repair keeps the item's accounts: no Account Select again.
      expect(asked.update).toBeUndefined();
      const publicToken = await publicTokenFor(plaid.url, token.body.data.linkToken as string);
      expect((await a.client.post('/bank/exchange', { applicationId: a.applicationId, publicToken })).status).toBe(200);
    } finally {
      await plaid.requireLogin(false);
    }
    expect(plaid.items().map((i) => i.item_id)).toEqual(itemsBefore);
    const status = await a.client.get(`/bank/application/${a.applicationId}`);
    expect(status.body.data.reconnect).toBeUndefined();
    expect(await fetchUntilSettled(a)).toMatchObject({ state: 'done', missing: [] });
  });
});

describe('a bank connection not offered, or Plaid busy', () => {
  it('a Canadian business is not offered the bank: no link token is asked of Plaid', async () => {
    const client = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'bank-ca', '10.8.1.3');
    const applicationId = (await client.get('/auth/user')).body.data.applications[0]._id as string;
    const businessId = (await client.get(`/business/application/${applicationId}`)).body._id as string;
    const canadian = { ...DETAILS_ANSWERS, country: 'CA', state: 'ON', city: 'Toronto', zip: 'M5V 2T6' };
    const saved = await client.patch(`/business/${businessId}`, { ...canadian, federalTaxId: '123456789' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const status = await client.get(`/bank/application/${applicationId}`);
    expect(status.body.data).toMatchObject({ available: true, notOffered: 'country' });
    const before = callsTo('/link/token/create').length;
    const token = await client.post('/bank/link-token', { applicationId });
    expect(token.status).toBe(409);
    expect(JSON.stringify(token.body)).toContain(BANK_CODES.notOfferedInCountry);
    expect(callsTo('/link/token/create')).toHaveLength(before);
  });

  it("Plaid's rate limit (429) is an outage the applicant can retry, not a refusal", async () => {
    const a = await applicantAtStatements('limit', '10.8.1.4');
    plaid.rateLimit(1);
    expect((await a.client.post('/bank/link-token', { applicationId: a.applicationId })).status).toBe(503);
    expect((await a.client.post('/bank/link-token', { applicationId: a.applicationId })).status).toBe(200);
  });
});

describe('no item outlives its application', () => {
  it('an application withdrawn with its bank connected and never opened again: the item is removed at Plaid', async () => {
    const a = await applicantAtStatements('withdrawn', '10.8.1.5');
    const before = new Set(plaid.items().map((i) => i.item_id));
    await link(a);
    const item = plaid.items().find((i) => !before.has(i.item_id))!.item_id;
    const withdrawn = await fetch(`${slice.baseUrl}/operations/applications/${a.applicationId}/withdraw`, {
      method: 'POST',
      headers: { authorization: `Bearer ${slice.settings.api.OPERATOR_TOKEN}` },
    });
    expect(withdrawn.status).toBe(202);
    // Nobody calls the bank's routes again: the workflow ends, the worker marks the record, the api sweeps.
    await until(
      async () => plaid.items().map((i) => i.item_id),
      (ids) => !ids.includes(item),
      { ms: 45_000, what: 'the withdrawn application’s item removed at Plaid' },
    );
    const removals = callsTo('/item/remove').length;
    await holdFor(2_500, 'two more sweeps, which must not ask Plaid to remove it again');
    expect(callsTo('/item/remove')).toHaveLength(removals);
  });
});

describe('the accounts the applicant chose in Link', () => {
  it("only the chosen accounts' statements are fetched: one account, one statement a month; two, two", async () => {
    const one = await applicantAtStatements('one-account', '10.8.1.6');
    let downloads = plaid.statementDownloads();
    await link(one, ['sav']);
    const savings = await fetchUntilSettled(one);
    expect(savings).toMatchObject({ state: 'done', missing: [] });
    expect(plaid.statementDownloads() - downloads).toBe(savings.filled.length);
    const two = await applicantAtStatements('two-accounts', '10.8.1.7');
    downloads = plaid.statementDownloads();
    await link(two, ['chk', 'sav']);
    const both = await fetchUntilSettled(two);
    expect(both).toMatchObject({ state: 'done', missing: [] });
    expect(plaid.statementDownloads() - downloads).toBe(2 * both.filled.length);
  });

  it('a bank sharing no account: the fetch says so, and the reconnect has Link ask for the accounts again', async () => {
    const a = await applicantAtStatements('no-account', '10.8.1.8');
    await link(a);
    const item = plaid.items().at(-1)!.item_id;
    plaid.stopSharingAccounts();
    const downloads = plaid.statementDownloads();
    expect(await fetchUntilSettled(a)).toEqual({ state: 'noAccounts' });
    expect(plaid.statementDownloads()).toBe(downloads);
    expect((await a.client.get(`/bank/application/${a.applicationId}`)).body.data.reconnect).toBe(true);
    const token = await a.client.post('/bank/link-token', { applicationId: a.applicationId });
    expect(token.status).toBe(200);
    const asked = callsTo('/link/token/create').at(-1)!.input;
    expect(asked).toMatchObject({ access_token: expect.stringMatching(/^access-sandbox-/) });
    expect(asked.update).toEqual({ account_selection_enabled: true });
    expect(asked.products).toBeUndefined();
    const publicToken = await publicTokenFor(plaid.url, token.body.data.linkToken as string, { accounts: ['chk'] });
    expect((await a.client.post('/bank/exchange', { applicationId: a.applicationId, publicToken })).status).toBe(200);
    // The same item, its account shared again: the statements come, and a later reconnect keeps the accounts.
    expect(plaid.items().some((i) => i.item_id === item)).toBe(true);
    expect((await a.client.get(`/bank/application/${a.applicationId}`)).body.data.reconnect).toBeUndefined();
    expect(await fetchUntilSettled(a)).toMatchObject({ state: 'done', missing: [] });
  });
});
