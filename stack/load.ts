// `npm run load`: load with faults on the production topology's shape (tests/load/load.spec.ts).
// Builds, then runs the Vitest project `load` with the run's size from flags:
//   --concurrency N   applicants walking the journey at once (default 100)
//   --duration S      seconds during which new applicants start (default 600)
//   --applicants N    at most N applicants in all (default: as many as the duration takes)
//   --fault-rate F    share of external calls that fail (default 0.1)
//   --seed N          the faults' seed (default 15)
//   --drain S         seconds after the duration that journeys in flight may take to end (default 300)
//   --settle S        seconds the product gets, faults off, to finish what is in flight (default 120)
//   --no-kill         no api or worker killed midway
//   --short           10 applicants at once for 60 s (a couple of minutes in all)
//   --name X          report file suffix: tests/bench/results/load-<date>-X.md
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './stack.ts';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const short = args.includes('--short');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  LOAD_CONCURRENCY: flag('concurrency') ?? (short ? '10' : '100'),
  LOAD_DURATION_S: flag('duration') ?? (short ? '60' : '600'),
  LOAD_APPLICANTS: flag('applicants') ?? '0',
  LOAD_FAULT_RATE: flag('fault-rate') ?? '0.1',
  LOAD_SEED: flag('seed') ?? '15',
  LOAD_SETTLE_S: flag('settle') ?? '120',
  LOAD_DRAIN_S: flag('drain') ?? '300',
  LOAD_KILL: args.includes('--no-kill') ? '0' : '1',
  LOAD_NAME: flag('name') ?? (short ? 'short' : ''),
  // The journey's waits take their long bounds (300 s, 40 presses): under load a step waits in a queue.
  RESILIENCE_FULL: '1',
};
for (const [k, v] of Object.entries(env)) if (k.startsWith('LOAD_')) console.log(`${k}=${v}`);
const node = process.execPath;
const bin = (p: string) => join(ROOT, 'node_modules', p);
const built = spawnSync(node, [bin('typescript/bin/tsc'), '-b'], { cwd: ROOT, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const run = spawnSync(node, [bin('vitest/vitest.mjs'), 'run', '--project', 'load'], {
  cwd: ROOT,
  stdio: 'inherit',
  env,
});
process.exit(run.status ?? 1);
