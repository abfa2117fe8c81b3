// `npm run bench`: the benchmark suite. Starts its own stack on free ports with throw-away data, measures
// each figure against a bare baseline in the same run (interleaved A B A B ..., warm-up discarded) and
// writes tests/bench/results/<date>.md and .json. `--smoke` (run by `npm test`) runs each benchmark for about
// a second, checks that every request was answered, and writes no report.
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_PASSWORD, signUpAndConfirm, type ApiClient } from '../tests/support/api-client.ts';
import { freePorts } from '../tests/support/free-port.ts';
import {
  DETAILS_ANSWERS,
  FINANCIAL_ANSWERS,
  QUESTION_ANSWERS,
  ownerAnswers,
  saveAnswers,
} from '../tests/support/journey.ts';
import type { DriverCommand } from '../tests/bench/driver.ts';
import type * as Libs from '../libs/src/index.ts';
import { interleaved, median, pairedRatio, type LoadResult } from '../tests/bench/load.ts';
import { commit, machine, writeReport, type Figure } from '../tests/bench/report.ts';
import { openModels, readTemplate, seed } from '../tests/bench/seed.ts';
import { bigPdf, peakRss, rssMiB, runJourneys } from '../tests/bench/journeys.ts';
import { asDeployed, buildBarePage, lighthouseRuns, medians } from '../tests/bench/lighthouse.ts';
import { standinSpans, standinTime } from '../tests/bench/orchestration.ts';
import { onePagePdf } from '../tests/support/pdf-fixtures.ts';
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

const smoke = process.argv.includes('--smoke');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const wanted = (name: string) => !only || only.includes(name);
const S = smoke
  ? { seconds: 1, rounds: 1, warmup: 0, users: 4, concurrency: 4 }
  : { seconds: 5, rounds: 3, warmup: 1, users: 20, concurrency: 10 };
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
if (arg('seconds')) S.seconds = Number(arg('seconds'));
if (arg('rounds')) S.rounds = Number(arg('rounds'));
const log = (line: string) => console.log(line);
/** FerretDB's storage for this run (`--engine=postgresql`, else PORTAL_DB_ENGINE, else SQLite). */
const engine: DbEngine = (arg('engine') as DbEngine | undefined) ?? dbEngine();
const ENGINE_LABEL = `FerretDB v1.24.2 (${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} backend)`;

/** CPU time (user + system) a process has used, in ms (Linux /proc; clock ticks are 1/100 s). */
function cpuMs(pid: number | undefined): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
/** Runs `f` and says how many ms of CPU each named process spent per answered request meanwhile. */
async function withCpu(procs: Record<string, number | undefined>, f: () => Promise<LoadResult>) {
  const before = Object.fromEntries(Object.entries(procs).map(([k, pid]) => [k, cpuMs(pid)]));
  const r = await f();
  const per = Object.entries(procs)
    .map(([k, pid]) => `${k} ${((cpuMs(pid) - before[k]!) / Math.max(1, r.requests)).toFixed(1)}`)
    .join(', ');
  return { ...r, cpu: `CPU ms/request: ${per}` };
}
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

/** The load driver: a process of its own, told what to run over IPC. */
async function startDriver() {
  const child = fork(join(ROOT, 'tests/bench/driver.ts'), [], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the load driver exited (${code})`)));
  });
  let next = 0;
  const waiting = new Map<number, { resolve: (r: LoadResult) => void; reject: (e: Error) => void }>();
  child.on('message', (m: { id: number; result?: LoadResult; error?: string }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error) w?.reject(new Error(m.error));
    else w?.resolve(m.result!);
  });
  driver = child;
  return (cmd: DriverCommand) =>
    new Promise<LoadResult>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      child.send({ id, cmd });
    });
}

type Applicant = { client: ApiClient; email: string; userId: string; applicationId: string };

function headersOf(a: Applicant, mutating: boolean): Record<string, string> {
  const h: Record<string, string> = {
    cookie: [...a.client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
    'x-page-path': '/bench',
    'x-forwarded-for': `10.77.0.${a.email.match(/(\d+)@/)?.[1] ?? 1}`,
  };
  if (mutating) {
    h['x-xsrf-token'] = a.client.cookies.get('XSRF-TOKEN') ?? '';
    h['content-type'] = 'application/json';
  }
  return h;
}

async function main() {
  const free = await freePorts(14);
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
    DATA_DIR: dataDir,
  };
  const BARE_READ_PORT = free[11]!;
  const [SITE_PORT, BARE_PAGE_PORT] = [free[12]!, free[13]!];
  const env = appEnv(ports, '127.0.0.1');
  log(`bench: ${smoke ? 'smoke' : 'full'} run, data in ${dataDir}`);
  for (const spec of infrastructureSpecs(ports, { headless: true, engine })) {
    spec.silent = !process.env.BENCH_VERBOSE;
    running.push(await startService(spec));
    if (spec.name === 'temporal') await registerSearchAttributes(ports.TEMPORAL_PORT);
  }
  for (const spec of appSpecs(ports, { publicHost: '127.0.0.1' }).filter((s) => s.name !== 'web')) {
    // The bench stands for many clients by sending X-Forwarded-For from loopback (as the api tests do).
    spec.env = { ...spec.env, TRUSTED_PROXIES: 'loopback' };
    // BENCH_PROFILE=<dir>: V8 CPU profiles of the api and the worker, for finding where their time goes.
    if (process.env.BENCH_PROFILE)
      spec.args = ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`, ...spec.args];
    spec.silent = !process.env.BENCH_VERBOSE;
    running.push(await startService(spec));
  }
  running.push(
    await startService({
      name: 'bare-read',
      command: NODE,
      args: [join(ROOT, 'tests/bench/bare-read-server.ts')],
      cwd: ROOT,
      env: { MONGODB_URI: env.MONGODB_URI!, PORT: String(BARE_READ_PORT) },
      ready: () => tcpOpen(BARE_READ_PORT),
      quiet: true,
    }),
  );
  const run = await startDriver();
  const pid = (name: string) => running.find((r) => r.spec.name === name)?.child.pid;
  const procs = (base: string) => ({
    api: pid('api'),
    [base]: pid(base),
    ferretdb: pid('ferretdb'),
    temporal: pid('temporal'),
    worker: pid('worker'),
    driver: driver?.pid,
  });
  const api = `http://127.0.0.1:${ports.API_PORT}`;
  const maildev = `http://127.0.0.1:${ports.MAILDEV_WEB_PORT}`;

  // Signed-in applicants with their answers saved, as the journey leaves them.
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

  const figures: Figure[] = [];
  const settings = {
    concurrency: S.concurrency,
    secondsPerRun: S.seconds,
    rounds: S.rounds,
    warmup: S.warmup,
    applicants: S.users,
  };
  const failures: string[] = [];
  const check = (what: string, rs: LoadResult[]) => {
    for (const r of rs) {
      if (r.errors > 0 || r.requests === 0)
        failures.push(`${what}: ${r.errors} errors, ${r.requests} answered (${r.firstError ?? ''})`);
    }
  };

  if (wanted('read')) {
    log('\n3. read path: GET /api/user/by-email (A) against a bare node:http + native driver handler (B)');
    const res = await interleaved({
      ...S,
      log,
      a: () =>
        withCpu(procs('bare-read'), () =>
          run({
            kind: 'http',
            origin: api,
            requests: applicants.map((a) => ({
              method: 'GET',
              path: `/api/user/by-email/${a.email}`,
              headers: headersOf(a, false),
            })),
            concurrency: S.concurrency,
            seconds: S.seconds,
          }),
        ),
      b: () =>
        withCpu(procs('bare-read'), () =>
          run({
            kind: 'http',
            origin: `http://127.0.0.1:${BARE_READ_PORT}`,
            requests: applicants.map((a) => ({ method: 'GET', path: `/user/${a.userId}`, headers: {} })),
            concurrency: S.concurrency,
            seconds: S.seconds,
          }),
        ),
    });
    check('read path (api)', res.a);
    check('read path (bare)', res.b);
    const rpsRatio = pairedRatio(res.a, res.b, 'rps');
    const p99Ratio = pairedRatio(res.a, res.b, 'p99');
    figures.push(
      {
        item: '3',
        name: 'read path requests/s',
        unit: 'req/s',
        value: median(res.a.map((r) => r.rps)),
        baseline: median(res.b.map((r) => r.rps)),
        ratio: rpsRatio,
        goal: '≥ 0.7× baseline',
        pass: rpsRatio >= 0.7,
      },
      {
        item: '3',
        name: 'read path p99',
        unit: 'ms',
        value: median(res.a.map((r) => r.p99)),
        baseline: median(res.b.map((r) => r.p99)),
        ratio: p99Ratio,
        goal: '≤ 1.5× baseline',
        pass: p99Ratio <= 1.5,
      },
    );
  }

  if (wanted('stage')) {
    log('\n4. stage update: PATCH /api/stage/{id} (A) against a bare Temporal client sending the same update (B)');
    // A re-save of the current position: accepted every time, so neither side moves the journey.
    const settingsApi = libs.loadEnv(libs.API_SETTINGS, { ...process.env, ...env });
    const answered = libs.answeredSections({
      business: { ...FINANCIAL_ANSWERS, ...QUESTION_ANSWERS, ...DETAILS_ANSWERS },
      owners: [ownerAnswers('owner@example.com')],
      offerSelected: false,
    });
    const positions = await Promise.all(
      applicants.map(async (a) => (await a.client.get(`/stage/${a.applicationId}`)).body),
    );
    const res = await interleaved({
      ...S,
      log,
      a: () =>
        withCpu(procs('worker'), () =>
          run({
            kind: 'http',
            origin: api,
            requests: applicants.map((a, i) => {
              const { pageName, pageStep } = positions[i];
              return {
                method: 'PATCH',
                path: `/api/stage/${a.applicationId}`,
                headers: headersOf(a, true),
                body: JSON.stringify({ pageName, pageStep, from: { pageName, pageStep } }),
              };
            }),
            concurrency: S.concurrency,
            seconds: S.seconds,
          }),
        ),
      b: () =>
        withCpu(procs('worker'), () =>
          run({
            kind: 'temporal',
            address: env.TEMPORAL_ADDRESS!,
            namespace: settingsApi.TEMPORAL_NAMESPACE,
            payloadKey: { PAYLOAD_KEY_ID: settingsApi.PAYLOAD_KEY_ID, PAYLOAD_KEY: settingsApi.PAYLOAD_KEY },
            updates: applicants.map((a, i) => {
              const { pageName, pageStep } = positions[i];
              return {
                workflowId: `application-${a.applicationId}`,
                name: 'moveStage',
                args: [{ to: 'position', pageName, pageStep, from: { pageName, pageStep }, answered }],
              };
            }),
            concurrency: S.concurrency,
            seconds: S.seconds,
          }),
        ),
    });
    check('stage update (api)', res.a);
    check('stage update (bare)', res.b);
    const rpsRatio = pairedRatio(res.a, res.b, 'rps');
    const p50Ratio = pairedRatio(res.a, res.b, 'p50');
    figures.push(
      {
        item: '4',
        name: 'stage updates/s',
        unit: 'upd/s',
        value: median(res.a.map((r) => r.rps)),
        baseline: median(res.b.map((r) => r.rps)),
        ratio: rpsRatio,
        goal: '≥ 0.8× baseline',
        pass: rpsRatio >= 0.8,
      },
      {
        item: '4',
        name: 'stage update p50',
        unit: 'ms',
        value: median(res.a.map((r) => r.p50)),
        baseline: median(res.b.map((r) => r.p50)),
        ratio: p50Ratio,
        goal: '≤ 1.3× baseline',
        pass: p50Ratio <= 1.3,
      },
    );
  }

  if (wanted('journeys')) {
    // Item 5: whole journeys, sign-up to submitted, through the api; stand-ins answer at once.
    const count = Number(arg('journeys') ?? (smoke ? 2 : 200));
    const concurrency = Number(arg('journey-concurrency') ?? (smoke ? 2 : 20));
    // The warm-up fills the worker's sticky cache to its bound (WORKER_MAX_CACHED_WORKFLOWS; a finished
    // application stays cached until pushed out, at about 1.7 MB each by the SDK's own sizing), so the growth
    // figure compares a full cache with a full cache: a bounded cache filling is not a leak. The trend in
    // the figure's note shows the rest; on 2026-11-25 a 20-journey warm-up measured the filling (347 MiB after
    // 20, then 520, 584, 588 and 593 after 120, 220, 320 and 420 journeys).
    const cacheBound = Number(
      process.env.WORKER_MAX_CACHED_WORKFLOWS ?? libs.WORKER_SETTINGS.WORKER_MAX_CACHED_WORKFLOWS.default,
    );
    const warm = smoke ? 1 : Math.min(cacheBound, count);
    log(`\n5. whole journeys: ${warm} to warm up, then ${count} applications at concurrency ${concurrency}`);
    const statement = await onePagePdf();
    const base = { api, maildev, concurrency, statement };
    const standins = [ports.CRM_STANDIN_PORT, ports.ESIGN_STANDIN_PORT, ports.OFFER_STANDIN_PORT].map(
      (p) => `http://127.0.0.1:${p}`,
    );
    const w = await runJourneys({ ...base, count: warm, tag: 'warm' });
    if (w.failures.length) failures.push(...w.failures.slice(0, 5));
    await standinSpans(standins); // the warm-up's, dropped
    // Memory at the same moment of each run: as its last journey is answered.
    const before = { api: rssMiB(pid('api')), worker: rssMiB(pid('worker')) };
    // The trend: memory at each quarter of the journeys (a leak grows with them; a heap finding its size levels off).
    const trend: { n: number; api: number; worker: number }[] = [];
    const r = await runJourneys({
      ...base,
      count,
      tag: 'journey',
      finished: (n) => {
        if (n % Math.ceil(count / 4) === 0 || n === count)
          trend.push({ n, api: rssMiB(pid('api')), worker: rssMiB(pid('worker')) });
      },
    });
    const after = { api: rssMiB(pid('api')), worker: rssMiB(pid('worker')) };
    const spans = await standinSpans(standins);
    const inStandins = standinTime(r.calls, spans);
    const own: Record<string, number[]> = {};
    const ownLow: number[] = [];
    r.calls.forEach((c, i) => {
      (own[c.step] ??= []).push(c.end - c.start - inStandins.shared[i]!);
      ownLow.push(c.end - c.start - inStandins.all[i]!);
    });
    const ownAll = Object.values(own).flat();
    if (r.failures.length) failures.push(...r.failures.slice(0, 5));
    const perMinute = ((count - r.failures.length) / r.wallSeconds) * 60;
    const pct = (xs: number[], q: number) =>
      [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;
    log(
      `  ${count - r.failures.length}/${count} submitted in ${r.wallSeconds.toFixed(0)} s: ${perMinute.toFixed(1)}/min`,
    );
    const all = Object.values(r.steps).flat();
    for (const [step, ms] of Object.entries(r.steps))
      log(
        `  ${step}: ${ms.length} calls, p50 ${pct(ms, 0.5).toFixed(0)} ms, p95 ${pct(ms, 0.95).toFixed(0)} ms; ` +
          `without stand-in time p50 ${pct(own[step]!, 0.5).toFixed(0)} ms, p95 ${pct(own[step]!, 0.95).toFixed(0)} ms`,
      );
    const retried = Object.entries(r.retries).map(([s, n]) => `${s} ${n}`);
    log(`  sent again when the api asked (TRY_AGAIN, in progress): ${retried.join(', ') || 'none'}`);
    log(
      `  stand-ins: ${spans.length} requests, ${(inStandins.total / 1000).toFixed(1)} s in all, ` +
        `${(inStandins.outside / 1000).toFixed(1)} s of it within no api call`,
    );
    log(
      `  RSS MiB before/after: api ${before.api.toFixed(0)}/${after.api.toFixed(0)}, worker ${before.worker.toFixed(0)}/${after.worker.toFixed(0)}`,
    );
    log(
      `  RSS MiB after N journeys: ${trend.map((t) => `${t.n}: api ${t.api.toFixed(0)}, worker ${t.worker.toFixed(0)}`).join('; ')}`,
    );
    const worst = Object.entries(own).sort((a, b) => pct(b[1], 0.95) - pct(a[1], 0.95))[0]!;
    figures.push(
      {
        item: '5',
        name: `applications submitted per minute (${count} at concurrency ${concurrency})`,
        unit: '/min',
        value: perMinute,
        goal: 'reported',
        pass: undefined,
      },
      {
        item: '5',
        name: 'failed journeys',
        unit: '',
        value: r.failures.length,
        goal: '0',
        pass: r.failures.length === 0,
        note: [
          r.failures[0],
          `calls sent again when the api asked, as the web app does: ${retried.join(', ') || 'none'}`,
        ]
          .filter(Boolean)
          .join('; '),
      },
      {
        item: '5',
        name: 'api call p95, every step (wall time, stand-in time included)',
        unit: 'ms',
        value: pct(all, 0.95),
        goal: 'reported',
        pass: undefined,
        note:
          `p50 ${pct(all, 0.5).toFixed(0)} ms; by step p50/p95: ` +
          Object.entries(r.steps)
            .map(([s, ms]) => `${s} ${pct(ms, 0.5).toFixed(0)}/${pct(ms, 0.95).toFixed(0)}`)
            .join(', '),
      },
      {
        item: '5',
        name: 'orchestration time per api call p95, every step (stand-in time subtracted)',
        unit: 'ms',
        value: pct(ownAll, 0.95),
        goal: '≤ 250 ms',
        pass: pct(ownAll, 0.95) <= 250,
        note:
          `p50 ${pct(ownAll, 0.5).toFixed(0)} ms; with every stand-in request within a call subtracted (a lower bound) ` +
          `p95 ${pct(ownLow, 0.95).toFixed(0)} ms; stand-ins: ${spans.length} requests, ${(inStandins.total / 1000).toFixed(0)} s, ` +
          `${(inStandins.outside / 1000).toFixed(0)} s of it within no api call; slowest step by p95: ${worst[0]} ` +
          `(p50 ${pct(worst[1], 0.5).toFixed(0)}, p95 ${pct(worst[1], 0.95).toFixed(0)} ms); by step p50/p95: ` +
          Object.entries(own)
            .map(([s, ms]) => `${s} ${pct(ms, 0.5).toFixed(0)}/${pct(ms, 0.95).toFixed(0)}`)
            .join(', '),
      },
      ...(['api', 'worker'] as const).map((p) => ({
        item: '5',
        name: `${p} RSS after the journeys (before: after ${warm} warm-up journeys)`,
        unit: 'MiB',
        value: after[p],
        baseline: before[p],
        ratio: after[p] / before[p],
        goal: '≤ 1.2× (≤ 20% growth)',
        pass: after[p] / before[p] <= 1.2,
        note:
          'after each quarter of the journeys: ' +
          trend.map((t) => `${t.n} → ${t[p].toFixed(0)}`).join(', ') +
          ' MiB' +
          (p === 'worker'
            ? `; sticky cache bounded at WORKER_MAX_CACHED_WORKFLOWS (${cacheBound}; the SDK default of about 2,300 made 1.39× on 2026-11-24), filled by the warm-up`
            : ''),
      })),
    );
  }

  if (wanted('upload')) {
    // Item 6: a 35 MB PDF through POST /api/file/s3 (A) against a PUT of the same bytes straight to S3 (B).
    const mb = smoke ? 1 : 35;
    log(`\n6. upload: a ${mb} MB PDF through the api (A) against a direct S3 PUT (B)`);
    const bytes = await bigPdf(mb);
    const a = applicants[0]!;
    const s3 = `${env.S3_ENDPOINT}/${env.S3_BUCKET}`;
    let n = 0;
    const timed = async (f: () => Promise<number>) => {
      const t = performance.now();
      const status = await f();
      if (status !== 200 && status !== 201) failures.push(`upload answered ${status}`);
      return bytes.length / 1024 / 1024 / ((performance.now() - t) / 1000);
    };
    const viaApi = () =>
      timed(
        async () =>
          (
            await a.client.upload(
              '/file/s3',
              { applicationId: a.applicationId, fileType: 'Voided Check' },
              { name: 'big.pdf', type: 'application/pdf', bytes },
            )
          ).status,
      );
    const direct = () =>
      timed(
        async () =>
          (
            await fetch(`${s3}/bench-direct-${n++}.pdf`, {
              method: 'PUT',
              body: bytes,
              headers: { 'content-type': 'application/pdf' },
            })
          ).status,
      );
    const rssBefore = rssMiB(pid('api'));
    const A: number[] = [];
    const B: number[] = [];
    let peak = rssBefore;
    // Seven counted pairs (a pair takes about two seconds): with three, one pair caught by other work on the
    // shared cores moved the median across the goal (0.59 to 0.85× over eight runs on 2026-11-24/25).
    const uploadRounds = Math.max(S.rounds, 7);
    for (let round = 0; round < (smoke ? 1 : uploadRounds + S.warmup); round++) {
      const { result, peak: p } = await peakRss(pid('api'), viaApi);
      const b = await direct();
      peak = Math.max(peak, p);
      log(`  round ${round}: api ${result.toFixed(1)} MB/s | direct ${b.toFixed(1)} MB/s`);
      if (smoke || round >= S.warmup) {
        A.push(result);
        B.push(b);
      }
    }
    const ratio = median(A.map((x, i) => x / B[i]!));
    figures.push(
      {
        item: '6',
        name: `${mb} MB PDF upload through the api: throughput`,
        unit: 'MB/s',
        value: median(A),
        baseline: median(B),
        ratio,
        goal: '≥ 0.7× a direct S3 PUT',
        pass: ratio >= 0.7,
        note:
          `pairs: ${A.map((x, i) => (x / B[i]!).toFixed(2)).join(', ')}; ` +
          'the file streams to S3 as it arrives (a PutObject of the length the request announces), teed with the spool the ' +
          'inspection reads; the client, the api and s3rver share 2 cores; see the notes',
      },
      {
        item: '6',
        name: 'api RSS growth during the uploads (peak, sampled every 50 ms)',
        unit: 'MiB',
        value: peak - rssBefore,
        goal: '≤ 64 MiB',
        pass: peak - rssBefore <= 64,
      },
    );
  }

  if (wanted('scale')) {
    const sizes = arg('sizes')?.split(',').map(Number) ?? (smoke ? [50] : [1_000, 10_000, 100_000]);
    log(`\n1. cost as the data grows: ${sizes.join(', ')} applications (seeded through the api's models)`);
    const { models, close } = await openModels(ROOT, env.MONGODB_URI!);
    const template = await readTemplate(models, applicants[0]!.userId);
    const setIds = await Promise.all(
      applicants.map(
        async (a) => (await a.client.post('/owner', { applicationId: a.applicationId })).body._id as string,
      ),
    );
    const positions = await Promise.all(
      applicants.map(async (a) => (await a.client.get(`/stage/${a.applicationId}`)).body),
    );
    const ops: Record<string, () => Promise<LoadResult>> = {
      'read path': () =>
        run({
          kind: 'http',
          origin: api,
          requests: applicants.map((a) => ({
            method: 'GET',
            path: `/api/user/by-email/${a.email}`,
            headers: headersOf(a, false),
          })),
          concurrency: S.concurrency,
          seconds: S.seconds,
        }),
      'sign-in': () =>
        run({
          kind: 'http',
          origin: api,
          requests: applicants.map((a) => ({
            method: 'POST',
            path: '/api/auth/login',
            headers: headersOf(a, true),
            body: JSON.stringify({ username: a.email, password: TEST_PASSWORD }),
          })),
          concurrency: Math.min(S.concurrency, applicants.length),
          seconds: S.seconds,
        }),
      'stage update': () =>
        run({
          kind: 'http',
          origin: api,
          requests: applicants.map((a, i) => {
            const { pageName, pageStep } = positions[i];
            return {
              method: 'PATCH',
              path: `/api/stage/${a.applicationId}`,
              headers: headersOf(a, true),
              body: JSON.stringify({ pageName, pageStep, from: { pageName, pageStep } }),
            };
          }),
          concurrency: S.concurrency,
          seconds: S.seconds,
        }),
      'owner save': () =>
        run({
          kind: 'http',
          origin: api,
          requests: applicants.map((a, i) => ({
            method: 'PATCH',
            path: `/api/owner/${setIds[i]}`,
            headers: headersOf(a, true),
            body: JSON.stringify({ owners: [ownerAnswers(a.email)] }),
          })),
          concurrency: S.concurrency,
          seconds: S.seconds,
        }),
    };
    const bySize: Record<number, Record<string, LoadResult[]>> = {};
    let have = await models.applications.countDocuments();
    for (const size of sizes) {
      if (size > have) {
        log(`  seeding to ${size}...`);
        await seed(models, template, have, size - have, log);
        have = size;
      }
      bySize[size] = Object.fromEntries(Object.keys(ops).map((k) => [k, []]));
      // The operations in turn, round after round (the first round a warm-up), so a drift in the
      // machine's speed touches each alike.
      for (let r = 0; r < S.warmup + S.rounds; r++)
        for (const [name, op] of Object.entries(ops)) {
          const res = await op();
          log(`  ${size}: ${name} ${res.rps.toFixed(1)}/s p99 ${res.p99.toFixed(0)} ms (${res.errors} errors)`);
          if (r >= S.warmup) bySize[size]![name]!.push(res);
        }
      // Errors always fail the run; a size so slow that nothing was answered in a run is a figure (0/s).
      for (const [name, rs] of Object.entries(bySize[size]!))
        check(
          `${name} at ${size}`,
          rs.filter((r) => r.errors > 0 || size === sizes[0]),
        );
    }
    await close();
    const first = sizes[0]!;
    for (const size of sizes)
      for (const name of Object.keys(ops)) {
        const rps = median(bySize[size]![name]!.map((r) => r.rps));
        const base = median(bySize[first]![name]!.map((r) => r.rps));
        const last = size === sizes.at(-1) && size !== first;
        figures.push({
          item: '1',
          name: `${name} at ${size.toLocaleString('en')} applications: requests/s (p99 ${median(bySize[size]![name]!.map((r) => r.p99)).toFixed(0)} ms)`,
          unit: 'req/s',
          value: rps,
          baseline: size === first ? undefined : base,
          ratio: size === first ? undefined : rps / base,
          goal: last ? `≥ 0.8× at ${first.toLocaleString('en')}` : 'reported',
          pass: last ? rps / base >= 0.8 : undefined,
          note: `counted rounds: ${bySize[size]![name]!.map((r) => r.rps.toFixed(0)).join(', ')}/s`,
        });
      }
  }

  if (wanted('web')) {
    // Sizes are exact, not noise: the production build measured by the same size-limit check as npm test.
    log('\n7. web: production build sizes (gzip, as served)');
    const built = spawnSync(NODE, ['node_modules/vite/bin/vite.js', 'build', 'web', '--logLevel', 'warn'], {
      cwd: ROOT,
    });
    const sized = spawnSync(NODE, [join(ROOT, 'node_modules/size-limit/bin.js'), '--json'], {
      cwd: join(ROOT, 'web'),
      encoding: 'utf8',
    });
    if (built.status !== 0 || !sized.stdout) failures.push(`web build or size-limit failed: ${sized.stderr}`);
    else {
      const checks = JSON.parse(sized.stdout) as { name: string; size: number }[];
      const first = checks[0]!;
      const pages = checks.filter((c) => c.name.endsWith(' page chunks'));
      const later = pages.sort((a, b) => b.size - a.size)[0]!;
      // Loaded once, with the first page after /sign-up: the rest of the English catalogue, the journey actor.
      const shared = checks.slice(1).filter((c) => !pages.includes(c));
      const KiB = (n: number) => n / 1024;
      figures.push(
        {
          item: '7',
          name: 'first visit JS (/sign-up: entry, shell and page)',
          unit: 'KiB',
          value: KiB(first.size),
          goal: '≤ 100 KiB',
          pass: KiB(first.size) <= 100,
          note: 'react-dom 62, TanStack Router 26, TanStack Query 10, react 3 KiB: about 101 KiB of frameworks before any page code (XState comes with the journey actor, 13.7 KiB)',
        },
        {
          item: '7',
          name: `largest later page's own chunks (${later.name.replace(' page chunks', '')})`,
          unit: 'KiB',
          value: KiB(later.size),
          goal: '≤ 30 KiB',
          pass: KiB(later.size) <= 30,
          note: `loaded once with the first page after /sign-up, besides its own: ${shared
            .map((c) => `${c.name} ${KiB(c.size).toFixed(1)} KiB`)
            .join(', ')}`,
        },
      );
      // Lighthouse takes about 20 s a run: the smoke (npm test) leaves it out, so that npm test stays
      // seconds long and never waits on a browser's timing.
      if (smoke) log('7. web: Lighthouse left out of the smoke run');
      else figures.push(...(await lighthouseFigures(applicants[0]!, api, SITE_PORT, BARE_PAGE_PORT)));
    }
  }

  for (const f of figures)
    log(
      `${f.item} ${f.name}: ${f.value.toFixed(1)} ${f.unit} vs ${f.baseline?.toFixed(1) ?? '–'} → ` +
        `${f.ratio?.toFixed(2) ?? '–'}× (${f.goal}) ${f.pass === undefined ? '' : f.pass ? 'PASS' : 'FAIL'}`,
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
  const { md } = writeReport(
    ROOT,
    {
      date,
      commit: commit(ROOT),
      machine: machine(),
      engine: ENGINE_LABEL,
      settings,
      figures: engine === 'sqlite' ? figures : againstSqlite(figures, date),
      notes: NOT_MEASURED,
    },
    Boolean(only),
  );
  log(`\nreport: ${md}`);
  return 0;
}

/**
 * Item 7 in the browser: the production build and a bare React page, each served as deploy/ serves it,
 * audited by Lighthouse (mobile, simulated throttling) 3 times each, interleaved; /financial as a
 * signed-in applicant (the session's cookies in the browser's jar).
 */
async function lighthouseFigures(who: Applicant, api: string, sitePort: number, barePort: number): Promise<Figure[]> {
  const RUNS = 3;
  log(`\n7. web: Lighthouse (mobile, simulated throttling), ${RUNS} runs each, interleaved`);
  const site = join(dataDir, 'web-site');
  const bare = join(dataDir, 'bare-page');
  asDeployed(ROOT, NODE, join(ROOT, 'web/dist'), site);
  buildBarePage(ROOT, NODE, join(dataDir, 'bare-build'));
  asDeployed(ROOT, NODE, join(dataDir, 'bare-build'), bare);
  for (const [name, dir, port] of [
    ['web-site', site, sitePort],
    ['bare-page', bare, barePort],
  ] as const) {
    running.push(
      await startService({
        name,
        command: NODE,
        args: [join(ROOT, 'tests/bench/static-server.ts')],
        cwd: ROOT,
        env: { STATIC_DIR: dir, PORT: String(port), ...(name === 'web-site' ? { API_URL: api } : {}) },
        ready: () => tcpOpen(port),
        quiet: true,
      }),
    );
  }
  // A fresh sign-in, so that every run starts with a live access token whatever ran before.
  const signedIn = await who.client.post('/auth/login', { username: who.email, password: TEST_PASSWORD });
  if (signedIn.status !== 200) throw new Error(`sign-in for Lighthouse answered ${signedIn.status}`);
  const cookies = Object.fromEntries(who.client.cookies);
  const origin = `http://127.0.0.1:${sitePort}`;
  const runs = await lighthouseRuns(
    [
      { name: 'bare', url: `http://127.0.0.1:${barePort}/` },
      { name: '/sign-up', url: `${origin}/sign-up` },
      { name: '/financial', url: `${origin}/financial`, cookies },
    ],
    RUNS,
    process.env.BENCH_LIGHTHOUSE_DIR,
  );
  // A page that was sent elsewhere (/financial to /sign-up without a session) measured another page.
  for (const [name, rs] of Object.entries(runs))
    for (const r of rs)
      if (name !== 'bare' && new URL(r.finalUrl).pathname !== name)
        throw new Error(`Lighthouse on ${name} ended on ${r.finalUrl}`);
  const base = medians(runs.bare!);
  const figures: Figure[] = [];
  for (const page of ['/sign-up', '/financial']) {
    const m = medians(runs[page]!);
    const last = runs[page]!.at(-1)!;
    // Lighthouse 12.2's LCP-element audit fails on this Chromium (its trace gatherer), so first paint instead.
    const seen = `first contentful paint ${m.fcp.toFixed(0)} ms (bare ${base.fcp.toFixed(0)}); render-blocking: ${last.renderBlocking.join(', ') || 'none'}`;
    const each = (k: 'score' | 'lcp' | 'cls' | 'tbt', digits: number) =>
      `runs ${runs[page]!.map((r) => r[k].toFixed(digits)).join(', ')}`;
    figures.push(
      {
        item: '7',
        name: `Lighthouse ${page}: performance score (mobile)`,
        unit: '',
        value: m.score,
        baseline: base.score,
        ratio: m.score / base.score,
        goal: '≥ 0.95',
        pass: m.score >= 0.95,
        note: `${each('score', 2)}; ${seen}`,
      },
      {
        item: '7',
        name: `Lighthouse ${page}: largest contentful paint`,
        unit: 'ms',
        value: m.lcp,
        baseline: base.lcp,
        ratio: m.lcp / base.lcp,
        goal: '≤ 1.2× the bare page',
        pass: m.lcp / base.lcp <= 1.2,
        note: each('lcp', 0),
      },
      {
        item: '7',
        name: `Lighthouse ${page}: cumulative layout shift`,
        unit: '',
        value: m.cls,
        baseline: base.cls,
        goal: '≤ 0.02',
        pass: m.cls <= 0.02,
        note: each('cls', 3),
      },
      {
        item: '7',
        name: `Lighthouse ${page}: total blocking time`,
        unit: 'ms',
        value: m.tbt,
        baseline: base.tbt,
        goal: '≤ 100 ms',
        pass: m.tbt <= 100,
        note: each('tbt', 0),
      },
    );
  }
  return figures;
}

/**
 * Item 2: a run on PostgreSQL reports each figure against the same figure measured on SQLite earlier the
 * same day (the day's report): the engines cannot share one stack, so the two runs follow each other.
 */
function againstSqlite(figures: Figure[], date: string): Figure[] {
  const json = join(ROOT, 'tests', 'bench', 'results', `${date}.json`);
  const before = existsSync(json) ? (JSON.parse(readFileSync(json, 'utf8')) as { figures: Figure[] }).figures : [];
  return figures.map((f) => {
    // Names carry the run's p99 ("… requests/s (p99 82 ms)"): matched without it.
    const bare = (name: string) => name.replace(/ \(p99 [^)]*\)/, '');
    const sqlite = before.find((b) => b.item === f.item && bare(b.name) === bare(f.name));
    const higherIsBetter = f.unit.endsWith('/s');
    const ratio = sqlite ? f.value / sqlite.value : undefined;
    return {
      item: '2',
      name: `PostgreSQL against SQLite: ${f.name}`,
      unit: f.unit,
      value: f.value,
      baseline: sqlite?.value,
      ratio,
      goal: higherIsBetter
        ? 'faster engine is the default (> 1× favours PostgreSQL)'
        : 'reported (< 1× favours PostgreSQL)',
      pass: undefined,
      note: f.ratio !== undefined ? `on PostgreSQL against its own first size: ${f.ratio.toFixed(2)}×` : undefined,
    };
  });
}

/** What the suite does not measure yet, and what holds the failing goals back: one line each. */
const NOT_MEASURED = [
  'Item 1: two causes, both fixed. (a) FerretDB v1.24 pushes down only a lone `_id` equality, so the lookups by applicationId, userId, userName, ' +
    'tokenHash and the revocation poll read whole collections: every hot lookup is now by `_id` (README "FerretDB and MongoDB"). (b) FerretDB ' +
    "v1.24.2's SQLite backend missed its own `_id` index (filter `->'$._id'`, index `->\"_id\"`), so even `_id` lookups read every row " +
    '(82 ms at 50,000 documents): patched in tools/ferretdb (0.5 ms at any size).',
  "Item 1's sizes run one after the other on one growing database (they cannot be interleaved), so their ratios carry the machine's " +
    "drift from other work (each size's counted rounds are beside its figures). Every lookup on these paths is an index lookup now, whose " +
    'cost does not grow with the data (measured directly on FerretDB: findOne by `_id` 0.5 ms at 1,000, 10,000 and 50,000 documents). ' +
    'Read a figure below 0.8× at the largest size with its rounds: rounds that range widely point at the machine, steady ones at the data.',
  'Item 1 on a quiet machine (2026-11-25, bca4892, nothing else running, load average 2 to 4): every operation at 100,000 applications at or above its 1,000 figure (read path 1.17×, sign-in 1.02×, stage update 1.22×, owner save 1.00×; counted rounds steady, beside each figure). The two runs of 2026-11-24 (f6c4c4d and 1dc2f6c) shared the machine with other work (load average 4 to 12) and disagreed at 100,000 (0.43× to 1.92×); this run settles it.',
  "Item 2: FerretDB on PostgreSQL pushes equality down as `_jsonb->'field' @> value`, which its btree `_id` index cannot serve, so on " +
    'PostgreSQL every lookup (`_id` too) is a sequential scan; SQLite with the patch serves them from the index. Item 2 figures are a run on ' +
    'PostgreSQL after the SQLite run of the same day (not interleaved). SQLite stays the default.',
  "Item 2's SQLite baselines are the earlier SQLite run's figures (commit f6c4c4d; the PostgreSQL run differs from it in benchmark code and documents only), not the item 1 rows above.",
  "Item 5: the stand-ins (CRM, e-sign, offers) time every request they answer, and the e-sign stand-in counts the 300 ms it simulates converting a document; each api call's orchestration time is its wall time less the stand-in time within it (a request made while several calls were in flight is shared evenly among them; the note gives the bound with all of it subtracted). Stand-in time is a few per cent of the calls: the wall time is orchestration. The driver retries a 503 TRY_AGAIN (the database busy) with its Idempotency-Key after the Retry-After, as the web app does, and the figure counts those retries; before 2026-11-25 it counted such an answer as a failed journey.",
  'Item 5, 2026-11-25 (before: 63.8 applications/min, orchestration p95 2,112 ms on 23f106c the same morning): (a) patch issue-14-fewer-round-trips ' +
    '(new runs only; older histories replay as they ran, and a recorded history of the new course is replayed beside them): the record writes ' +
    'inside the updates (saveCrmLeadIds, saveSignatureId, saveOpportunityId) run as local activities, in the worker inside the workflow task, ' +
    'where each was an activity task and one more workflow task; the final submission asks the CRM for the rep while the offer email goes; ' +
    'StalledSince moves by whole minutes, so most progress upserts no search attribute (23 upserts in a journey before). (b) The Temporal dev ' +
    "server's SQLite wrote a rollback journal with a sync per transaction (35 to 60 MB/s of disk writes during the journeys): now WAL with " +
    'NORMAL sync, and activities dispatched eagerly with the workflow task answer. Earlier runs of 200 on this code, beside other ' +
    'work on the same cores: 82.7/min with p95 1,262 ms, 74.2/min with 1,429 ms. What holds it back: the 2 cores are saturated during the journeys ' +
    '(run queue 7 to 10; Temporal 75%, FerretDB 44%, api 31%, worker 25% of the 200%), so every hop between the processes waits for a core: ' +
    'under this load a workflow task spends 150 to 500 ms between the worker taking it and answering it, and an update that runs an activity ' +
    'takes at least two such tasks. The same code at concurrency 5 (60 journeys, --journey-concurrency=5): 60.7/min, p95 427 ms, stage moves ' +
    'p50 40 ms; at 2 (the smoke) 257 ms: the stack tops out near 75 applications a minute on these cores, and beyond that the calls queue. The 250 ms goal needs the stages spread over more cores (Temporal, FerretDB and the api each have their ' +
    "own in production), or fewer activities in the applicant's updates than the spec's calls allow (CRM, e-sign, offers, email).",
  "Item 5 memory: a finished application stays in the worker's sticky cache until pushed out (the SDK sizes a workflow at about 1.7 MB), so " +
    'with 20 warm-up journeys the worker grew while its cache filled (347 MiB after 20, then 520, 584, 588 and 593 after 120 to 420 journeys: ' +
    'levelling off at the bound, no leak); the warm-up now fills the cache to WORKER_MAX_CACHED_WORKFLOWS (100) first. Before the bound the ' +
    "SDK's default of about 2,300 made 1.39× over 200 journeys. Each figure's note gives the trend after each quarter of the " +
    'journeys. Tried and dropped: reading memory after 15 s idle; V8 had shrunk the heap after the warm-up but not yet after the ' +
    'journeys (the worker still sending documents to the CRM), so the two readings compared unlike moments (api 477 against 609 MiB ' +
    'idle, while under load it read 647, 642, 632 and 609 after each quarter).',
  'Item 6 (the 2026-11-24 report before this change: 0.48× and RSS +114 MiB; earlier 0.28× and 0.20×): the api received and spooled ' +
    'the whole file before its S3 PUT began, so the receive and the PUT followed each other. Changed (202f892 and after): when the ' +
    "request's Content-Length announces the file part's length (browsers and HTTP clients write the form the same way), the file's " +
    'bytes go to a PutObject of that length as they arrive, teed with the spool the inspection reads; the last chunk is held back ' +
    'until the form has ended well and the file proved exactly that long, so a refused, cut short or otherwise-sized upload never ' +
    'completes an object (s3rver keeps the bytes of an abandoned PUT: the key is removed, and the unfinished-upload row, written before ' +
    'the first byte goes, leaves it to the sweep if the api dies); a chunked body, another length or S3 failing before it had every ' +
    'byte falls back to a put from the spool. A scavenge every 8 MB of upload bytes frees the socket buffers that V8 otherwise ' +
    'collects only after 64 MB of them have piled up (RSS: a bare relay of this code +43 MiB without, +10 MiB with). Runs ' +
    'interleaved with the old code (77975c5) on 2026-11-24/25, 3 counted rounds each: old 0.30 to 0.48× (RSS +76 to +103 MiB), new ' +
    '0.59 to 0.85× (RSS +50 to +54 MiB); by load average: new 0.63 to 0.72× at 7 to 11 (old 0.31 to 0.33×), 0.70 to 0.85× at 1.4 to 2, ' +
    '0.59 to 0.65× at 2.5 to 3 (old 0.30 and 0.48×), and 0.78 to 1.17× at 8 to 14, where the direct PUTs fell to 24 to 36 MB/s. ' +
    'What holds it back: the direct PUT uses two processes (client, s3rver) and the ' +
    'api path three on the same 2 cores (CPU per 35 MB, measured on a bare relay: client 105 to 176 ms with the form, relay 150 to 250 ms ' +
    "for busboy, the spool's writes and the socket to S3 (90 to 100 without the spool), s3rver 130 to 190 ms); a bare relay of the same streaming code (no Nest, database or inspection) " +
    'reached 0.58 to 0.72× of the direct PUT; after the last byte the answer still waits for the inspection (about 50 ms for this ' +
    'file: reading the spool, the raw scans, pdf-lib) and the File row. Tried and dropped: writing the spool in 1 MB batches (no CPU ' +
    'saved), 4 MB of buffer between the client and S3 (no gain seen under load), a multipart upload (s3rver rewrites the object whole ' +
    'on completion).',
  'Item 7: the first-visit goal of 100 KiB is out of reach of this runtime: React (react-dom 62, react 3 KiB) and TanStack Router (26) ' +
    'alone weigh about 93 KiB. Since 2026-11-24 (172 KiB): the web app translates with its own small layer instead of i18next and ' +
    'react-i18next (about 24 KiB), the first visit carries only the shell and /sign-up words, XState (12) comes with the journey actor, ' +
    "and the journey pages' loaders with the first journey page. Not done: about 6 KiB of libs (the web imports libs through its index, " +
    'so the answer rules and the industry list share a chunk the first visit loads) and TanStack Query (10; the shell and the route ' +
    'guards read the session through its cache).',
  'Item 7, 2026-11-25: /sign-up is prerendered at build (web/src/prerender.tsx, react-dom/server, English and French; index.html ' +
    'shows one before the first paint, only on /sign-up and only to a visitor without a session) and hydrated; text typed before the ' +
    "app's code runs is kept, and a Continue pressed then is held and made once the page is ready (tests/e2e/prerender.spec.ts). In a real " +
    'browser with the scripts held back 1.5 s the form painted at 0.27 s. A journey page asks for its saved answers from index.html, as ' +
    "soon as the session check names the application. Lighthouse's simulated throttling credits little of the early paint: its model " +
    'counts the scripts that finished downloading before the paint as what the paint waited for, so LCP moved from 1.73× to about 1.66× ' +
    'the bare page; TBT and the score moved more (the entry no longer renders /sign-up from nothing). Tried and dropped: the scripts at ' +
    'low fetch priority (simulated FCP 0.78 s, LCP unchanged, TBT up to 0.32 s).',
  "Item 7's Lighthouse rows: Lighthouse 12.2.3 with its default mobile settings (simulated slow 4G: 150 ms round trips, 1.6 Mbit/s, CPU " +
    '4× slower), headless Debian Chromium, 3 runs per page interleaved with the bare page, each metric the median of its runs; the ' +
    'production build and the bare React page both served as deploy/nginx.conf serves them (tests/bench/static-server.ts: brotli copies made ' +
    "at build, /assets/ cached as immutable); /financial with a signed-in applicant's session cookies in the browser. What holds LCP " +
    'back is bytes and main-thread work, not a blocking resource: the first visit fetches about 130 KiB of compressed JS against about ' +
    "60 for the bare page (a third of a second more on the simulated link) and runs it (the entry's evaluation and the first render are most " +
    'of the blocking time); /financial has its saved answers asked by index.html once the session check answers (since 2026-11-25). The rest of the ' +
    "start runs side by side: index.html asks GET /api/auth/user and modulepreloads the landing page's " +
    'chunks while the entry downloads, and a signed-out check is one round trip (the api says NO_SESSION when no refresh cookie came, ' +
    "so no refresh is tried). The only render-blocking file is the 3 KiB stylesheet; no web fonts; no layout shift. Lighthouse 12.2's " +
    'LCP-element and layout-shift-cause audits fail on this Chromium (its trace gatherer), the metrics do not.',
];

let code = 1;
try {
  code = await main();
} catch (e) {
  console.error(`bench failed: ${(e as Error).stack}`);
} finally {
  await cleanup();
}
process.exit(code);
