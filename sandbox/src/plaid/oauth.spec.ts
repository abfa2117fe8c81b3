// The stand-in's OAuth bank, as a browser walks it (Plaid's OAuth guide): Link's "Platypus OAuth Bank" issues
// a trip and shows the bank's consent page; Continue sends the browser to `<redirect_uri>?oauth_state_id=`
// (or, without a redirect_uri, Link's frame to its page for the trip); Link opened again with that address as
// receivedRedirectUri and the same token completes once; any other trip or token is refused with Plaid's
// OAuth errors.
import { Configuration, CountryCode, PlaidApi, Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginIn, postLink } from './link-as-browser';
import { startPlaidStandin, type PlaidStandin } from './server';

const BACK = 'http://localhost:5173/bank-statements';
let standin: PlaidStandin;
let plaid: PlaidApi;

beforeAll(async () => {
  standin = await startPlaidStandin({ port: 0, clientId: 'oauth-client', secret: 'oauth-secret' });
  plaid = new PlaidApi(
    new Configuration({
      basePath: standin.url,
      baseOptions: { headers: { 'PLAID-CLIENT-ID': 'oauth-client', 'PLAID-SECRET': 'oauth-secret' } },
    }),
  );
});
afterAll(() => standin?.close());

const linkToken = async (redirect_uri?: string) =>
  (
    await plaid.linkTokenCreate({
      user: { client_user_id: 'user-oauth' },
      client_name: 'Fundwise',
      language: 'en',
      country_codes: [CountryCode.Us],
      products: [Products.Statements],
      statements: { start_date: '2026-01-01', end_date: '2026-10-01' },
      ...(redirect_uri ? { redirect_uri } : {}),
    })
  ).data.link_token;

/** A request as the browser makes it, redirects not followed. */
const visit = (path: string, method = 'GET') => fetch(`${standin.url}${path}`, { method, redirect: 'manual' });

/** Chooses the OAuth bank in Link and consents on its page; the address the bank sends the browser to. */
async function consent(token: string): Promise<string> {
  const linkPage = await (await visit(`/link?token=${encodeURIComponent(token)}`)).text();
  expect(linkPage).toContain('Platypus OAuth Bank');
  const chosen = await visit(`/oauth-bank?token=${encodeURIComponent(token)}`, 'POST');
  expect(chosen.status).toBe(303);
  const consentPath = `/${chosen.headers.get('location')!}`;
  expect(await (await visit(consentPath)).text()).toContain('Continue');
  const continued = await visit(consentPath, 'POST');
  expect(continued.status).toBe(303);
  return continued.headers.get('location')!;
}

const publicTokenIn = (html: string) => html.match(/public-sandbox-[0-9a-f-]{36}/)?.[0];
const errorIn = (html: string) => html.match(/"error_code":"([A-Z_]+)"/)?.[1];
const reopen = async (token: string, received: string) =>
  (
    await visit(`/link?token=${encodeURIComponent(token)}&received_redirect_uri=${encodeURIComponent(received)}`)
  ).text();
/** Back from the bank, Link's Account Select: the checking account chosen. */
async function chooseChecking(token: string, page: string) {
  expect(page).toContain('Choose the accounts to share');
  return postLink(standin.url, token, [
    ['login', loginIn(page)!],
    ['account', 'chk'],
  ]);
}

describe("the Plaid stand-in's OAuth bank", () => {
  it('sends the browser to the redirect_uri, and Link opened again with it completes once', async () => {
    const token = await linkToken(BACK);
    // With a redirect_uri, the bank is left for through the whole window, as on a phone.
    expect(await (await visit(`/link?token=${encodeURIComponent(token)}`)).text()).toContain('target="_top"');
    const back = await consent(token);
    expect(back).toMatch(new RegExp(`^${BACK}\\?oauth_state_id=[0-9a-f-]{36}$`));
    const page = await chooseChecking(token, await reopen(token, back));
    const publicToken = publicTokenIn(page);
    expect(publicToken).toBeDefined();
    expect(page).toContain('"institution_id":"ins_127287"');
    const { access_token } = (await plaid.itemPublicTokenExchange({ public_token: publicToken! })).data;
    expect((await plaid.itemGet({ access_token })).data.item.institution_name).toBe('Platypus OAuth Bank');
    // The same trip a second time is refused.
    expect(errorIn(await reopen(token, back))).toBe('OAUTH_STATE_ID_ALREADY_PROCESSED');
  });

  it('refuses an oauth_state_id it did not issue, or issued for another link token', async () => {
    const token = await linkToken(BACK);
    expect(errorIn(await reopen(token, `${BACK}?oauth_state_id=3f1c7a52-0000-4000-8000-000000000000`))).toBe(
      'OAUTH_STATE_ID_NOT_FOUND',
    );
    expect(errorIn(await reopen(token, BACK))).toBe('OAUTH_STATE_ID_NOT_FOUND');
    const back = await consent(await linkToken(BACK));
    const page = await reopen(token, back);
    expect(errorIn(page)).toBe('INCORRECT_LINK_TOKEN');
    expect(publicTokenIn(page)).toBeUndefined();
  });

  it('refuses a trip not consented to on the bank page', async () => {
    const token = await linkToken(BACK);
    const chosen = await visit(`/oauth-bank?token=${encodeURIComponent(token)}`, 'POST');
    const id = new URLSearchParams(chosen.headers.get('location')!.split('?')[1]).get('oauth_state_id');
    expect(errorIn(await reopen(token, `${BACK}?oauth_state_id=${id}`))).toBe('OAUTH_STATE_ID_NOT_FOUND');
  });

  it('without a redirect_uri, stays in the frame: the bank page sends Link back to its page for the trip', async () => {
    const token = await linkToken();
    expect(await (await visit(`/link?token=${encodeURIComponent(token)}`)).text()).not.toContain('target="_top"');
    const back = await consent(token);
    expect(back).toMatch(/^link\?token=link-sandbox-[0-9a-f-]{36}&oauth_state_id=[0-9a-f-]{36}$/);
    expect(publicTokenIn(await chooseChecking(token, await (await visit(`/${back}`)).text()))).toBeDefined();
  });
});
