// The browser driver: a process of its own (forked by browser-journeys.ts) where the web app's modules run
// with one browser tab per applicant, `concurrency` at a time. Commands over IPC: 'journeys' (sign-up to a
// submitted application) and 'after' (each of those applicants' reads after the submission).
import { installBrowserGlobals, inTab, Tab, type TimedCall } from './tab.ts';
import { readableStatement } from './statements.ts';

installBrowserGlobals();
const { loadWebApp } = await import('./web-app.ts');
const { browserJourney } = await import('./journey.ts');
const { statementMonths } = await import('@portal/libs');
const app = await loadWebApp();

export type BrowserCommand =
  | {
      kind: 'journeys';
      /** The web server's origin (its /api proxied to the api), or the api's. */
      api: string;
      viaWebServer?: boolean;
      maildev: string;
      count: number;
      concurrency: number;
      tag: string;
    }
  | { kind: 'after'; polls: number; concurrency: number; applicationIds: string[] };

export type BrowserResult = {
  journeys: number;
  failures: string[];
  wallSeconds: number;
  calls: TimedCall[];
  waitsMs: number[];
  applicationIds: string[];
  readable: number;
};

const tabs = new Map<string, Tab>();

async function pool(count: number, concurrency: number, one: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) await one(i);
    }),
  );
}

async function journeys(cmd: Extract<BrowserCommand, { kind: 'journeys' }>): Promise<BrowserResult> {
  // Texas asks for three months today; each month's statement is made once and uploaded by everyone.
  const statements = new Map<string, Uint8Array>();
  for (const state of ['TX', 'NY', 'CA'])
    for (const m of statementMonths(state, new Date()))
      if (!statements.has(m)) statements.set(m, await readableStatement(m));
  const { run } = browserJourney(app, { maildev: cmd.maildev, statements });
  const calls: TimedCall[] = [];
  const failures: string[] = [];
  const waitsMs: number[] = [];
  const applicationIds: string[] = [];
  let readable = 0;
  const started = performance.now();
  await pool(cmd.count, cmd.concurrency, async (i) => {
    // One address an applicant: a loopback one of its own to leave from through a web server, else one to name.
    const host = `${Math.floor(i / 255) % 255}.${(i % 255) + 1}`;
    const ip = cmd.viaWebServer
      ? `127.${77 + Math.floor(i / 65025)}.${host}`
      : `10.${60 + Math.floor(i / 65025)}.${host}`;
    const tab = new Tab(cmd.api, ip, (c) => calls.push(c), cmd.viaWebServer);
    try {
      const out = await inTab(tab, () => run(tab, `${cmd.tag}${i}`));
      applicationIds.push(out.applicationId);
      waitsMs.push(...out.waitsMs);
      if (out.readable) readable++;
      tabs.set(out.applicationId, tab);
    } catch (e) {
      failures.push(`browser journey ${i} (at ${tab.step}): ${(e as Error).message}`);
    }
  });
  const wallSeconds = (performance.now() - started) / 1000;
  return { journeys: cmd.count, failures, wallSeconds, calls, waitsMs, applicationIds, readable };
}

async function after(cmd: Extract<BrowserCommand, { kind: 'after' }>): Promise<BrowserResult> {
  const { after: reads } = browserJourney(app, { maildev: '', statements: new Map() });
  const calls: TimedCall[] = [];
  const failures: string[] = [];
  const started = performance.now();
  await pool(cmd.applicationIds.length, cmd.concurrency, async (i) => {
    const id = cmd.applicationIds[i]!;
    const tab = tabs.get(id)!;
    const record = tab.record;
    // This phase's calls are this command's.
    tab.record = (c) => calls.push(c);
    try {
      const out = await inTab(tab, () => reads(tab, id, cmd.polls));
      if (!out.opportunity) failures.push(`after ${id}: no opportunity for the booking view`);
    } catch (e) {
      failures.push(`after ${id} (at ${tab.step}): ${(e as Error).message}`);
    } finally {
      tab.record = record;
    }
  });
  const wallSeconds = (performance.now() - started) / 1000;
  return {
    journeys: cmd.applicationIds.length,
    failures,
    wallSeconds,
    calls,
    waitsMs: [],
    applicationIds: cmd.applicationIds,
    readable: 0,
  };
}

process.on('message', (m: { id: number; cmd: BrowserCommand }) => {
  const work = m.cmd.kind === 'journeys' ? journeys(m.cmd) : after(m.cmd);
  work.then(
    (result) => process.send!({ id: m.id, result }),
    (e: unknown) => process.send!({ id: m.id, error: (e as Error).stack ?? String(e) }),
  );
});
process.send!('ready');
