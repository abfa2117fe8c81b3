// The stand-in's Link walks the steps Plaid's sandbox walks: the MFA login (user_good / mfa_device) asks for
// a device code (1234; a wrong one is refused with Plaid's INVALID_MFA and Link's ERROR event), then Account
// Select, whose choice is all the item shows; update mode goes straight to the item's own bank (the OAuth
// bank's trip for an OAuth item), keeps the item's accounts unless `update.account_selection_enabled`, and is
// refused as Plaid refuses it.
import { Configuration, CountryCode, PlaidApi, Products, type LinkTokenCreateRequest } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginIn, postLink, publicTokenFor } from './link-as-browser';
import { startPlaidStandin, type PlaidStandin } from './server';

const BACK = 'http://localhost:5173/bank-statements';
let standin: PlaidStandin;
let single: PlaidStandin;
const clientOf = (s: PlaidStandin) =>
  new PlaidApi(
    new Configuration({
      basePath: s.url,
      baseOptions: { headers: { 'PLAID-CLIENT-ID': 'steps', 'PLAID-SECRET': 'steps-secret' } },
    }),
  );
let plaid: PlaidApi;

const NEW: LinkTokenCreateRequest = {
  user: { client_user_id: 'user-steps' },
  client_name: 'Fundwise',
  language: 'en',
  country_codes: [CountryCode.Us],
  products: [Products.Statements],
  statements: { start_date: '2025-09-01', end_date: '2026-11-01' },
};
const { products: _p, statements: _s, ...UPDATE } = NEW;

beforeAll(async () => {
  const options = { port: 0, clientId: 'steps', secret: 'steps-secret', statementsReadyAfterMs: 0 };
  standin = await startPlaidStandin(options);
  single = await startPlaidStandin({ ...options, accountSelect: 'single' });
  plaid = clientOf(standin);
});
afterAll(async () => {
  await standin?.close();
  await single?.close();
});

const linkToken = async (request: LinkTokenCreateRequest, on = plaid) =>
  (await on.linkTokenCreate(request)).data.link_token;
const publicTokenIn = (html: string) => html.match(/public-sandbox-[0-9a-f-]{36}/)?.[0];
const exchange = async (public_token: string) => (await plaid.itemPublicTokenExchange({ public_token })).data;
const statementAccounts = async (access_token: string) =>
  (await plaid.statementsList({ access_token })).data.accounts.map((a) => a.account_mask);
async function codeOf(call: Promise<unknown>) {
  const e = (await call.then(
    () => ({ response: { status: 200, data: {} } }),
    (err: unknown) => err,
  )) as { response: { status: number; data: { error_code?: string } } };
  return { status: e.response.status, code: e.response.data.error_code };
}

describe("the stand-in's Link: MFA", () => {
  it('asks the MFA login for its device code: a wrong one is refused as Plaid refuses it, the right one goes on', async () => {
    const token = await linkToken(NEW);
    const asked = await postLink(standin.url, token, [
      ['username', 'user_good'],
      ['password', 'mfa_device'],
    ]);
    expect(asked).toContain('name="code"');
    expect(publicTokenIn(asked)).toBeUndefined();
    const login = loginIn(asked)!;
    const wrong = await postLink(standin.url, token, [
      ['login', login],
      ['code', '0000'],
    ]);
    expect(wrong).toContain('data-error-code="INVALID_MFA"');
    expect(wrong).toContain('The provided MFA responses were not correct. Please try again.');
    // Link's onEvent hears Plaid's ERROR with the error's code and message; Link stays open.
    expect(wrong).toContain('"outcome":"event","eventName":"ERROR"');
    expect(wrong).toContain('"error_message":"the provided MFA response(s) were not correct"');
    expect(publicTokenIn(wrong)).toBeUndefined();
    const right = await postLink(standin.url, token, [
      ['login', login],
      ['code', '1234'],
    ]);
    expect(right).toContain('Choose the accounts to share');
    const done = await postLink(standin.url, token, [
      ['login', loginIn(right)!],
      ['account', 'chk'],
    ]);
    expect(publicTokenIn(done)).toBeDefined();
  });

  it("refuses a wrong password, and a step's login under another link token or used already", async () => {
    const token = await linkToken(NEW);
    const wrong = await postLink(standin.url, token, [
      ['username', 'user_good'],
      ['password', 'pass_bad'],
    ]);
    expect(wrong).toContain('The username or password is incorrect.');
    const asked = await postLink(standin.url, token, [
      ['username', 'user_good'],
      ['password', 'mfa_device'],
    ]);
    const other = await linkToken(NEW);
    const elsewhere = await postLink(standin.url, other, [
      ['login', loginIn(asked)!],
      ['code', '1234'],
    ]);
    expect(elsewhere).toContain('This link has expired.');
    // The login is spent: its own token cannot take it on either.
    expect(
      await postLink(standin.url, token, [
        ['login', loginIn(asked)!],
        ['code', '1234'],
      ]),
    ).toContain('This link has expired.');
  });
});

describe("the stand-in's Link: Account Select", () => {
  it('the item shows only the accounts chosen: statements, balances and transactions', async () => {
    const savings = await exchange(await publicTokenFor(standin.url, await linkToken(NEW), { accounts: ['sav'] }));
    expect(await statementAccounts(savings.access_token)).toEqual(['1111']);
    const balances = (await plaid.accountsBalanceGet({ access_token: savings.access_token })).data.accounts;
    expect(balances.map((a) => a.subtype)).toEqual(['savings']);
    const today = new Date().toISOString().slice(0, 10);
    const tx = await plaid.transactionsGet({
      access_token: savings.access_token,
      start_date: '2020-01-01',
      end_date: today,
    });
    expect(new Set(tx.data.transactions.map((t) => t.account_id))).toEqual(new Set([balances[0]!.account_id]));
    const both = await exchange(await publicTokenFor(standin.url, await linkToken(NEW), { accounts: ['chk', 'sav'] }));
    expect(await statementAccounts(both.access_token)).toEqual(['0000', '1111']);
  });

  it('refuses no account, an account the bank does not have, and two where the customization takes one', async () => {
    const token = await linkToken(NEW);
    const page = await postLink(standin.url, token, [
      ['username', 'user_good'],
      ['password', 'pass_good'],
    ]);
    expect(page).toMatch(/type="checkbox" name="account" value="chk"/);
    for (const chosen of [[], ['xyz'], ['chk', 'chk']]) {
      const again = await postLink(standin.url, token, [
        ['login', loginIn(page)!],
        ...chosen.map((a): [string, string] => ['account', a]),
      ]);
      expect(again, JSON.stringify(chosen)).toContain('Select at least one account.');
      expect(publicTokenIn(again)).toBeUndefined();
    }
    const one = await linkToken(NEW, clientOf(single));
    const radios = await postLink(single.url, one, [
      ['username', 'user_good'],
      ['password', 'pass_good'],
    ]);
    expect(radios).toMatch(/type="radio" name="account" value="sav"/);
    const two = await postLink(single.url, one, [
      ['login', loginIn(radios)!],
      ['account', 'chk'],
      ['account', 'sav'],
    ]);
    expect(two).toContain('Select an account.');
    expect(publicTokenIn(two)).toBeUndefined();
  });

  it('onSuccess metadata names the accounts chosen', async () => {
    const token = await linkToken(NEW);
    const page = await postLink(standin.url, token, [
      ['username', 'user_good'],
      ['password', 'pass_good'],
    ]);
    const done = await postLink(standin.url, token, [
      ['login', loginIn(page)!],
      ['account', 'sav'],
    ]);
    const metadata = JSON.parse(done.match(/parent\.postMessage\((\{.*\}), '\*'\)/)![1]!) as {
      metadata: { accounts: { mask: string; subtype: string }[] };
    };
    expect(metadata.metadata.accounts).toMatchObject([{ mask: '1111', subtype: 'savings' }]);
  });
});

describe("the stand-in's Link in update mode", () => {
  it('refuses products, a removed item, an unknown token and a malformed update setting', async () => {
    const { access_token } = await exchange(await publicTokenFor(standin.url, await linkToken(NEW)));
    // Only a credit product (Statements among them) may be added in update mode.
    const withTransactions = { ...UPDATE, products: [Products.Transactions], access_token };
    expect(await codeOf(plaid.linkTokenCreate(withTransactions))).toMatchObject({
      status: 400,
      code: 'INVALID_FIELD',
    });
    const malformed = { ...UPDATE, access_token, update: { account_selection_enabled: 'yes' } };
    expect(await codeOf(plaid.linkTokenCreate(malformed as unknown as LinkTokenCreateRequest))).toMatchObject({
      code: 'INVALID_FIELD',
    });
    const unknown = 'access-sandbox-00000000-0000-4000-8000-000000000000';
    expect(await codeOf(plaid.linkTokenCreate({ ...UPDATE, access_token: unknown }))).toMatchObject({
      code: 'INVALID_ACCESS_TOKEN',
    });
    await plaid.itemRemove({ access_token });
    expect(await codeOf(plaid.linkTokenCreate({ ...UPDATE, access_token }))).toMatchObject({ code: 'ITEM_NOT_FOUND' });
  });

  it("keeps the item's accounts, or asks again with account_selection_enabled", async () => {
    const { access_token, item_id } = await exchange(
      await publicTokenFor(standin.url, await linkToken(NEW), { accounts: ['sav'] }),
    );
    // Straight to the item's own bank: no OAuth bank to choose.
    const token = await linkToken({ ...UPDATE, access_token });
    expect(await (await fetch(`${standin.url}/link?token=${token}`)).text()).not.toContain('Platypus OAuth Bank');
    const kept = await postLink(standin.url, token, [
      ['username', 'user_good'],
      ['password', 'pass_good'],
    ]);
    expect(kept).not.toContain('name="account"');
    expect(await exchange(publicTokenIn(kept)!)).toMatchObject({ item_id });
    expect(await statementAccounts(access_token)).toEqual(['1111']);

    const choosing = await linkToken({ ...UPDATE, access_token, update: { account_selection_enabled: true } });
    const page = await postLink(standin.url, choosing, [
      ['username', 'user_good'],
      ['password', 'pass_good'],
    ]);
    expect(page).toMatch(/value="sav" checked/);
    const done = await postLink(standin.url, choosing, [
      ['login', loginIn(page)!],
      ['account', 'chk'],
    ]);
    expect(await exchange(publicTokenIn(done)!)).toMatchObject({ item_id, access_token });
    expect(await statementAccounts(access_token)).toEqual(['0000']);
  });

  it("an OAuth item's update mode goes through the OAuth bank's trip and repairs the same item", async () => {
    const visit = (path: string, method = 'GET') => fetch(`${standin.url}${path}`, { method, redirect: 'manual' });
    async function trip(token: string) {
      const chosen = await visit(`/oauth-bank?token=${encodeURIComponent(token)}`, 'POST');
      expect(chosen.status).toBe(303);
      const continued = await visit(`/${chosen.headers.get('location')!}`, 'POST');
      const back = continued.headers.get('location')!;
      return (
        await visit(`/link?token=${encodeURIComponent(token)}&received_redirect_uri=${encodeURIComponent(back)}`)
      ).text();
    }
    const first = await linkToken({ ...NEW, redirect_uri: BACK });
    const accounts = await trip(first);
    const { access_token, item_id } = await exchange(
      publicTokenIn(
        await postLink(standin.url, first, [
          ['login', loginIn(accounts)!],
          ['account', 'chk'],
        ]),
      )!,
    );
    await standin.requireLogin(true);
    const token = await linkToken({ ...UPDATE, access_token, redirect_uri: BACK });
    const page = await (await visit(`/link?token=${token}`)).text();
    expect(page).toContain('Platypus OAuth Bank');
    expect(page).not.toContain('name="username"');
    // Credentials are not an OAuth bank's way in.
    expect(
      await postLink(standin.url, token, [
        ['username', 'user_good'],
        ['password', 'pass_good'],
      ]),
    ).not.toMatch(/public-sandbox-/);
    const repaired = await trip(token);
    expect(await exchange(publicTokenIn(repaired)!)).toMatchObject({ item_id, access_token });
    expect(standin.items().find((i) => i.item_id === item_id)?.error).toBeUndefined();
    expect(await statementAccounts(access_token)).toEqual(['0000']);

    // A First Platypus Bank item's update mode has no OAuth trip.
    const sandboxItem = await exchange(await publicTokenFor(standin.url, await linkToken(NEW)));
    const sandboxUpdate = await linkToken({ ...UPDATE, access_token: sandboxItem.access_token, redirect_uri: BACK });
    expect((await visit(`/oauth-bank?token=${encodeURIComponent(sandboxUpdate)}`, 'POST')).status).toBe(400);
  });

  it('an item whose accounts are no longer shared lists none', async () => {
    const { access_token } = await exchange(await publicTokenFor(standin.url, await linkToken(NEW)));
    standin.stopSharingAccounts();
    expect(await statementAccounts(access_token)).toEqual([]);
  });
});
