// The Temporal dev server and FerretDB stopped and started again mid-journey (their data
// kept on disk, as `npm start` keeps it), with the api and the worker left running: the journey completes,
// nothing twice. Each has its own server here, so the suite's shared ones are left alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  spawnService,
  startService,
  stopService,
  waitReady,
  type Running,
  type ServiceSpec,
} from '../../stack/processes.ts';
import { freePorts } from '../support/free-port';
import { ownServerSpecs } from '../support/own-servers';
import { holdFor } from '../support/until';
import { EXPECTED } from './effects';
import { runJourney } from './journey';
import { STEPS, type Step } from './targets';
import { FULL, startResilienceStack, type ResilienceStack } from './support';

let stack: ResilienceStack;
let dataDir = '';
const specs: Record<'temporal' | 'ferretdb', ServiceSpec> = {} as never;
const running: Partial<Record<'temporal' | 'ferretdb', Running>> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-rs-restart-'));
  const [temporalPort, mongoPort] = await freePorts(2);
  const own = ownServerSpecs({ temporal: temporalPort, mongodb: mongoPort }, dataDir);
  for (const name of ['temporal', 'ferretdb'] as const) {
    specs[name] = { ...own[name], silent: true };
    running[name] = await startService(specs[name]);
  }
  stack = await startResilienceStack('restarts', {
    temporalAddress: `127.0.0.1:${temporalPort}`,
    mongoBaseUri: `mongodb://127.0.0.1:${mongoPort}`,
  });
}, 240_000);
afterAll(async () => {
  await stack?.close();
  for (const r of Object.values(running)) if (r) await stopService(r);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type How = 'SIGTERM' | 'SIGKILL';

/**
 * Stops the server before the step begins (the step runs against it down) and starts it again 3 s later:
 * SIGTERM is a stop, SIGKILL a crash (nothing flushed, its SQLite files left mid-write).
 */
function restartAt(name: 'temporal' | 'ferretdb', at: Step, how: How, log: string[]) {
  return async (step: Step) => {
    if (step !== at) return;
    let back = false;
    await stopService(running[name]!, how);
    log.push(`${name} ${how}`);
    void (async () => {
      await holdFor(3000, 'the outage itself: the server stays down this long');
      // Back once started: the api and worker may reconnect before the readiness poll sees it listen.
      const started = spawnService(specs[name]);
      running[name] = started;
      back = true;
      await waitReady(started);
      log.push(`${name} started again`);
    })();
    return { [`${name} restarted`]: () => back };
  };
}

// The short form stops each server once; `RESILIENCE_FULL=1` stops and crashes each before every step.
const CASES: [name: 'temporal' | 'ferretdb', at: Step, how: How][] = FULL
  ? (['temporal', 'ferretdb'] as const).flatMap((name) =>
      STEPS.flatMap((at) =>
        (['SIGTERM', 'SIGKILL'] as const).map((how) => [name, at, how] as [typeof name, Step, How]),
      ),
    )
  : [
      ['temporal', 'sign', 'SIGTERM'],
      ['ferretdb', 'submitStatements', 'SIGKILL'],
    ];

describe('Temporal and FerretDB restarted mid-journey', () => {
  for (const [name, at, how] of CASES)
    it(`${name} ${how === 'SIGKILL' ? 'killed (SIGKILL)' : 'stopped'} and started again at ${at}: the journey completes, nothing twice`, async () => {
      const log: string[] = [];
      const r = await runJourney(stack, `restart-${name}-${at}-${how}`.slice(0, 40), restartAt(name, at, how, log));
      expect(r.faultsMet).toEqual({ [`${name} restarted`]: true });
      expect(r.counts).toEqual(EXPECTED);
      expect(r.leadIntact).toBe(true);
    });
});
