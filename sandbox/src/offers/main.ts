// The offer-calculation stand-in as a process (npm start), on OFFER_STANDIN_PORT.
import { runStandin } from '../run-standin';
import { startOfferStandin } from './server';

runStandin('offer-calculation stand-in', () =>
  startOfferStandin({
    port: Number(process.env.OFFER_STANDIN_PORT ?? 4030),
    clientId: process.env.OFFER_SERVICE_CLIENT_ID ?? 'portal-local',
    clientSecret: process.env.OFFER_SERVICE_CLIENT_SECRET ?? 'portal-local-secret',
  }),
);
