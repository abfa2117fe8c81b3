// The resilience suite's stack: the api and the worker as real child processes (so a kill is a real
// SIGKILL), the CRM, e-sign and offer stand-ins in this process (their records are counted directly), and
// one fault proxy (tests/support/fault-proxy.ts) in front of every external service: CRM, Box, the offer
// service, S3 (moto) and SMTP (maildev). Temporal, FerretDB, maildev and moto come from globalSetup.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { inject } from 'vitest';
import { httpOk, spawnService, stopService, waitReady, type Running, type ServiceSpec } from '../../stack/processes.ts';
import { ROOT, S3_BUCKET } from '../../stack/stack.ts';
import { startCrmStandin, startEsignStandin, startOfferStandin } from '../../sandbox/src';
import { LOCAL_APPLICATIONS_FOLDER_ID } from '../../sandbox/src/esign/server';
import { TEST_PASSWORD, signUpAndConfirm, type ApiClient } from '../support/api-client';
import { startFaultProxy, type Fault, type FaultProxy } from '../support/fault-proxy';
import { freePorts } from '../support/free-port';
import { ownerAnswers, saveAnswers, stepOn } from '../support/journey';
import { onePagePdf } from '../support/pdf-fixtures';
import { holdFor } from '../support/until';

/** `RESILIENCE_FULL=1`: the long delays (a 60 s slow answer, a 2-minute outage); unset, seconds. */
export const FULL = process.env.RESILIENCE_FULL === '1';
export const DELAYS = FULL
  ? { hangMs: 65_000, slowMs: 60_000, outageMs: 120_000 }
  : { hangMs: 1_500, slowMs: 2_000, outageMs: 4_000 };

/** One poll loop: every `everyMs` until `ok`, `timeoutMs` at most. */
export async function waitFor<T>(
  what: string,
  read: () => Promise<T> | T,
  ok: (v: T) => boolean,
  timeoutMs = FULL ? 300_000 : 90_000,
  everyMs = 200,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    try {
      last = await read();
      if (ok(last)) return last;
    } catch {
      /* not yet */
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
    await holdFor(everyMs, 'the poll cadence');
  }
}

export type Services = 'crm' | 'box' | 'offers' | 's3' | 'smtp';

/**
 * The CRM, e-sign and offer stand-ins, each behind a fault proxy, and proxies in front of S3 and SMTP. The
 * CRM answers the proxy's address as its instance_url, so every jsforce call passes the proxy.
 */
export async function startProxiedServices(prefix: string, crmPort: number, crmPublicPort?: number) {
  const proxies = {} as Record<Services, FaultProxy>;
  proxies.crm = await startFaultProxy(`http://127.0.0.1:${crmPort}`, { port: crmPublicPort, name: 'crm' });
  const crm = await startCrmStandin({
    port: crmPort,
    clientId: `${prefix}-client`,
    clientSecret: `${prefix}-secret`,
    publicUrl: proxies.crm.url,
  });
  const esign = await startEsignStandin({
    port: 0,
    clientId: `${prefix}-box`,
    clientSecret: `${prefix}-box-secret`,
    webhookKeys: {
      primaryKey: `${prefix}-primary-key-0123456789abcdef`,
      secondaryKey: `${prefix}-secondary-key-0123456789abcde`,
    },
    seedFolders: [{ id: LOCAL_APPLICATIONS_FOLDER_ID, name: 'applications' }],
    timing: { convertingMs: 50, finalizingMs: 50 },
  });
  const offers = await startOfferStandin({
    port: 0,
    clientId: `${prefix}-offers`,
    clientSecret: `${prefix}-offers-secret`,
  });
  proxies.box = await startFaultProxy(esign.url, { name: 'box' });
  proxies.offers = await startFaultProxy(offers.url, { name: 'offers' });
  proxies.s3 = await startFaultProxy(inject('s3Endpoint'), { name: 's3' });
  proxies.smtp = await startFaultProxy(`http://127.0.0.1:${inject('smtpPort')}`, { tcp: true, name: 'smtp' });
  /** The api's and worker's settings that reach these services, through their proxies. */
  const serviceEnv: Record<string, string> = {
    SF_LOGIN_URL: proxies.crm.url,
    SF_CLIENT_ID: `${prefix}-client`,
    SF_CLIENT_SECRET: `${prefix}-secret`,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(proxies.smtp.port),
    S3_ENDPOINT: proxies.s3.url,
    S3_BUCKET,
    S3_CHECKSUMS: 'when_supported',
    OFFER_SERVICE_URL: proxies.offers.url,
    OFFER_SERVICE_CLIENT_ID: `${prefix}-offers`,
    OFFER_SERVICE_CLIENT_SECRET: `${prefix}-offers-secret`,
    BOX_API_URL: proxies.box.url,
    BOX_UPLOAD_URL: `${proxies.box.url}/api`,
    BOX_CLIENT_ID: `${prefix}-box`,
    BOX_CLIENT_SECRET: `${prefix}-box-secret`,
    BOX_WEBHOOK_PRIMARY_KEY: `${prefix}-primary-key-0123456789abcdef`,
    BOX_WEBHOOK_SECONDARY_KEY: `${prefix}-secondary-key-0123456789abcde`,
    BOX_PARENT_FOLDER_ID: LOCAL_APPLICATIONS_FOLDER_ID,
  };
  return { proxies, crm, esign, offers, serviceEnv };
}

export async function startResilienceStack(
  tag: string,
  opts: { temporalAddress?: string; mongoBaseUri?: string } = {},
) {
  const [crmPort, apiPort, webPort, crmPublicPort] = await freePorts(4);
  const { serviceEnv, ...services } = await startProxiedServices('rs', crmPort!, crmPublicPort);
  const { proxies, crm, esign, offers } = services;

  const suffix = `${tag}-${randomUUID().slice(0, 6)}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    MONGODB_URI: `${opts.mongoBaseUri ?? inject('mongoBaseUri')}/portal-rs-${suffix}`,
    TEMPORAL_ADDRESS: opts.temporalAddress ?? inject('temporalAddress'),
    TEMPORAL_TASK_QUEUE: `rs-${suffix}`,
    ...serviceEnv,
    BOX_WEBHOOK_ADDRESS: `${apiUrl}/api/webhooks/box`,
    PUBLIC_URL: `http://127.0.0.1:${webPort}`,
    API_PORT: String(apiPort),
    API_URL: apiUrl,
    // The suite stands for many clients by sending X-Forwarded-For from loopback.
    TRUSTED_PROXIES: 'loopback',
  };
  const nodeSpec = (name: string, main: string, ready: () => Promise<boolean>): ServiceSpec => ({
    name,
    command: process.execPath,
    args: [join(ROOT, main)],
    env,
    ready,
    quiet: true,
    readyTimeoutMs: 60_000,
  });
  let workerUp = false;
  const apiSpec = nodeSpec('api', 'api/dist/main.js', () => httpOk(`${apiUrl}/api/health`));
  const workerSpec = nodeSpec('worker', 'worker/dist/main.js', () => Promise.resolve(workerUp));
  const startWorker = async () => {
    workerUp = false;
    const r = spawnService(workerSpec);
    r.child.stdout!.on('data', (c: Buffer) => {
      if (c.toString().includes('worker polling task queue')) workerUp = true;
    });
    await waitReady(r);
    return r;
  };
  const startApi = async () => {
    const r = spawnService(apiSpec);
    await waitReady(r);
    return r;
  };
  const procs: { api: Running; worker: Running } = { api: await startApi(), worker: await startWorker() };

  const baseUrl = `${apiUrl}/api`;
  const maildevUrl = inject('maildevUrl');
  let clients = 0;
  return {
    ...services,
    env,
    baseUrl,
    maildevUrl,
    procs,
    /** SIGKILL: no shutdown, no in-flight activity finished or reported. */
    kill(which: 'api' | 'worker') {
      process.kill(-procs[which].child.pid!, 'SIGKILL');
      return procs[which].exited;
    },
    async restart(which: 'api' | 'worker') {
      procs[which] = which === 'api' ? await startApi() : await startWorker();
    },
    /** A signed-up applicant from its own loopback-forwarded address (limits are per address). */
    async applicant(name: string): Promise<{ client: ApiClient; applicationId: string; email: string }> {
      clients++;
      const client = await signUpAndConfirm(
        baseUrl,
        maildevUrl,
        `${name}-${suffix}`,
        `10.77.${clients >> 8}.${clients & 255}`,
      );
      const user = (await client.get('/auth/user')).body.data;
      // As the web app does: a full-form journey outlasts the access token's 15 minutes.
      client.staySignedIn = { username: user.email as string, password: TEST_PASSWORD };
      return { client, applicationId: user.applications[0]._id as string, email: user.email as string };
    },
    clearFaults() {
      for (const p of Object.values(proxies)) p.clear();
    },
    async close() {
      for (const p of Object.values(proxies)) p.clear();
      await stopService(procs.worker);
      await stopService(procs.api);
      for (const p of Object.values(proxies)) await p.close();
      await crm.close();
      await esign.close();
      await offers.close();
    },
  };
}
export type ResilienceStack = Awaited<ReturnType<typeof startResilienceStack>>;

/**
 * Calls until the api answers `want` (a browser user pressing again after an error), bounded. The full
 * form's bound outlasts its 2-minute outage: an upload during an S3 outage answers 503 until S3 is back
 * (the first full run gave up after 40 presses, inside the outage).
 */
export async function retrying<T extends { status: number }>(
  what: string,
  call: () => Promise<T>,
  want = (s: number) => s >= 200 && s < 300,
  attempts = FULL ? 180 : 20,
): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < attempts; i++) {
    try {
      last = await call();
      if (want(last.status)) return last;
    } catch {
      /* the connection failed: press again */
    }
    await holdFor(1000, 'the applicant presses again after a moment');
  }
  throw new Error(`${what}: still ${last?.status} after ${attempts} tries (${JSON.stringify(last)})`);
}

export const FAULT_CLASSES = {
  '5xx burst': () => ({ fault: { kind: 'status', status: 503 } as Fault, times: 2 }),
  '429 Retry-After': () => ({
    fault: { kind: 'status', status: 429, headers: { 'retry-after': '1' } } as Fault,
    times: 1,
  }),
  'connection refused': () => ({ fault: { kind: 'refuse' } as Fault, times: 2 }),
  'timeout after send': () => ({ fault: { kind: 'hang', holdMs: DELAYS.hangMs } as Fault, times: 1 }),
  'reset after send': () => ({ fault: { kind: 'reset' } as Fault, times: 1 }),
  'slow answer': () => ({ fault: { kind: 'slow', delayMs: DELAYS.slowMs } as Fault, times: 1 }),
  'malformed body': () => ({ fault: { kind: 'malformed' } as Fault, times: 1 }),
  'truncated response': () => ({ fault: { kind: 'truncate' } as Fault, times: 1 }),
  outage: () => ({ fault: undefined, times: 0 }),
} as const;
export type FaultClass = keyof typeof FAULT_CLASSES;

export { ownerAnswers, saveAnswers, stepOn, onePagePdf };
