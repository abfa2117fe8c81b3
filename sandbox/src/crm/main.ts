// The CRM stand-in as a process (npm start): Salesforce's protocol on CRM_STANDIN_PORT.
import { startCrmStandin } from './server';

async function main() {
  const crm = await startCrmStandin({
    port: Number(process.env.CRM_STANDIN_PORT ?? 4010),
    clientId: process.env.SF_CLIENT_ID ?? 'portal-local',
    clientSecret: process.env.SF_CLIENT_SECRET ?? 'portal-local-secret',
    dataFile: process.env.CRM_STANDIN_DATA,
  });
  console.log(`CRM stand-in (Salesforce REST + SOAP) at ${crm.url}`);
  const stop = () => void crm.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
