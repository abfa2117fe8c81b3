// The Plaid stand-in as the integration specs run it, and the settings that point a slice's api and worker at
// it: the keys the stand-in checks and the ones the slice sends must be the same pair.
import { startPlaidStandin, type PlaidStandin } from '../../sandbox/src/plaid/server';

const KEYS = { clientId: 'it-plaid', secret: 'it-plaid-secret' };

/** The stand-in on a free port; statements ready that long after they are asked for. */
export const startTestPlaid = (statementsReadyAfterMs: number) =>
  startPlaidStandin({ port: 0, ...KEYS, statementsReadyAfterMs });

/** The slice's Plaid settings for that stand-in. */
export const plaidEnv = (plaid: PlaidStandin) => ({
  PLAID_URL: plaid.url,
  PLAID_CLIENT_ID: KEYS.clientId,
  PLAID_SECRET: KEYS.secret,
});
