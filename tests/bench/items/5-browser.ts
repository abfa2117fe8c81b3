// Item 5, the browser's journey (`--only=browser`): applicants go from sign-up to a submitted application as
// the web app takes them (browser/journey.ts: the web's own api modules, route loaders and journey machine,
// the months of statements the state asks for, readable statements of several pages, the signer's page and
// the return to the portal), then read what an applicant reads after the submission (a later visit to the
// booking view, and /status open for ten minutes: its loader and `--status-polls-per-journey` polls, 20 by
// default, the 30-second refresh counted, not waited). Beside it, in turn, the bench's own journey of before
// (journeys.ts), so the two are measured under the same load. `--browser-runs` rounds (3), each of
// `--browser-journeys` applications (40) of each kind at `--journey-concurrency` (20). Every goal is judged
// on every round: a figure passes only if each round does.
import { onePagePdf } from '../../support/pdf-fixtures.ts';
import type { BenchContext } from '../context.ts';
import { startBrowserDriver, type BrowserResult } from '../browser-journeys.ts';
import { callsByRoute } from '../browser/calls.ts';
import { crmApiCalls, crmCallsEach, rssMiB, runJourneys } from '../journeys.ts';
import { describeWindow, journeyGroups, startWindow, type MachineWindow } from '../machine-cpu.ts';
import type { Figure } from '../report.ts';
import { cpuLine, spread } from './5-journeys.figures.ts';
import { historyLengths, longestOver } from './5-journeys.ts';

type Round = {
  kind: 'browser' | 'bench';
  completed: number;
  perMinute: number;
  /** CPU ms per application by process group, and in all (the server side: every group but the driver). */
  cpu: Record<string, number>;
  total: number;
  events: number[];
  /** The longest history's events when it is over the goal (EVENTS_GOAL). */
  longest?: { workflowId: string; events: string[] };
  callsPerJourney: number;
  /** The CRM stand-in's API calls per application (a Salesforce org's daily allowance counts them), by route. */
  crmCalls: { each: number; routes: string[] };
  machine: MachineWindow;
  /** The browser's reads after the submission: CPU ms per application and per read, and reads per application. */
  after?: { total: number; perRead: number; reads: number; polls: number; cpu: Record<string, number> };
  readable?: number;
  /** The browser's calls per application by method and route ("GET /api/... ×n (step ×n, ...)"). */
  routes?: string[];
};

/** The goal for a journey's workflow history. */
const EVENTS_GOAL = 80;

const serverSide = (cpuMs: Record<string, number>) =>
  Object.entries(cpuMs)
    .filter(([k]) => k !== 'driver')
    .reduce((a, [, ms]) => a + ms, 0);
const per = (cpuMs: Record<string, number>, n: number) =>
  Object.fromEntries(Object.entries(cpuMs).map(([k, ms]) => [k, ms / Math.max(1, n)]));

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const { smoke, arg, log } = ctx;
  const count = Number(arg('browser-journeys') ?? (smoke ? 1 : 40));
  const rounds = Number(arg('browser-runs') ?? (smoke ? 1 : 3));
  const concurrency = Number(arg('journey-concurrency') ?? (smoke ? 2 : 20));
  const polls = Number(arg('status-polls-per-journey') ?? 20);
  const groups = journeyGroups(ctx.services?.() ?? [], ctx.procs('api').driver);
  const address = ctx.env.TEMPORAL_ADDRESS!;
  log(
    `\n5. the browser's journey beside the bench's: ${rounds} rounds of ${count} of each at ${concurrency} at once, ` +
      `${polls} status polls per browser applicant`,
  );
  const browser = await startBrowserDriver(ctx.root);
  const statement = await onePagePdf();
  const rows: Round[] = [];
  // Memory idle (before any journey of this item, no warm-up) and busy (as the last round ends).
  const memory = () => ({ api: rssMiB(ctx.pid('api')), worker: rssMiB(ctx.pid('worker')) });
  const idle = memory();
  let busy = idle;
  try {
    const crmCalls = () => crmApiCalls(ctx.ports.CRM_STANDIN_PORT);
    const browserRound = async (tag: string): Promise<Round> => {
      const crm = await crmCalls();
      const w = startWindow(groups);
      const r: BrowserResult = await browser.run({
        kind: 'journeys',
        api: ctx.observed?.web ?? ctx.api,
        viaWebServer: Boolean(ctx.observed),
        maildev: ctx.maildev,
        count,
        concurrency,
        tag,
      });
      const { cpuMs, machine } = w.end();
      ctx.failures.push(...r.failures.slice(0, 5));
      const completed = r.applicationIds.length;
      const wa = startWindow(groups);
      const a = await browser.run({ kind: 'after', polls, concurrency, applicationIds: r.applicationIds });
      const afterMs = wa.end().cpuMs;
      ctx.failures.push(...a.failures.slice(0, 5));
      const afterTotal = serverSide(afterMs);
      const events = await historyLengths(address, r.applicationIds);
      return {
        kind: 'browser',
        completed,
        perMinute: (completed / r.wallSeconds) * 60,
        cpu: per(cpuMs, completed),
        total: (serverSide(cpuMs) + afterTotal) / Math.max(1, completed),
        events,
        longest: await longestOver(address, r.applicationIds, events, EVENTS_GOAL),
        callsPerJourney: (r.calls.length + a.calls.length) / Math.max(1, completed),
        crmCalls: crmCallsEach(crm, await crmCalls(), completed),
        machine,
        after: {
          total: afterTotal / Math.max(1, completed),
          perRead: afterTotal / Math.max(1, a.calls.length),
          reads: a.calls.length / Math.max(1, completed),
          polls,
          cpu: per(afterMs, completed),
        },
        readable: r.readable,
        routes: callsByRoute([...r.calls, ...a.calls], completed),
      };
    };
    const benchRound = async (tag: string): Promise<Round> => {
      const crm = await crmCalls();
      const w = startWindow(groups);
      const r = await runJourneys({ api: ctx.api, maildev: ctx.maildev, concurrency, count, tag, statement });
      const { cpuMs, machine } = w.end();
      ctx.failures.push(...r.failures.slice(0, 5));
      const completed = r.applicationIds.length;
      const events = await historyLengths(address, r.applicationIds);
      return {
        kind: 'bench',
        completed,
        perMinute: (completed / r.wallSeconds) * 60,
        cpu: per(cpuMs, completed),
        total: serverSide(cpuMs) / Math.max(1, completed),
        events,
        longest: await longestOver(address, r.applicationIds, events, EVENTS_GOAL),
        callsPerJourney: r.calls.length / Math.max(1, completed),
        crmCalls: crmCallsEach(crm, await crmCalls(), completed),
        machine,
      };
    };
    // Warm-up, one round of each, discarded (the smoke run has none).
    if (!smoke) {
      await browserRound('bwarm');
      await benchRound('jwarm');
    }
    for (let k = 0; k < rounds; k++)
      for (const round of [browserRound, benchRound]) {
        const r = await round(`${round === browserRound ? 'b' : 'j'}${k}-`);
        rows.push(r);
        log(
          `  ${r.kind} round ${k + 1}: ${r.completed}/${count} submitted, ${r.perMinute.toFixed(1)}/min, ` +
            `${(r.total / 1000).toFixed(3)} CPU-s per application (${cpuLine(r.cpu)}), history events ${spread(r.events)}, ` +
            `${r.callsPerJourney.toFixed(1)} api calls and ${r.crmCalls.each.toFixed(1)} CRM API calls each` +
            (r.after
              ? `; after the submission ${r.after.reads.toFixed(0)} reads each, ${r.after.total.toFixed(0)} ms ` +
                `(${r.after.perRead.toFixed(1)} ms a read: ${cpuLine(r.after.cpu)}), readable statements ${r.readable}/${r.completed}`
              : '') +
            `; ${describeWindow(r.machine)}`,
        );
        if (r.routes) log(`    api calls per application by route:\n      ${r.routes.join('\n      ')}`);
        log(`    CRM API calls per application by route:\n      ${r.crmCalls.routes.join('\n      ')}`);
        if (r.longest)
          log(
            `    the longest history, over ${EVENTS_GOAL} events (${r.longest.workflowId}): ${r.longest.events.join(' | ')}`,
          );
      }
    busy = memory();
  } finally {
    browser.stop();
  }
  const rss = (['api', 'worker'] as const).map((p): Figure => ({
    item: '5',
    name: `${p} RSS from idle to busy (before this item's journeys, and as its last round ends)`,
    unit: 'MiB',
    value: busy[p],
    baseline: idle[p],
    ratio: busy[p] / idle[p],
    goal: '≤ 1.1× idle',
    pass: busy[p] / idle[p] <= 1.1,
    note: `idle ${idle[p].toFixed(0)} MiB, busy ${busy[p].toFixed(0)} MiB after ${rows.length} rounds and a warm-up of each kind`,
  }));
  return [...figures(rows, { count, concurrency, polls }), ...rss];
}

function figures(rows: Round[], s: { count: number; concurrency: number; polls: number }): Figure[] {
  const of = (kind: Round['kind']) => rows.filter((r) => r.kind === kind);
  const each = (rs: Round[], f: (r: Round) => string) => rs.map(f).join('; ');
  const worst = (rs: Round[], f: (r: Round) => number, dir: 1 | -1) => Math.max(...rs.map((r) => dir * f(r))) * dir;
  const machineOf = (rs: Round[]) => rs[rs.length - 1]?.machine;
  const out: Figure[] = [];
  for (const kind of ['browser', 'bench'] as const) {
    const rs = of(kind);
    if (!rs.length) continue;
    const label = kind === 'browser' ? "the browser's journey" : "the bench's own journey (for comparison)";
    const cpu = worst(rs, (r) => r.total / 1000, 1);
    const rate = worst(rs, (r) => r.perMinute, -1);
    const events = worst(rs, (r) => Math.max(...r.events), 1);
    out.push(
      {
        item: '5',
        name: `${label}: CPU-s per application, all processes (${s.count} at ${s.concurrency} at once, worst of ${rs.length} rounds)`,
        unit: 'CPU-s',
        value: cpu,
        goal: '≤ 0.5 CPU-s in every round',
        pass: rs.every((r) => r.total <= 500),
        note:
          each(rs, (r) => `${(r.total / 1000).toFixed(3)} (${cpuLine(r.cpu)})`) +
          (kind === 'browser' ? `; includes the reads after the submission (${s.polls} status polls)` : ''),
        machine: machineOf(rs),
      },
      {
        item: '5',
        name: `${label}: applications a minute at ${s.concurrency} at once (worst of ${rs.length} rounds)`,
        unit: '/min',
        value: rate,
        goal: '≥ 200 in every round',
        pass: rs.every((r) => r.perMinute >= 200),
        note: each(rs, (r) => `${r.perMinute.toFixed(1)}, ${r.callsPerJourney.toFixed(1)} api calls each`),
        machine: machineOf(rs),
      },
      {
        item: '5',
        name: `${label}: workflow history events per journey (most in ${rs.length} rounds)`,
        unit: 'events',
        value: events,
        goal: `≤ ${EVENTS_GOAL}`,
        pass: rs.every((r) => Math.max(...r.events) <= EVENTS_GOAL),
        note: each(rs, (r) => spread(r.events)),
        machine: machineOf(rs),
      },
    );
  }
  const b = of('browser');
  if (b.length) {
    out.push(
      {
        item: '5',
        name: `the browser's reads after the submission: CPU ms per read, all processes (worst of ${b.length} rounds)`,
        unit: 'ms',
        value: worst(b, (r) => r.after!.perRead, 1),
        goal: '≤ 5 ms in every round',
        pass: b.every((r) => r.after!.perRead <= 5),
        note: each(
          b,
          (r) => `${r.after!.perRead.toFixed(1)} ms over ${r.after!.reads.toFixed(0)} reads (${cpuLine(r.after!.cpu)})`,
        ),
        machine: machineOf(b),
      },
      {
        item: '5',
        name: `ten minutes on /status (${s.polls} polls) against one application's CPU (worst of ${b.length} rounds)`,
        unit: '×',
        value: worst(b, (r) => r.after!.total / (r.total - r.after!.total), 1),
        goal: '< 1× (less CPU than one application)',
        pass: b.every((r) => r.after!.total < r.total - r.after!.total),
        note: each(b, (r) => `${r.after!.total.toFixed(0)} ms against ${(r.total - r.after!.total).toFixed(0)} ms`),
        machine: machineOf(b),
      },
      {
        item: '5',
        name: "the browser's journey: applications whose statements were read (affordability computed)",
        unit: 'share',
        value: Math.min(...b.map((r) => (r.readable ?? 0) / Math.max(1, r.completed))),
        goal: 'every one',
        pass: b.every((r) => r.readable === r.completed),
        note: each(b, (r) => `${r.readable}/${r.completed}`),
        machine: machineOf(b),
      },
    );
  }
  return out;
}
