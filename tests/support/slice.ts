// Boots the api and the worker in this process against the Temporal and FerretDB of globalSetup and an
// in-process CRM stand-in, each test file with its own database and task queue.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { API_SETTINGS, WORKER_SETTINGS, loadEnv } from '@portal/libs';
import { startCrmStandin, startEsignStandin, startOfferStandin } from '../../sandbox/src';
import { LOCAL_APPLICATIONS_FOLDER_ID } from '../../sandbox/src/esign/server';
import { boxClient } from '../../worker/src/esign/box.client';
import { registerBoxWebhook } from '../../worker/src/esign/box.webhook';
import { createApplicationWorker } from '../../worker/src/worker';

/**
 * An api on a port the kernel gives, with the settings a slice put in `process.env`: the slice's own, or
 * another replica on the same database, Temporal and worker (closed by its caller). Its /api base URL.
 */
export async function startApiReplica() {
  const { createApp } = await import('../../api/src/app');
  const app = await createApp();
  await app.listen(0, '127.0.0.1');
  return { app, url: `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}/api` };
}

export async function startSlice(
  opts: {
    temporalAddress?: string;
    s3Endpoint?: string;
    env?: Record<string, string>;
    /** Settings for the api only, over `env` (the worker has started when they are set). */
    apiEnv?: Record<string, string>;
    /** How long the e-sign stand-in takes to convert a document and to finalise a signed one (50 ms each). */
    esignTiming?: { convertingMs?: number; finalizingMs?: number };
  } = {},
) {
  const crm = await startCrmStandin({ port: 0, clientId: 'it-client', clientSecret: 'it-secret' });
  const esign = await startEsignStandin({
    port: 0,
    clientId: 'it-box',
    clientSecret: 'it-box-secret',
    webhookKeys: { primaryKey: 'it-primary', secondaryKey: 'it-secondary' },
    seedFolders: [{ id: LOCAL_APPLICATIONS_FOLDER_ID, name: 'applications' }],
    timing: { convertingMs: 50, finalizingMs: 50, ...opts.esignTiming },
  });
  const offers = await startOfferStandin({ port: 0, clientId: 'it-offers', clientSecret: 'it-offers-secret' });
  const suffix = randomUUID().slice(0, 8);
  const env = {
    MONGODB_URI: `${inject('mongoBaseUri')}/portal-it-${suffix}`,
    TEMPORAL_ADDRESS: opts.temporalAddress ?? inject('temporalAddress'),
    TEMPORAL_TASK_QUEUE: `it-${suffix}`,
    SF_LOGIN_URL: crm.url,
    SF_CLIENT_ID: 'it-client',
    SF_CLIENT_SECRET: 'it-secret',
    API_PORT: '0',
    // Api tests stand for many clients by sending X-Forwarded-For from loopback.
    TRUSTED_PROXIES: 'loopback',
    SMTP_PORT: String(inject('smtpPort')),
    S3_ENDPOINT: opts.s3Endpoint ?? inject('s3Endpoint'),
    OFFER_SERVICE_URL: offers.url,
    OFFER_SERVICE_CLIENT_ID: 'it-offers',
    OFFER_SERVICE_CLIENT_SECRET: 'it-offers-secret',
    BOX_API_URL: esign.url,
    BOX_UPLOAD_URL: `${esign.url}/api`,
    BOX_CLIENT_ID: 'it-box',
    BOX_CLIENT_SECRET: 'it-box-secret',
    BOX_WEBHOOK_PRIMARY_KEY: 'it-primary',
    BOX_WEBHOOK_SECONDARY_KEY: 'it-secondary',
    BOX_PARENT_FOLDER_ID: LOCAL_APPLICATIONS_FOLDER_ID,
    ...opts.env,
  };
  Object.assign(process.env, env);
  const workerSettings = loadEnv(WORKER_SETTINGS, env);
  const workers = await createApplicationWorker(workerSettings, { workflowBundleDir: inject('workflowBundleDir') });
  const workerRun = workers.run();
  Object.assign(process.env, opts.apiEnv);
  const { app, url: baseUrl } = await startApiReplica();
  // As the worker does at start-up in production: Box delivers only to registered webhooks.
  await registerBoxWebhook(boxClient(workerSettings), LOCAL_APPLICATIONS_FOLDER_ID, `${baseUrl}/webhooks/box`);
  return {
    crm,
    esign,
    offers,
    env,
    settings: { api: loadEnv(API_SETTINGS, env), worker: workerSettings },
    baseUrl,
    /** The worker's payload converter: opens each application's payloads with its own key. */
    dataConverter: workers.dataConverter,
    maildevUrl: inject('maildevUrl'),
    app,
    async close() {
      await app.close();
      workers.shutdown();
      await workerRun;
      await workers.close();
      await crm.close();
      await esign.close();
      await offers.close();
    },
  };
}
