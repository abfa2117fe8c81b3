// The Plaid stand-in as a process (npm start): Plaid's protocol and Link on PLAID_STANDIN_PORT.
import { runStandin } from '../run-standin';
import { startPlaidStandin } from './server';

runStandin('Plaid stand-in (link, items, statements)', () =>
  startPlaidStandin({
    port: Number(process.env.PLAID_STANDIN_PORT ?? 4040),
    clientId: process.env.PLAID_CLIENT_ID ?? 'portal-local',
    secret: process.env.PLAID_SECRET ?? 'portal-local-secret',
    statementsReadyAfterMs: Number(process.env.PLAID_STANDIN_READY_MS ?? 1000),
  }),
);
