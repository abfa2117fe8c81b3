// The offer-calculation stand-in as a process (npm start), on OFFER_STANDIN_PORT.
import { runStandin, standinEnv } from '../run-standin';
import { startOfferStandin } from './server';

runStandin('offer-calculation stand-in', () =>
  startOfferStandin(
    standinEnv(
      { port: 'OFFER_STANDIN_PORT', clientId: 'OFFER_SERVICE_CLIENT_ID', clientSecret: 'OFFER_SERVICE_CLIENT_SECRET' },
      4030,
    ),
  ),
);
