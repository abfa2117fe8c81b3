// Imported by its path (@portal/libs/dist/bank/plaid-api), never from the index: the web's bundle takes the
// index, and must not take the plaid client (axios) with it; the worker loads it only for an erasure.
import { Configuration, PlaidApi } from 'plaid';

export type PlaidSettings = { PLAID_URL: string; PLAID_CLIENT_ID: string; PLAID_SECRET: string };

/**
 * The plaid Node client against PLAID_URL, the api's and the worker's alike; none when PLAID_URL is 'none'
 * (connecting a bank is off). A call Plaid has not answered in 20 s fails: the page offers to try again or
 * to upload, and the worker's activity is retried.
 */
export function plaidApi(settings: PlaidSettings): PlaidApi | undefined {
  if (settings.PLAID_URL === 'none') return undefined;
  return new PlaidApi(
    new Configuration({
      basePath: settings.PLAID_URL,
      baseOptions: {
        headers: { 'PLAID-CLIENT-ID': settings.PLAID_CLIENT_ID, 'PLAID-SECRET': settings.PLAID_SECRET },
        timeout: 20_000,
      },
    }),
  );
}
