// Every fault class aimed at every external call of the journey in turn. The journey
// must complete once the fault ends, with exactly one external side effect of each kind and the
// applicant's data intact. `RESILIENCE_FULL=1` runs the long delays (a 60 s slow answer, a hold past the
// activity's timeout, a 2-minute outage); unset, the same faults with delays of seconds.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../stack/stack.ts';
import { EXPECTED } from './effects';
import { runJourney, type JourneyResult } from './journey';
import { TARGETS, faultEveryTarget } from './targets';
import { FAULT_CLASSES, FULL, startResilienceStack, type FaultClass, type ResilienceStack } from './support';

let stack: ResilienceStack;
const results: Record<string, JourneyResult> = {};

beforeAll(async () => {
  stack = await startResilienceStack('faults');
});
afterAll(async () => {
  await stack?.close();
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'test-results', `resilience-faults${FULL ? '-full' : ''}.json`),
    `${JSON.stringify({ full: FULL, targets: TARGETS.map((t) => t.activity), results }, null, 2)}\n`,
  );
});

describe('every fault class at every external call', () => {
  it('a journey with no fault leaves exactly one of each side effect (the baseline)', async () => {
    const r = await runJourney(stack, 'baseline');
    results.none = r;
    expect(r.counts).toEqual(EXPECTED);
    expect(r.leadIntact).toBe(true);
  });

  for (const cls of Object.keys(FAULT_CLASSES) as FaultClass[]) {
    it(`${cls}: the journey completes, one side effect each, data intact`, async () => {
      stack.clearFaults();
      const r = await runJourney(stack, cls.replace(/\W+/g, '-').toLowerCase(), faultEveryTarget(stack, cls));
      results[cls] = r;
      stack.clearFaults();
      expect(r.faultsMet).toEqual(Object.fromEntries(TARGETS.map((t) => [t.activity, true])));
      expect(r.counts).toEqual(EXPECTED);
      expect(r.leadIntact).toBe(true);
    });
  }
});
