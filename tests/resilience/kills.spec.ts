// The worker SIGKILLed around an activity's external call, then started again. Kill
// points: 'in flight' (the proxy has the request: the service acts, the worker never hears back) and
// 'after the answer' (the proxy passed the answer on: the activity may have its result, but its
// completion is never recorded). Temporal retries the activity once its start-to-close timeout passes
// (30 s for the CRM, 60 s for the others), so the short form kills at two calls; RESILIENCE_FULL=1 at
// every call of TARGETS, both ways.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../stack/stack.ts';
import { EXPECTED } from './effects';
import { runJourney, type JourneyResult } from './journey';
import { TARGETS, type Step, type Target } from './targets';
import { FULL, startResilienceStack, type ResilienceStack } from './support';

type KillPoint = 'in flight' | 'after the answer';
type Kill = { target: Target; point: KillPoint; process?: 'worker' | 'api' };
const byName = (activity: string) => TARGETS.find((t) => t.activity === activity)!;

const KILLS: Kill[] = FULL
  ? [
      ...TARGETS.filter((t) => t.service !== 's3').flatMap((target) =>
        (['in flight', 'after the answer'] as const).map((point) => ({ target, point })),
      ),
      { target: byName('api upload: statement to S3'), point: 'in flight', process: 'api' },
    ]
  : [
      { target: byName('createCrmLead'), point: 'after the answer' },
      { target: byName('prepareSignRequest: createSignRequest'), point: 'in flight' },
      { target: byName('api upload: statement to S3'), point: 'in flight', process: 'api' },
    ];

let stack: ResilienceStack;
const results: { kill: string; result?: JourneyResult; log?: string[] }[] = [];

beforeAll(async () => {
  stack = await startResilienceStack('kills');
});
afterAll(async () => {
  await stack?.close();
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'test-results', `resilience-kills${FULL ? '-full' : ''}.json`),
    `${JSON.stringify({ full: FULL, results }, null, 2)}\n`,
  );
});

/** Kills the worker once, at the kill point of the target's first call in this step, and starts it again. */
function killAt(kill: Kill, log: string[]) {
  return (step: Step) => {
    if (kill.target.step !== step) return;
    const proxy = stack.proxies[kill.target.service];
    const { method, path } = kill.target.match;
    const hits = (s: { method: string; path: string }) =>
      (!method || s.method === method) &&
      (path === undefined || (typeof path === 'string' ? s.path.startsWith(path) : path.test(s.path)));
    let done = false;
    const fire = () => {
      if (done) return;
      done = true;
      unhook();
      const which = kill.process ?? 'worker';
      log.push(`${new Date().toISOString()} SIGKILL ${which} ${kill.point} of ${kill.target.activity}`);
      void stack
        .kill(which)
        .then(() => stack.restart(which))
        .then(() => log.push(`${new Date().toISOString()} ${which} started again`));
    };
    const unhook = proxy.hook(
      kill.point === 'in flight' ? { onRequest: (s) => hits(s) && fire() } : { onResponse: (s) => hits(s) && fire() },
    );
    return { [`killed ${kill.point} of ${kill.target.activity}`]: () => done };
  };
}

describe('the worker killed around an activity', () => {
  for (const [i, kill] of KILLS.entries())
    it(`SIGKILL of the ${kill.process ?? 'worker'} ${kill.point} of ${kill.target.activity}: the journey completes, nothing twice`, async () => {
      const log: string[] = [];
      // Numbered first: cut to 40 characters, two kill points of one call were the same applicant.
      const name = `kill-${i}-${kill.process ?? 'worker'}-${kill.target.activity}-${kill.point}`
        .replace(/\W+/g, '-')
        .toLowerCase()
        .slice(0, 40);
      const entry: (typeof results)[number] = {
        kill: `${kill.process ?? 'worker'} ${kill.point} of ${kill.target.activity}`,
      };
      results.push(entry);
      const r = await runJourney(stack, name, killAt(kill, log));
      entry.result = r;
      entry.log = log;
      expect(Object.values(r.faultsMet)).toEqual([true]);
      // An api killed while S3 takes the upload leaves that object behind until the unfinished-upload sweep
      // removes it (10 minutes on, after this count); whether S3 kept it depends on how much of the body it
      // had when the api died: at most one.
      expect({ ...r.counts, s3Orphans: 0 }).toEqual(EXPECTED);
      expect(r.counts.s3Orphans).toBeLessThanOrEqual(kill.process === 'api' ? 1 : 0);
      expect(r.leadIntact).toBe(true);
    });
});
