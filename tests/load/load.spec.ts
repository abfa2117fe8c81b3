// Load with faults on the production topology's shape. `concurrency` applicants at a time
// walk the whole journey (resilience/journey.ts) for `duration` seconds through two api replicas behind a
// round-robin proxy and two workers, with a seeded share of every external call failing; one api and one
// worker are SIGKILLed and restarted midway. Then every application is counted: completed, lost (the
// journey never completed, or its data differs), duplicates (any side effect more than once).
// Run by `npm run load` (stack/load.ts sets the LOAD_* variables); writes bench/results/load-<date>.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { documentTaskQueue } from '../../workflows/src/application/activities';
import { ROOT } from '../../stack/stack.ts';
import { EXPECTED, countEffects, type Counts } from '../resilience/effects';
import { runJourney, type JourneyResult } from '../resilience/journey';
import { holdFor, until } from '../support/until';
import { sampleBacklog } from './backlog';
import { apiLatency, backlogSvg, fmtMs, machine, type Figure } from './report';
import { startLoadStack, type LoadStack } from './stack';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const CONFIG = {
  concurrency: num('LOAD_CONCURRENCY', 10),
  durationS: num('LOAD_DURATION_S', 60),
  /** At most this many applicants in all (0: as many as the duration takes). */
  applicants: num('LOAD_APPLICANTS', 0),
  faultRate: num('LOAD_FAULT_RATE', 0.1),
  seed: num('LOAD_SEED', 15),
  kill: process.env.LOAD_KILL !== '0',
  /** After the duration, how long the journeys in flight may take to end before the driver stops waiting. */
  drainS: num('LOAD_DRAIN_S', 300),
  /** After the last journey ends, how long the product may take to finish what is in flight. */
  settleS: num('LOAD_SETTLE_S', 120),
};

type Outcome = {
  name: string;
  applicationId?: string;
  email?: string;
  ok: boolean;
  error?: string;
  result?: JourneyResult;
  counts?: Counts;
  started: number;
  ended: number;
};

let stack: LoadStack;
let sampler: Awaited<ReturnType<typeof sampleBacklog>>;
const outcomes: Outcome[] = [];
const inFlight: { at: number; n: number }[] = [];

beforeAll(async () => {
  stack = await startLoadStack('load');
  sampler = await sampleBacklog(inject('temporalAddress'), [stack.taskQueue, documentTaskQueue(stack.taskQueue)]);
}, 300_000);
afterAll(async () => {
  await sampler?.stop();
  await stack?.close();
});

it('load with faults on two api and two worker replicas: nothing lost, nothing twice', async () => {
  const start = Date.now();
  const deadline = start + CONFIG.durationS * 1000;
  stack.randomFaults(CONFIG.faultRate, CONFIG.seed);
  stack.events.push({ at: start, what: `start: ${CONFIG.faultRate * 100}% faults` });
  let started = 0;
  let running = 0;

  // One api and one worker SIGKILLed midway (40% and 50% of the duration), each back 5 s later.
  const chaos = CONFIG.kill
    ? (async () => {
        const at = (share: number) =>
          holdFor(Math.max(0, start + share * CONFIG.durationS * 1000 - Date.now()), "the run's schedule of kills");
        await at(0.4);
        await stack.kill('api', 1);
        await holdFor(5000, 'the replica stays down this long');
        await stack.restart('api', 1);
        await at(0.5);
        await stack.kill('worker', 1);
        await holdFor(5000, 'the replica stays down this long');
        await stack.restart('worker', 1);
      })().catch((e: Error) => {
        // A replica that does not come back is a finding of the run, not the end of its report.
        stack.events.push({ at: Date.now(), what: `restart failed: ${e.message}` });
      })
    : Promise.resolve();

  const more = () => Date.now() < deadline && (CONFIG.applicants === 0 || started < CONFIG.applicants);
  const lane = async () => {
    while (more()) {
      const name = `a${++started}`;
      running++;
      const o: Outcome = { name, ok: false, started: Date.now(), ended: 0 };
      outcomes.push(o);
      try {
        o.result = await runJourney(stack.asResilience, name);
        o.ok = true;
      } catch (e) {
        o.error = (e as Error).message.slice(0, 300);
      }
      if (!o.error?.startsWith('still walking')) o.ended = Date.now();
      running--;
    }
  };
  const tick = setInterval(() => inFlight.push({ at: Date.now(), n: running }), 2000);
  // Lanes start over the first 10 s, not all in the same millisecond (applicants arrive, they do not stampede).
  const lanes = Promise.all(
    Array.from({ length: CONFIG.concurrency }, async (_, i) => {
      await holdFor((i * 10_000) / CONFIG.concurrency, 'lanes start spread over the first 10 s');
      await lane();
    }),
  );
  // Bounded: journeys still walking `drainS` after the duration are left (and count as not completed).
  let lanesEnded = false;
  let laneFailure: unknown;
  void lanes.then(
    () => (lanesEnded = true),
    (e: unknown) => ((laneFailure = e), (lanesEnded = true)),
  );
  await until(
    () => lanesEnded,
    (ended) => ended,
    { ms: Math.max(0, deadline + CONFIG.drainS * 1000 - Date.now()), what: 'every lane ended' },
  ).catch(() => undefined);
  if (laneFailure) throw laneFailure;
  clearInterval(tick);
  for (const o of outcomes.filter((x) => !x.ended))
    o.error = `still walking when the driver stopped waiting (${CONFIG.drainS} s after the duration)`;
  await chaos;
  const driverEnd = Date.now();

  // Faults off; whatever is still in flight in the workflows may finish. Then count everything.
  stack.clearFaults();
  stack.events.push({ at: driverEnd, what: 'last journey ended, faults off' });
  const settleEnd = driverEnd + CONFIG.settleS * 1000;
  const backlogNow = () =>
    sampler.samples.filter((s) => s.at > Date.now() - 5000).reduce((sum, s) => sum + s.backlog, 0);
  while (Date.now() < settleEnd && backlogNow() > 0) await holdFor(2000, 'the poll cadence');
  await holdFor(5000, 'a write still under way once the backlog is empty lands within this window');
  for (const o of outcomes) {
    const who = stack.applicants.get(o.name);
    if (!who) continue;
    o.applicationId = who.applicationId;
    o.email = who.email;
    o.counts = await countEffects(stack.asResilience, who.applicationId, who.email);
  }
  const end = Date.now();
  await sampler.stop();

  // Figures.
  const completed = outcomes.filter((o) => o.ok && o.result!.leadIntact && equalCounts(o.counts!, EXPECTED));
  const lost = outcomes.filter((o) => !o.ok || !o.result!.leadIntact || missing(o.counts).length > 0);
  const duplicated = outcomes.filter((o) => extra(o.counts).length > 0);
  const lat = apiLatency(stack.front.timings.filter((t) => t.at >= start && t.at <= driverEnd));
  const fivexx = stack.front.timings.filter((t) => t.status >= 500 && t.at >= start && t.at <= driverEnd);
  const maxBacklog = Math.max(0, ...sampler.samples.map((s) => s.backlog));
  const injected = Object.fromEntries(
    Object.entries(stack.proxies).map(([n, p]) => [
      n,
      {
        calls: p.seen.filter((s) => s.at >= start).length,
        faults: p.seen.filter((s) => s.at >= start && s.fault).length,
      },
    ]),
  );
  const figures: Figure[] = [
    {
      name: 'applications completed',
      value: String(completed.length),
      goal: `all ${outcomes.length} started`,
      pass: completed.length === outcomes.length,
    },
    { name: 'lost', value: String(lost.length), goal: '0', pass: lost.length === 0 },
    {
      name: 'duplicates (applications with any side effect twice)',
      value: String(duplicated.length),
      goal: '0',
      pass: duplicated.length === 0,
    },
    {
      name: 'api or worker processes that died by themselves',
      value: String(stack.crashes.length),
      goal: '0',
      pass: stack.crashes.length === 0,
    },
    { name: 'api p50 (all requests through the front door)', value: fmtMs(lat.p50), goal: 'reported', pass: null },
    { name: 'api p99', value: fmtMs(lat.p99), goal: 'reported', pass: null },
    {
      name: 'api 5xx answers seen by applicants',
      value: String(fivexx.length),
      goal: 'reported (502s while a replica is killed)',
      pass: null,
    },
    {
      name: 'worker backlog, highest sample',
      value: String(maxBacklog),
      goal: 'drains after the run',
      pass: backlogNow() === 0,
    },
  ];

  const date = new Date(start).toISOString().slice(0, 10);
  const outDir = join(ROOT, 'tests', 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  const base = `load-${date}${process.env.LOAD_NAME ? `-${process.env.LOAD_NAME}` : ''}`;
  writeFileSync(join(outDir, `${base}.svg`), await backlogSvg(sampler.samples, stack.events, start));
  const m = machine();
  const secs = (ms: number) => `${Math.round(ms / 1000)} s`;
  const md = [
    `# Load with faults, ${new Date(start).toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    '',
    `**What ran**: ${CONFIG.concurrency} concurrent applicants${CONFIG.applicants ? ` (at most ${CONFIG.applicants} in all)` : ''}, new ones starting for ${CONFIG.durationS} s (${outcomes.length} applicants in all), each walking the whole journey through the api (resilience/journey.ts: sign-up, answers, e-sign, two statements, offers, voided check, submit). ${CONFIG.faultRate * 100}% of external calls met a random fault (seed ${CONFIG.seed}; HTTP: 503, 429, refused, timeout after send, reset after send, slow answer, malformed body, truncated body; SMTP: the same after-send kinds, drawn once per message). Two api processes behind a round-robin proxy, two worker processes, one Temporal dev server, one FerretDB. ${CONFIG.kill ? 'api 2 SIGKILLed at 40% of the duration and worker 2 at 50%, each restarted 5 s later.' : 'No kills.'} The driver ran ${secs(driverEnd - start)}; the product then had up to ${CONFIG.settleS} s with faults off to drain, and everything was counted at ${secs(end - start)}.`,
    '',
    `**Machine**: ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}, load average at the end ${m.loadavg.join(' / ')}; shared with other engineers' test runs.`,
    '',
    '| Figure | Value | Goal | Result |',
    '| --- | --- | --- | --- |',
    ...figures.map(
      (f) => `| ${f.name} | ${f.value} | ${f.goal} | ${f.pass === null ? '—' : f.pass ? 'PASS' : 'FAIL'} |`,
    ),
    '',
    `![worker backlog over time](${base}.svg)`,
    '',
    '## External calls and the faults they met',
    '',
    '| Service | Calls | Faults injected |',
    '| --- | --- | --- |',
    ...Object.entries(injected).map(([n, v]) => `| ${n} | ${v.calls} | ${v.faults} |`),
    '',
    `Requests the front door sent on to the other replica because one refused the connection: ${stack.front.skipped()}.`,
    '',
    '## api answers by status',
    '',
    lat.statuses.map(([s, n]) => `${s}: ${n}`).join(', '),
    '',
    '## Slowest routes (p99)',
    '',
    '| Route | Requests | p50 | p99 |',
    '| --- | --- | --- | --- |',
    ...lat.routes.slice(0, 12).map((r) => `| ${r.route} | ${r.count} | ${fmtMs(r.p50)} | ${fmtMs(r.p99)} |`),
    '',
    '## Journeys that did not complete, or left a side effect twice',
    '',
    ...(lost.length + duplicated.length === 0
      ? ['None.']
      : [...new Set([...lost, ...duplicated])].map(
          (o) =>
            `- ${o.name} (${o.applicationId ?? 'no application'}): ${o.error ?? (o.result?.leadIntact === false ? 'data differs' : '')} missing [${missing(o.counts).join(', ')}] extra [${extra(o.counts).join(', ')}]`,
        )),
    '',
    `Events: ${stack.events.map((e) => `${secs(e.at - start)} ${e.what}`).join('; ')}.`,
    '',
  ].join('\n');
  writeFileSync(join(outDir, `${base}.md`), md);
  writeFileSync(
    join(ROOT, 'test-results', `${base}.json`),
    `${JSON.stringify({ config: CONFIG, figures, outcomes, events: stack.events, backlog: sampler.samples, inFlight }, null, 1)}\n`,
  );
  console.log(md);

  expect(lost.map((o) => o.name)).toEqual([]);
  expect(duplicated.map((o) => o.name)).toEqual([]);
  expect(stack.crashes).toEqual([]);
});

const KEYS = Object.keys(EXPECTED) as (keyof Counts)[];
const equalCounts = (a: Counts, b: Counts) => KEYS.every((k) => a[k] === b[k]);
const missing = (c?: Counts) => (c ? KEYS.filter((k) => c[k] < EXPECTED[k]).map((k) => `${k} ${c[k]}`) : ['all']);
const extra = (c?: Counts) => (c ? KEYS.filter((k) => c[k] > EXPECTED[k]).map((k) => `${k} ${c[k]}`) : []);
