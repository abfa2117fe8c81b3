// The CRM stand-in as a process (npm start): Salesforce's protocol on CRM_STANDIN_PORT.
import { runStandin, standinEnv } from '../run-standin';
import { startCrmStandin } from './server';

runStandin('CRM stand-in (Salesforce REST + SOAP)', () =>
  startCrmStandin({
    ...standinEnv({ port: 'CRM_STANDIN_PORT', clientId: 'SF_CLIENT_ID', clientSecret: 'SF_CLIENT_SECRET' }, 4010),
    dataFile: process.env.CRM_STANDIN_DATA,
  }),
);
