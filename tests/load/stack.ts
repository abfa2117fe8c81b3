// The load run's stack, on the production topology's shape (docker-compose.yml): two api processes behind
// a round-robin proxy (load/round-robin.ts, nginx's part) and two worker processes, all sharing one
// Temporal server, one database and one task queue. Like the resilience stack (resilience/support.ts, whose
// object shape this one keeps so that resilience/journey.ts drives it unchanged), every external service
// sits behind a fault proxy (tests/support/fault-proxy.ts), here with a seeded random fault rate.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { inject } from 'vitest';
import { httpOk, spawnService, stopService, waitReady, type Running, type ServiceSpec } from '../../stack/processes.ts';
import { ROOT } from '../../stack/stack.ts';
import { startProxiedServices, type ResilienceStack } from '../resilience/support';
import { ApiClient, TEST_PASSWORD, applicantFor, codeFromMail } from '../support/api-client';
import type { Fault } from '../support/fault-proxy';
import { freePorts } from '../support/free-port';
import { holdFor } from '../support/until';
import { startRoundRobin } from './round-robin';

export type Role = 'api' | 'worker';

/**
 * The faults drawn at random, at `rate` of the external calls: every kind the fault proxy knows, with
 * delays of seconds. SMTP draws once per message, at its DATA (after the message was sent: the hardest
 * case for exactly one email), so that `rate` is per email and not per SMTP command.
 */
export const HTTP_FAULTS: Fault[] = [
  { kind: 'status', status: 503 },
  { kind: 'status', status: 429, headers: { 'retry-after': '1' } },
  { kind: 'refuse' },
  { kind: 'hang', holdMs: 1_500 },
  { kind: 'reset' },
  { kind: 'slow', delayMs: 2_000 },
  { kind: 'malformed' },
  { kind: 'truncate' },
];
export const SMTP_FAULTS: Fault[] = [
  { kind: 'reset' },
  { kind: 'hang', holdMs: 1_500 },
  { kind: 'slow', delayMs: 2_000 },
  { kind: 'malformed' },
  { kind: 'truncate' },
];

export type LoadEvent = { at: number; what: string };

export async function startLoadStack(tag: string, opts: { replicas?: number } = {}) {
  const replicas = opts.replicas ?? 2;
  const ports = await freePorts(3 + replicas);
  const [crmPort, webPort, frontPort, ...apiPorts] = ports as [number, number, number, ...number[]];
  const { serviceEnv, ...services } = await startProxiedServices('ld', crmPort);
  const { proxies, crm, esign, offers } = services;

  const apiUrls = apiPorts.map((p) => `http://127.0.0.1:${p}`);
  const front = await startRoundRobin(apiUrls, { port: frontPort });
  const suffix = `${tag}-${randomUUID().slice(0, 6)}`;
  const taskQueue = `ld-${suffix}`;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    MONGODB_URI: `${inject('mongoBaseUri')}/portal-ld-${suffix}`,
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    TEMPORAL_TASK_QUEUE: taskQueue,
    ...serviceEnv,
    // Box calls the public address: the front door, which hands the webhook to either replica.
    BOX_WEBHOOK_ADDRESS: `${front.url}/api/webhooks/box`,
    PUBLIC_URL: `http://127.0.0.1:${webPort}`,
    API_URL: front.url,
    // The driver stands for many clients by sending X-Forwarded-For from loopback (the front door keeps it).
    TRUSTED_PROXIES: 'loopback',
  };
  const nodeSpec = (name: string, main: string, extra: Record<string, string>, ready: () => Promise<boolean>) =>
    ({
      name,
      command: process.execPath,
      args: [join(ROOT, main)],
      env: { ...env, ...extra },
      ready,
      quiet: true,
      // Bundling the workflows takes minutes on a 2-core machine under this load.
      readyTimeoutMs: 300_000,
    }) satisfies ServiceSpec;

  const startApi = async (i: number) => {
    const url = apiUrls[i]!;
    const r = spawnService(
      nodeSpec(`api-${i + 1}`, 'api/dist/main.js', { API_PORT: String(apiPorts[i]) }, () =>
        httpOk(`${url}/api/health`),
      ),
    );
    await waitReady(r);
    watch(r, 'api', i);
    return r;
  };
  const startWorker = async (i: number) => {
    let up = false;
    const r = spawnService(nodeSpec(`worker-${i + 1}`, 'worker/dist/main.js', {}, () => Promise.resolve(up)));
    r.child.stdout!.on('data', (c: Buffer) => {
      if (c.toString().includes('worker polling task queue')) up = true;
    });
    await waitReady(r);
    watch(r, 'worker', i);
    return r;
  };
  const events: LoadEvent[] = [];
  /** Processes that exited without being killed: each one is a bug (the run restarts it, as compose would). */
  const crashes: LoadEvent[] = [];
  const killed = new Set<Running>();
  let closing = false;
  function watch(r: Running, role: Role, i: number) {
    void r.exited.then(async (code) => {
      if (closing || killed.has(r)) return;
      const e = {
        at: Date.now(),
        what: `${role} ${i + 1} exited by itself (code ${code}, ${r.child.signalCode ?? 'no signal'})`,
      };
      events.push(e);
      crashes.push(e);
      await holdFor(1000, 'a crashed replica is started again after a moment, as the supervisor does');
      if (closing) return;
      if (role === 'api') apis[i] = await startApi(i);
      else workers[i] = await startWorker(i);
      events.push({ at: Date.now(), what: `${role} ${i + 1} back after its crash` });
    });
  }
  const apis: Running[] = [];
  const workers: Running[] = [];
  for (let i = 0; i < replicas; i++) apis.push(await startApi(i));
  for (let i = 0; i < replicas; i++) workers.push(await startWorker(i));

  const baseUrl = `${front.url}/api`;
  const maildevUrl = inject('maildevUrl');
  /** Who each named applicant became (kept even when the journey later fails, to count what it left). */
  const applicants = new Map<string, { applicationId: string; email: string }>();
  let clients = 0;

  const stack = {
    ...services,
    env,
    baseUrl,
    maildevUrl,
    /** The first replica of each role (the resilience stack's shape). */
    procs: {
      get api() {
        return apis[0]!;
      },
      get worker() {
        return workers[0]!;
      },
    },
    front,
    taskQueue,
    apis,
    workers,
    events,
    crashes,
    applicants,
    /** SIGKILL of one replica: no shutdown, nothing in flight finished or reported. */
    kill(which: Role, replica = 0) {
      const r = (which === 'api' ? apis : workers)[replica]!;
      killed.add(r);
      events.push({ at: Date.now(), what: `${which} ${replica + 1} killed (SIGKILL)` });
      try {
        process.kill(-r.child.pid!, 'SIGKILL');
      } catch {
        events.push({ at: Date.now(), what: `${which} ${replica + 1} was not running` });
      }
      return r.exited;
    },
    async restart(which: Role, replica = 0) {
      if (which === 'api') apis[replica] = await startApi(replica);
      else workers[replica] = await startWorker(replica);
      events.push({ at: Date.now(), what: `${which} ${replica + 1} back` });
    },
    /**
     * A signed-up applicant from its own address (limits are per address), pressing as a person does in
     * the web app: register pressed again after an error (with the web's Idempotency-Key, so the repeat
     * is the same request), and when no code has come after 30 s, 'Resend code' pressed; confirm pressed
     * again after an error.
     */
    async applicant(name: string): Promise<{ client: ApiClient; applicationId: string; email: string }> {
      clients++;
      const ip = `10.88.${clients >> 8}.${clients & 255}`;
      const tag = `${name}-${suffix}`;
      const email = `${tag}@example.com`;
      const client = new ApiClient(baseUrl, ip);
      client.idempotencyKeys = true;
      const since = new Date();
      let registered = false;
      let last = 0;
      for (let attempt = 0; attempt < 40 && !registered; attempt++) {
        const reg = await client
          .post('/auth/register', applicantFor(tag))
          .catch(() => ({ status: 0, body: undefined }));
        last = reg.status;
        // A 409 after an error: the account is there, made by a press whose answer was lost. Not so a 409
        // REQUEST_IN_PROGRESS: the first press still holds its key (its api may have died; the web app
        // presses again until the key's lease ends and the sign-up runs on).
        const inProgress = (reg.body as { data?: { code?: string } } | undefined)?.data?.code === 'REQUEST_IN_PROGRESS';
        registered = reg.status === 201 || (attempt > 0 && reg.status === 409 && !inProgress);
        if (!registered) await holdFor(inProgress ? 5000 : 1000, 'the applicant presses again after a moment');
      }
      if (!registered) throw new Error(`register: no answer but errors for ${tag} (last ${last})`);
      // The newest code in the inbox, 'Resend code' pressed when none has come for a minute, or when the
      // api says the code has expired or was tried too often (then only a code mailed after that press counts).
      let codesSince = since;
      const resend = async () => {
        codesSince = new Date();
        await client.post('/auth/send-confirmation-code', { username: email }).catch(() => undefined);
      };
      const newestCode = async () => {
        for (let round = 0; round < 4; round++) {
          const code = await codeFromMail(maildevUrl, email, codesSince, 'confirmation', 60_000).catch(() => undefined);
          if (code) return code;
          await resend();
        }
        throw new Error(`no code mailed to ${email}, 'Resend code' pressed 4 times`);
      };
      for (let attempt = 0; ; attempt++) {
        const code = await newestCode();
        const ok = await client
          .post('/auth/confirm-signup', { username: email, password: TEST_PASSWORD, code })
          .catch(() => ({ status: 0, body: undefined }));
        if (ok.status === 200) break;
        if (attempt >= 10) throw new Error(`confirm answered ${ok.status}: ${JSON.stringify(ok.body)}`);
        if (ok.status === 400) await resend();
        else await holdFor(1000, 'the applicant presses again after a moment');
      }
      client.staySignedIn = { username: email, password: TEST_PASSWORD };
      const user = (await client.get('/auth/user')).body.data;
      const who = { applicationId: user.applications[0]._id as string, email: user.email as string };
      applicants.set(name, who);
      return { client, ...who };
    },
    randomFaults(rate: number, seed: number) {
      let i = 0;
      for (const [name, p] of Object.entries(proxies)) {
        if (name === 'smtp') p.randomFaults(rate, seed + i++, SMTP_FAULTS, { path: 'DATA' });
        else p.randomFaults(rate, seed + i++, HTTP_FAULTS);
      }
    },
    clearFaults() {
      for (const p of Object.values(proxies)) p.clear();
    },
    async close() {
      closing = true;
      for (const p of Object.values(proxies)) p.clear();
      for (const w of workers) await stopService(w);
      for (const a of apis) await stopService(a);
      await front.close();
      for (const p of Object.values(proxies)) await p.close();
      await crm.close();
      await esign.close();
      await offers.close();
    },
  };
  // The journey (resilience/journey.ts) takes the resilience stack: this one has every member it uses.
  const asResilience: ResilienceStack = stack;
  return Object.assign(stack, { asResilience });
}
export type LoadStack = Awaited<ReturnType<typeof startLoadStack>>;
