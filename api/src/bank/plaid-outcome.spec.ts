// The api's reading of Plaid's errors (plaid-outcome.ts), on the errors the real plaid Node client raises
// against the real Plaid stand-in run in this process: PRODUCT_NOT_READY is pending and ITEM_LOGIN_REQUIRED
// reconnect, whether the body came as JSON or as the bytes /statements/download is read as; the portal's
// own wrong keys are an outage (503), not the applicant's refusal; Plaid unreachable is an outage.
import { Configuration, CountryCode, PlaidApi, Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicTokenFor } from '../../../sandbox/src/plaid/link-as-browser';
import { startPlaidStandin, type PlaidStandin } from '../../../sandbox/src/plaid/server';
import { eventually } from '../../../tests/support/until';
import { plaidOutcome } from './plaid-outcome';

const READY_MS = 400;
let standin: PlaidStandin;
/** A stand-in whose statements are never ready within a test, however slow the machine. */
let notReady: PlaidStandin;
const client = (basePath: string, secret = 'mapping-secret') =>
  new PlaidApi(
    new Configuration({
      basePath,
      baseOptions: { headers: { 'PLAID-CLIENT-ID': 'mapping-client', 'PLAID-SECRET': secret }, timeout: 5_000 },
    }),
  );
const rejection = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (e: unknown) => e,
  );
const linkToken = (plaid: PlaidApi) =>
  plaid.linkTokenCreate({
    user: { client_user_id: 'u' },
    client_name: 'Fundwise',
    language: 'en',
    country_codes: [CountryCode.Us],
    products: [Products.Statements],
    statements: { start_date: '2025-06-01', end_date: '2026-06-01' },
  });
async function linked(plaid: PlaidApi, at = standin) {
  const public_token = await publicTokenFor(at.url, (await linkToken(plaid)).data.link_token);
  return (await plaid.itemPublicTokenExchange({ public_token })).data.access_token;
}
const download = (plaid: PlaidApi, access_token: string, statement_id: string) =>
  plaid.statementsDownload({ access_token, statement_id }, { responseType: 'arraybuffer' });

beforeAll(async () => {
  standin = await startPlaidStandin({
    port: 0,
    clientId: 'mapping-client',
    secret: 'mapping-secret',
    statementsReadyAfterMs: READY_MS,
  });
  notReady = await startPlaidStandin({
    port: 0,
    clientId: 'mapping-client',
    secret: 'mapping-secret',
    statementsReadyAfterMs: 10 * 60_000,
  });
});
afterAll(async () => {
  await standin?.close();
  await notReady?.close();
});

describe("the api's mapping of Plaid's errors", () => {
  it('PRODUCT_NOT_READY is pending, from /statements/list and from the download read as bytes', async () => {
    const plaid = client(notReady.url);
    const access_token = await linked(plaid, notReady);
    expect(plaidOutcome(await rejection(plaid.statementsList({ access_token })))).toEqual({ kind: 'pending' });
    expect(plaidOutcome(await rejection(download(plaid, access_token, 'any')))).toEqual({ kind: 'pending' });
  });

  it('ITEM_LOGIN_REQUIRED is reconnect, from the list, the balances and the download; a removed item too', async () => {
    const plaid = client(standin.url);
    const access_token = await linked(plaid);
    // The stand-in's statements are ready READY_MS after the link: the list answers once they are.
    const listed = await eventually(() =>
      plaid.statementsList({ access_token }).then(
        (r) => r.data,
        () => undefined,
      ),
    );
    const statementId = listed.accounts[0]!.statements[0]!.statement_id;
    await standin.requireLogin(true);
    try {
      for (const call of [
        plaid.statementsList({ access_token }),
        plaid.accountsBalanceGet({ access_token }),
        download(plaid, access_token, statementId),
      ])
        expect(plaidOutcome(await rejection(call))).toEqual({ kind: 'reconnect' });
    } finally {
      await standin.requireLogin(false);
    }
    await plaid.itemRemove({ access_token });
    expect(plaidOutcome(await rejection(plaid.statementsList({ access_token })))).toEqual({ kind: 'reconnect' });
    expect(plaidOutcome(await rejection(download(plaid, access_token, statementId)))).toEqual({ kind: 'reconnect' });
  });

  it("INVALID_API_KEYS is the portal's own misconfiguration: unavailable, never the applicant's 400", async () => {
    const wrong = client(standin.url, 'not-the-secret');
    expect(plaidOutcome(await rejection(linkToken(wrong)))).toEqual({
      kind: 'unavailable',
      code: 'INVALID_API_KEYS',
      misconfigured: true,
    });
    expect(plaidOutcome(await rejection(download(wrong, 'access-sandbox-x', 'any')))).toMatchObject({
      kind: 'unavailable',
      code: 'INVALID_API_KEYS',
    });
  });

  it("PRODUCTS_NOT_SUPPORTED is the applicant's bank without statements, not the portal's setting", () => {
    // https://plaid.com/docs/errors/item/#products_not_supported: the institution does not support the product.
    const error = { response: { data: { error_type: 'ITEM_ERROR', error_code: 'PRODUCTS_NOT_SUPPORTED' } } };
    expect(plaidOutcome(error)).toEqual({ kind: 'noStatements' });
  });

  it('a public token Plaid does not know is refused (400); Plaid unreachable is unavailable', async () => {
    const plaid = client(standin.url);
    const unknown = await rejection(
      plaid.itemPublicTokenExchange({ public_token: `public-sandbox-${crypto.randomUUID()}` }),
    );
    expect(plaidOutcome(unknown)).toEqual({ kind: 'refused', code: 'INVALID_FIELD' });
    const closed = await startPlaidStandin({ port: 0, clientId: 'c', secret: 's' });
    const url = closed.url;
    await closed.close();
    expect(plaidOutcome(await rejection(linkToken(client(url))))).toEqual({ kind: 'unavailable' });
  });
});
