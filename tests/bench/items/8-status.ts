// Item 8, reads on a submitted application: one whole journey, then, once its workflow's run has closed, the
// /status page's poll (GET /api/application/{id}/progress, every 30 s while the page is open) and the
// booking view's rep (GET /api/salesforce/opportunity/calandly/{id}) read `polls` times each, one after
// another as one applicant's page does. The figure is the CPU the api and the worker spend per read (their
// process trees, /proc); Temporal's and FerretDB's are in the note. A read that has the closed run answer a
// query replays its whole history in the worker; one served from a stored snapshot does not. For comparison,
// the same poll by an applicant whose journey is under way (its run open): its first poll starts the watch
// (watchProgress, an update), the next ones read the progress the workflow pushes to the record.
import { Client, Connection } from '@temporalio/client';
import type { ApiClient } from '../../support/api-client.ts';
import { onePagePdf } from '../../support/pdf-fixtures.ts';
import type { BenchContext } from '../context.ts';
import { runJourneys } from '../journeys.ts';
import { journeyGroups, startWindow, type CpuGroup, type MachineWindow } from '../machine-cpu.ts';
import { median } from '../load.ts';
import type { Figure } from '../report.ts';

/** Waits until the application's workflow run has closed (it goes on after the submission's answer). */
async function untilClosed(address: string, applicationId: string): Promise<number> {
  const client = new Client({ connection: await Connection.connect({ address }) });
  const t0 = performance.now();
  try {
    for (;;) {
      const d = await client.workflow.getHandle(`application-${applicationId}`).describe();
      if (d.status.name !== 'RUNNING') return performance.now() - t0;
      if (performance.now() - t0 > 60_000) throw new Error('item 8: the workflow did not close within 60 s');
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await client.connection.close();
  }
}

type Reads = { perRead: Record<string, number>; p50: number; machine: MachineWindow };

/** `n` reads of `path` one after another: each group's CPU ms per read, and the reads' median time. */
async function reads(ctx: BenchContext, groups: CpuGroup[], client: ApiClient, path: string, n: number) {
  const times: number[] = [];
  const window = startWindow(groups);
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await client.get(path);
    times.push(performance.now() - t0);
    if (res.status !== 200) ctx.failures.push(`item 8: GET ${path} answered ${res.status}`);
  }
  const { machine, cpuMs } = window.end();
  const perRead = Object.fromEntries(Object.entries(cpuMs).map(([k, ms]) => [k, ms / n]));
  return { perRead, p50: median(times), machine } satisfies Reads;
}

const own = (r: Reads) => r.perRead.api! + r.perRead.worker!;
const line = (r: Reads) =>
  `api ${r.perRead.api!.toFixed(1)}, worker ${r.perRead.worker!.toFixed(1)}, temporal ` +
  `${r.perRead.temporal!.toFixed(1)}, ferretdb ${r.perRead.ferretdb!.toFixed(1)} ms; p50 ${r.p50.toFixed(0)} ms`;

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const { arg, log } = ctx;
  const polls = Number(arg('status-polls') ?? 20);
  log(`\n8. reads on a submitted application: ${polls} status polls and ${polls} booking-view reads`);
  const r = await runJourneys({
    api: ctx.api,
    maildev: ctx.maildev,
    concurrency: 1,
    count: 1,
    tag: 'status',
    statement: await onePagePdf(),
  });
  const [applicationId] = r.applicationIds;
  const client = r.clients[0];
  if (!applicationId || !client || r.failures.length) throw new Error(`item 8: the journey failed: ${r.failures}`);
  const closedMs = await untilClosed(ctx.env.TEMPORAL_ADDRESS!, applicationId);
  const opportunity = (await client.get('/auth/user')).body.data.applications[0].sfOpportunityId as string;
  const groups = journeyGroups(ctx.services?.() ?? [], ctx.procs('api').driver);
  const status = `/application/${applicationId}/progress`;
  const rep = `/salesforce/opportunity/calandly/${opportunity}`;
  // The first of each after the run closed: where a snapshot is kept, this read stores it.
  const firstStatus = await reads(ctx, groups, client, status, 1);
  const firstRep = await reads(ctx, groups, client, rep, 1);
  const polled = await reads(ctx, groups, client, status, polls);
  const repRead = await reads(ctx, groups, client, rep, polls);
  const open = ctx.applicants[0]!;
  const openPath = `/application/${open.applicationId}/progress`;
  // The first poll of an open run starts its watch (watchProgress, an update); the next ones read the record.
  const openWatch = await reads(ctx, groups, open.client, openPath, 1);
  const openPoll = await reads(ctx, groups, open.client, openPath, polls);
  log(`  run closed ${(closedMs / 1000).toFixed(1)} s after the submission's answer`);
  log(`  first status read after the close: ${line(firstStatus)}`);
  log(`  status poll, per read: ${line(polled)}`);
  log(`  first booking-view read after the close: ${line(firstRep)}`);
  log(`  booking-view read, per read: ${line(repRead)}`);
  log(`  first status poll of an application in progress (run open; starts the watch): ${line(openWatch)}`);
  log(`  status poll of an application in progress (run open), per read: ${line(openPoll)}`);
  // Ten minutes of /status open: 20 polls (the web asks every 30 s).
  const tenMinutes = 20 * own(polled);
  return [
    {
      item: '8',
      name: `status poll CPU per read on a submitted application (api + worker, ${polls} polls)`,
      unit: 'ms',
      value: own(polled),
      goal: '≤ 5 ms',
      pass: own(polled) <= 5,
      note:
        `${line(polled)}; the first read after the run closed: ${line(firstStatus)}; ten minutes of /status ` +
        `(20 polls) ${tenMinutes.toFixed(0)} ms of api + worker CPU; an application in progress (its run open, ` +
        `answered from the progress the watched workflow pushes): ${line(openPoll)}, the first poll (the watch, ` +
        `renewed every 29 minutes while polled): ${line(openWatch)}`,
      machine: polled.machine,
    },
    {
      item: '8',
      name: `booking-view (rep) read CPU per read on a submitted application (api + worker, ${polls} reads)`,
      unit: 'ms',
      value: own(repRead),
      goal: '≤ 5 ms',
      pass: own(repRead) <= 5,
      note: `${line(repRead)}; the first read after the run closed: ${line(firstRep)}`,
      machine: repRead.machine,
    },
  ];
}
