// Paired figures: ours (A) against a bare baseline (B) in the same run, interleaved A B A B ... with the
// warm-up discarded (load.ts `interleaved`), each side's CPU per request beside it, and each figure the
// median of its counted rounds with the median of the pair-by-pair ratios judged against its goal.
import { readFileSync } from 'node:fs';
import type { BenchContext } from './context.ts';
import { interleaved, median, pairedRatio, type LoadResult } from './load.ts';
import type { Figure } from './report.ts';

/** CPU time (user + system) a process has used, in ms (Linux /proc; clock ticks are 1/100 s). */
export function cpuMs(pid: number | undefined): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Runs `f` and says how many ms of CPU each named process spent per answered request meanwhile. */
export async function withCpu(procs: Record<string, number | undefined>, f: () => Promise<LoadResult>) {
  const before = Object.fromEntries(Object.entries(procs).map(([k, pid]) => [k, cpuMs(pid)]));
  const r = await f();
  const per = Object.entries(procs)
    .map(([k, pid]) => `${k} ${((cpuMs(pid) - before[k]!) / Math.max(1, r.requests)).toFixed(1)}`)
    .join(', ');
  return { ...r, cpu: `CPU ms/request: ${per}` };
}

/** One figure of a pair: which measure, its name and unit, and its goal on the paired ratio. */
export type PairedGoal = {
  key: 'rps' | 'p50' | 'p95' | 'p99';
  name: string;
  unit: string;
  goal: string;
  pass: (ratio: number) => boolean;
};

/**
 * Runs A against B interleaved (CPU measured for the stack and `cpu`), fails the run on any failed request
 * ('<what> (api)', '<what> (bare)'), and gives one figure per goal.
 */
export async function pairedFigures(
  ctx: BenchContext,
  opts: {
    item: string;
    what: string;
    cpu: string;
    a: () => Promise<LoadResult>;
    b: () => Promise<LoadResult>;
    figures: PairedGoal[];
  },
): Promise<Figure[]> {
  const res = await interleaved({
    ...ctx.S,
    log: ctx.log,
    a: () => withCpu(ctx.procs(opts.cpu), opts.a),
    b: () => withCpu(ctx.procs(opts.cpu), opts.b),
  });
  ctx.check(`${opts.what} (api)`, res.a);
  ctx.check(`${opts.what} (bare)`, res.b);
  return opts.figures.map((f) => {
    const ratio = pairedRatio(res.a, res.b, f.key);
    return {
      item: opts.item,
      name: f.name,
      unit: f.unit,
      value: median(res.a.map((r) => r[f.key])),
      baseline: median(res.b.map((r) => r[f.key])),
      ratio,
      goal: f.goal,
      pass: f.pass(ratio),
    };
  });
}
