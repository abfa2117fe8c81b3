// The security suite attacks the api as `npm start` runs it: the api and the worker are real child
// processes (so a crash is a dead process, not a failed test), with every stand-in, on free ports and
// throw-away data. At the end it checks the api is still serving and prints the suite's tally.
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { httpOk, startService, stopAll, type Running } from '../../stack/processes.ts';
import { ROOT, appSpecs, infrastructureSpecs, type StackPorts } from '../../stack/stack.ts';
import { LOCAL_OPERATOR_TOKEN } from '../../stack/local-services.ts';
import { freePorts } from '../support/free-port.ts';
import { OTHER_UPLOAD_GOAL_MS, TALLY_DIR, type Tally } from './tally.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    securityApiUrl: string;
    securityMaildevUrl: string;
    securityMongoUri: string;
    securityCrmUrl: string;
    securityS3Endpoint: string;
    securityCodecUrl: string;
    /** The operators' token of this start: the operators' door (codec proxy) signs in with it. */
    securityOperatorToken: string;
    /** The Temporal UI itself, as any local process reaches it. */
    securityTemporalUiUrl: string;
    securityPlaidUrl: string;
    /** Everything the api process wrote (stdout and stderr), appended as it runs. */
    securityApiLog: string;
    /** The metrics ports the stack gave the api, the worker and the Temporal dev server (metrics.spec.ts). */
    securityMetricsPorts: { API_METRICS_PORT: number; WORKER_METRICS_PORT: number; TEMPORAL_METRICS_PORT: number };
    /** The stack's ports: the traces test starts its own api and worker (with TRACES_URL) beside these services. */
    securityPorts: StackPorts;
    /** The stack's processes (listening-sockets.spec.ts reads what they and their children listen on). */
    securityStackPids: number[];
  }
}

let running: Running[] = [];
let dataDir = '';
let apiUrl = '';

export async function setup(project: TestProject) {
  rmSync(TALLY_DIR, { recursive: true, force: true });
  mkdirSync(TALLY_DIR, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'portal-sec-'));
  const p = await freePorts(16);
  const ports = {
    WEB_PORT: p[0]!,
    API_PORT: p[1]!,
    TEMPORAL_PORT: p[2]!,
    TEMPORAL_UI_PORT: p[15]!,
    MONGODB_PORT: p[3]!,
    SMTP_PORT: p[4]!,
    MAILDEV_WEB_PORT: p[5]!,
    S3_PORT: p[6]!,
    CRM_STANDIN_PORT: p[7]!,
    ESIGN_STANDIN_PORT: p[8]!,
    OFFER_STANDIN_PORT: p[9]!,
    PLAID_STANDIN_PORT: p[11]!,
    CODEC_PROXY_PORT: p[10]!,
    API_METRICS_PORT: p[12]!,
    WORKER_METRICS_PORT: p[13]!,
    TEMPORAL_METRICS_PORT: p[14]!,
    DATA_DIR: dataDir,
  };
  const specs = [
    // With its UI: the operators' door serves it, and the codec test reads what its settings publish.
    ...infrastructureSpecs(ports),
    ...appSpecs(ports, { publicHost: '127.0.0.1' }).filter((s) => s.name !== 'web'),
  ];
  for (const spec of specs) {
    // In-memory Temporal: no database file, so the search attributes come from the flags.
    if (spec.name === 'temporal')
      spec.args = spec.args.filter((a, i, all) => a !== '--db-filename' && all[i - 1] !== '--db-filename');
    spec.quiet = true;
    spec.silent = !['api', 'worker'].includes(spec.name);
    running.push(await startService(spec));
    if (spec.name === 'api') {
      const child = running.at(-1)!.child;
      for (const stream of [child.stdout, child.stderr])
        stream?.on('data', (chunk: Buffer) => appendFileSync(join(dataDir, 'api.log'), chunk));
    }
  }
  apiUrl = `http://127.0.0.1:${ports.API_PORT}/api`;
  project.provide('securityApiUrl', apiUrl);
  project.provide('securityMaildevUrl', `http://127.0.0.1:${ports.MAILDEV_WEB_PORT}`);
  project.provide('securityMongoUri', `mongodb://127.0.0.1:${ports.MONGODB_PORT}/portal`);
  project.provide('securityCrmUrl', `http://127.0.0.1:${ports.CRM_STANDIN_PORT}`);
  project.provide('securityS3Endpoint', `http://127.0.0.1:${ports.S3_PORT}`);
  project.provide('securityCodecUrl', `http://127.0.0.1:${ports.CODEC_PROXY_PORT}`);
  project.provide('securityOperatorToken', LOCAL_OPERATOR_TOKEN);
  project.provide('securityTemporalUiUrl', `http://127.0.0.1:${ports.TEMPORAL_UI_PORT}`);
  project.provide('securityPlaidUrl', `http://127.0.0.1:${ports.PLAID_STANDIN_PORT}`);
  project.provide('securityApiLog', join(dataDir, 'api.log'));
  const { API_METRICS_PORT, WORKER_METRICS_PORT, TEMPORAL_METRICS_PORT } = ports;
  project.provide('securityMetricsPorts', { API_METRICS_PORT, WORKER_METRICS_PORT, TEMPORAL_METRICS_PORT });
  project.provide('securityPorts', ports);
  project.provide(
    'securityStackPids',
    running.map((r) => r.child.pid!),
  );
}

export async function teardown() {
  const api = running.find((r) => r.spec.name === 'api');
  const alive = api?.child.exitCode === null && api.child.signalCode === null && (await httpOk(`${apiUrl}/health`));
  const total: Tally = { requests: 0, serverErrors: 0, invalidAccepted: 0, limitsExceeded: 0 };
  const otherUploadMs: Record<string, number> = {};
  const serverErrorRequests: string[] = [];
  for (const f of readdirSync(TALLY_DIR)) {
    const t = JSON.parse(readFileSync(join(TALLY_DIR, f), 'utf8')) as Tally & {
      otherUploadMs?: Record<string, number>;
      serverErrorRequests?: string[];
    };
    for (const k of Object.keys(total) as (keyof Tally)[]) total[k] += t[k];
    Object.assign(otherUploadMs, t.otherUploadMs);
    serverErrorRequests.push(...(t.serverErrorRequests ?? []).map((r) => `${f.replace(/\.json$/, '')}: ${r}`));
  }
  const report = {
    ...total,
    stillServing: Boolean(alive),
    serverErrorRequests,
    otherUploadMs,
    goals: {
      serverErrors: 0,
      invalidAccepted: 0,
      limitsExceeded: 0,
      stillServing: true,
      otherUploadMs: `< ${OTHER_UPLOAD_GOAL_MS}`,
    },
  };
  writeFileSync(join(ROOT, 'test-results', 'security-report.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nsecurity suite: ${total.requests} hostile requests tried; 500s: ${total.serverErrors} (goal 0); ` +
      `invalid values accepted: ${total.invalidAccepted} (goal 0); limits exceeded: ${total.limitsExceeded} (goal 0); ` +
      `api still serving: ${alive ? 'yes' : 'NO'}`,
  );
  for (const [attack, ms] of Object.entries(otherUploadMs))
    console.log(`another applicant's request during ${attack}: ${ms} ms (goal under ${OTHER_UPLOAD_GOAL_MS} ms)`);
  await stopAll(running);
  running = [];
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  // The printed goals are the suite's verdict: a 500 anywhere fails it (each file fails too, naming its own).
  const failures = [
    ...(alive ? [] : ['the api is not serving after the security suite']),
    ...(serverErrorRequests.length
      ? [`${serverErrorRequests.length} request(s) answered 5xx (goal 0):\n  ${serverErrorRequests.join('\n  ')}`]
      : []),
  ];
  if (failures.length) throw new Error(failures.join('\n'));
}
