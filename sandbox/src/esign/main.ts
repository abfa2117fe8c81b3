// The e-sign and document stand-in as a process (npm start): Box's protocol on ESIGN_STANDIN_PORT.
import { runStandin, standinEnv } from '../run-standin';
import { LOCAL_APPLICATIONS_FOLDER_ID, startEsignStandin } from './server';

runStandin('e-sign stand-in (Box API subset)', () =>
  startEsignStandin({
    ...standinEnv({ port: 'ESIGN_STANDIN_PORT', clientId: 'BOX_CLIENT_ID', clientSecret: 'BOX_CLIENT_SECRET' }, 4020),
    dataDir: process.env.ESIGN_STANDIN_DATA,
    // Deliveries go to the webhooks the worker registers at start-up (BOX_WEBHOOK_ADDRESS), signed with these.
    webhookKeys: {
      primaryKey: process.env.BOX_WEBHOOK_PRIMARY_KEY ?? 'local-primary-key',
      secondaryKey: process.env.BOX_WEBHOOK_SECONDARY_KEY ?? 'local-secondary-key',
    },
    seedFolders: [{ id: LOCAL_APPLICATIONS_FOLDER_ID, name: 'Fundwise applications' }],
  }),
);
