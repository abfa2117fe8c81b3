// The offer-calculation stand-in as a process (npm start), on OFFER_STANDIN_PORT.
import { startOfferStandin } from './server';

async function main() {
  const service = await startOfferStandin({
    port: Number(process.env.OFFER_STANDIN_PORT ?? 4030),
    clientId: process.env.OFFER_SERVICE_CLIENT_ID ?? 'portal-local',
    clientSecret: process.env.OFFER_SERVICE_CLIENT_SECRET ?? 'portal-local-secret',
  });
  console.log(`offer-calculation stand-in at ${service.url}`);
  const stop = () => void service.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
