// The CRM stand-in as a process (npm start): Salesforce's protocol on CRM_STANDIN_PORT.
import { runStandin } from '../run-standin';
import { startCrmStandin } from './server';

runStandin('CRM stand-in (Salesforce REST + SOAP)', () =>
  startCrmStandin({
    port: Number(process.env.CRM_STANDIN_PORT ?? 4010),
    clientId: process.env.SF_CLIENT_ID ?? 'portal-local',
    clientSecret: process.env.SF_CLIENT_SECRET ?? 'portal-local-secret',
    dataFile: process.env.CRM_STANDIN_DATA,
  }),
);
