// `npm run bench`: the benchmark suite. Starts its own stack on free ports with throw-away data, measures
// each figure against a bare baseline in the same run (interleaved A B A B ..., warm-up discarded) and
// writes tests/bench/results/<date>.md and .json. `--smoke` (run by `npm test`) runs each benchmark for about
// a second, checks that every request was answered, and writes no report. Each benchmark is a module of
// tests/bench/items (`run(ctx)` gives its figures); `--only=read,stage,...` runs some of them
// (`--only=browser` the browser's journey beside the bench's, `--browser-journeys=N`, `--browser-runs=N`,
// `--status-polls-per-journey=N`; `--only=status` the reads on a submitted application, `--status-polls=N` of
// each; `--only=idle` npm start's idle stack, `--idle-settle=S` and `--idle-window=S`; `--only=replay` the
// workflow side of a journey alone, `--replays=N`). A full run measures the stack as npm start runs it (the web
// server in front of the browser's journey, traces and metrics on); `--bare-stack` the api alone, as the smoke does.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUpAndConfirm } from '../tests/support/api-client.ts';
import { freePorts } from '../tests/support/free-port.ts';
import { saveAnswers } from '../tests/support/journey.ts';
import type * as Libs from '../libs/src/index.ts';
import type { Applicant, BenchContext, BenchItem, Settings } from '../tests/bench/context.ts';
import { startDriver } from '../tests/bench/driver-client.ts';
import type { LoadResult } from '../tests/bench/load.ts';
import { describeWindow, startWindow } from '../tests/bench/machine-cpu.ts';
import { NOT_MEASURED } from '../tests/bench/notes.ts';
import { SAMPLE_RATIO, buildWeb, observedPorts } from '../tests/bench/observed-stack.ts';
import { commit, machine, writeReport, type Figure } from '../tests/bench/report.ts';
import * as scale from '../tests/bench/items/1-scale.ts';
import { againstSqlite } from '../tests/bench/items/2-engines.ts';
import * as read from '../tests/bench/items/3-read.ts';
import * as stage from '../tests/bench/items/4-stage.ts';
import * as journeys from '../tests/bench/items/5-journeys.ts';
import * as browser from '../tests/bench/items/5-browser.ts';
import * as upload from '../tests/bench/items/6-upload.ts';
import * as web from '../tests/bench/items/7-web.ts';
import * as status from '../tests/bench/items/8-status.ts';
import * as idle from '../tests/bench/items/9-idle.ts';
import * as replay from '../tests/bench/items/10-replay.ts';
import { startService, stopAll, tcpOpen, type Running } from './processes.ts';
import {
  ROOT,
  appEnv,
  appSpecs,
  dbEngine,
  infrastructureSpecs,
  registerSearchAttributes,
  type DbEngine,
  type StackPorts,
} from './stack.ts';

/** The benchmarks in the order they run, by their `--only` names. */
const ITEMS: BenchItem[] = [
  { name: 'read', run: read.run },
  { name: 'stage', run: stage.run },
  { name: 'browser', run: browser.run },
  { name: 'journeys', run: journeys.run },
  { name: 'upload', run: upload.run },
  { name: 'scale', run: scale.run },
  { name: 'web', run: web.run },
  { name: 'status', run: status.run },
  { name: 'idle', run: idle.run },
  { name: 'replay', run: replay.run },
];

const smoke = process.argv.includes('--smoke');
/** The stack as npm start runs it (web server, traces, metrics): a full run's default, `--bare-stack` off. */
const observed = process.argv.includes('--observed') || (!smoke && !process.argv.includes('--bare-stack'));
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const wanted = (name: string) => !only || only.includes(name);
const S: Settings = smoke
  ? { seconds: 1, rounds: 1, warmup: 0, users: 4, concurrency: 4 }
  : { seconds: 5, rounds: 3, warmup: 1, users: 20, concurrency: 10 };
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
if (arg('seconds')) S.seconds = Number(arg('seconds'));
if (arg('rounds')) S.rounds = Number(arg('rounds'));
const log = (line: string) => console.log(line);
/** FerretDB's storage for this run (`--engine=postgresql`, else PORTAL_DB_ENGINE, else SQLite). */
const engine: DbEngine = (arg('engine') as DbEngine | undefined) ?? dbEngine();
const ENGINE_LABEL = `FerretDB v1.24.2 (${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} backend)`;
const NODE = process.execPath;

const build = spawnSync(NODE, ['node_modules/typescript/bin/tsc', '-b'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const libs = createRequire(import.meta.url)(`${ROOT}/libs/dist/index.js`) as typeof Libs;

const running: Running[] = [];
let driver: ChildProcess | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
async function cleanup() {
  driver?.kill();
  await stopAll(running);
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void cleanup().then(() => process.exit(130)));

/**
 * The stack on free ports, the bare read handler, the driver. Observed (a full run): also the web server in front,
 * the trace collector and Zipkin (traces sampled at production's ratio), Prometheus and the metrics ports.
 */
async function startBenchStack() {
  const free = await freePorts(21);
  const ports: StackPorts = {
    WEB_PORT: free[0]!,
    API_PORT: free[1]!,
    TEMPORAL_PORT: free[2]!,
    TEMPORAL_UI_PORT: free[3]!,
    MONGODB_PORT: free[4]!,
    SMTP_PORT: free[5]!,
    MAILDEV_WEB_PORT: free[6]!,
    S3_PORT: free[7]!,
    CRM_STANDIN_PORT: free[8]!,
    ESIGN_STANDIN_PORT: free[9]!,
    OFFER_STANDIN_PORT: free[10]!,
    PLAID_STANDIN_PORT: free[14]!,
    ...(observed ? observedPorts(free.slice(15)) : {}),
    DATA_DIR: dataDir,
  };
  const benchPorts = { bareRead: free[11]!, site: free[12]!, barePage: free[13]! };
  const env = appEnv(ports, '127.0.0.1');
  log(`bench: ${smoke ? 'smoke' : 'full'} run, data in ${dataDir}`);
  // Temporal serves its UI as npm start runs it, unless the run measures the api alone (--bare-stack).
  for (const spec of infrastructureSpecs(ports, { headless: !observed, engine })) {
    spec.silent = !process.env.BENCH_VERBOSE;
    // BENCH_PROFILE: the stand-ins (node services of the infrastructure) are profiled too.
    if (process.env.BENCH_PROFILE && spec.command === NODE)
      spec.args = ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`, ...spec.args];
    running.push(await startService(spec));
    if (spec.name === 'temporal') await registerSearchAttributes(ports.TEMPORAL_PORT);
  }
  const webDist = observed ? buildWeb(dataDir) : undefined;
  const apps = appSpecs(ports, { publicHost: '127.0.0.1', webMode: 'preview' }).filter(
    (s) => observed || s.name !== 'web',
  );
  for (const spec of apps) {
    // The bench stands for many clients by sending X-Forwarded-For from loopback (as the api tests do), or
    // through the web server from a loopback address of each applicant's own.
    spec.env = { ...spec.env, TRUSTED_PROXIES: 'loopback', ...(observed ? { TRACES_SAMPLE_RATIO: SAMPLE_RATIO } : {}) };
    if (spec.name === 'web') spec.args = [...spec.args, '--outDir', webDist!];
    // BENCH_PROFILE=<dir>: V8 CPU profiles of the api, the worker and the stand-ins, for finding where their time goes.
    if (process.env.BENCH_PROFILE && spec.command === NODE)
      spec.args = ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`, ...spec.args];
    spec.silent = !process.env.BENCH_VERBOSE;
    running.push(await startService(spec));
  }
  running.push(
    await startService({
      name: 'bare-read',
      command: NODE,
      // As stack/node.sh runs a TypeScript file (esm-sources.mjs: an ES module, no reparse, no warning).
      args: ['--import', join(ROOT, 'stack/esm-sources.mjs'), join(ROOT, 'tests/bench/bare-read-server.ts')],
      cwd: ROOT,
      env: { MONGODB_URI: env.MONGODB_URI!, PORT: String(benchPorts.bareRead) },
      ready: () => tcpOpen(benchPorts.bareRead),
      quiet: true,
    }),
  );
  const d = await startDriver(ROOT);
  driver = d.child;
  const watched = observed ? { web: `http://127.0.0.1:${ports.WEB_PORT}`, sampleRatio: SAMPLE_RATIO } : undefined;
  return { ports, benchPorts, env, run: d.run, observed: watched };
}

/** Signed-in applicants with their answers saved, as the journey leaves them. */
async function signUp(api: string, maildev: string): Promise<Applicant[]> {
  log(`signing up ${S.users} applicants...`);
  const applicants: Applicant[] = [];
  for (let i = 0; i < S.users; i++) {
    const email = `bench${i + 1}@example.com`;
    const client = await signUpAndConfirm(`${api}/api`, maildev, `bench${i + 1}`, `10.77.0.${i + 1}`);
    const me = await client.get(`/user/by-email/${email}`);
    if (me.status !== 200) throw new Error(`by-email answered ${me.status}`);
    const userId = me.body.data._id as string;
    const applicationId = me.body.data.applications[0]._id as string;
    await saveAnswers(client, applicationId);
    applicants.push({ client, email, userId, applicationId });
  }
  return applicants;
}

async function main() {
  const { ports, benchPorts, env, run, observed: watched } = await startBenchStack();
  const pid = (name: string) => running.find((r) => r.spec.name === name)?.child.pid;
  const api = `http://127.0.0.1:${ports.API_PORT}`;
  const maildev = `http://127.0.0.1:${ports.MAILDEV_WEB_PORT}`;
  const applicants = await signUp(api, maildev);
  const failures: string[] = [];
  const ctx: BenchContext = {
    root: ROOT,
    node: NODE,
    dataDir,
    smoke,
    S,
    arg,
    log,
    libs,
    ports,
    benchPorts,
    env,
    api,
    observed: watched,
    maildev,
    applicants,
    run,
    pid,
    procs: (base) => ({
      api: pid('api'),
      [base]: pid(base),
      ferretdb: pid('ferretdb'),
      temporal: pid('temporal'),
      worker: pid('worker'),
      driver: driver?.pid,
    }),
    services: () => running.map((r) => ({ name: r.spec.name, pid: r.child.pid })),
    start: async (spec) => void running.push(await startService(spec)),
    failures,
    check: (what: string, rs: LoadResult[]) => {
      for (const r of rs) {
        if (r.errors > 0 || r.requests === 0)
          failures.push(`${what}: ${r.errors} errors, ${r.requests} answered (${r.firstError ?? ''})`);
      }
    },
  };

  const figures: Figure[] = [];
  for (const item of ITEMS)
    if (wanted(item.name)) {
      // The machine during the item: each figure without a window of its own carries the item's.
      const window = startWindow();
      const got = await item.run(ctx);
      const { machine } = window.end();
      log(`  ${item.name}: ${describeWindow(machine)}`);
      figures.push(...got.map((f) => ({ ...f, bench: item.name, machine: f.machine ?? machine })));
    }

  for (const f of figures)
    log(
      `${f.item} ${f.name}: ${f.value.toFixed(1)} ${f.unit} vs ${f.baseline?.toFixed(1) ?? '–'} → ` +
        `${f.ratio?.toFixed(2) ?? '–'}× (${f.goal}) ${f.pass === undefined ? '' : f.pass ? 'PASS' : 'FAIL'}` +
        (f.machine ? ` [${describeWindow(f.machine)}]` : ''),
    );
  if (failures.length) {
    console.error(`\nbench: requests failed:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  if (smoke) {
    log('\nbench smoke: every benchmark ran and every request was answered');
    return 0;
  }
  const date = new Date().toISOString().slice(0, 10);
  const settings = {
    concurrency: S.concurrency,
    secondsPerRun: S.seconds,
    rounds: S.rounds,
    warmup: S.warmup,
    applicants: S.users,
  };
  const { md } = writeReport(
    ROOT,
    {
      date,
      commit: commit(ROOT),
      machine: machine(),
      engine: ENGINE_LABEL,
      settings,
      figures: engine === 'sqlite' ? figures : againstSqlite(ROOT, figures, date),
      notes: NOT_MEASURED,
    },
    Boolean(only),
  );
  log(`\nreport: ${md}`);
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (e) {
  console.error(`bench failed: ${(e as Error).stack}`);
} finally {
  await cleanup();
}
process.exit(code);
