// Paired figures: ours (A) against a bare baseline (B) in the same run, interleaved A B A B ... with the
// warm-up discarded (load.ts `interleaved`), each side's CPU per request beside it, and each figure the
// median of its counted rounds with the median of the pair-by-pair ratios judged against its goal.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
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
  const load = loadavg()[0]!.toFixed(1);
  return opts.figures.map((f) => {
    const ratio = pairedRatio(res.a, res.b, f.key);
    const rounds = res.a.map((r, i) => `${r[f.key].toFixed(1)}/${res.b[i]![f.key].toFixed(1)}`).join(', ');
    return {
      note: `rounds A/B: ${rounds}; load average ${load}`,
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

/** How many runs in a row an item that takes `--repeat` measures: 3 in a full run, 1 in a smoke run. */
export const repeats = (ctx: BenchContext): number =>
  Math.max(1, Math.floor(Number(ctx.arg('repeat') ?? (ctx.smoke ? 1 : 3))));

/** Which of two runs of a figure is further from its goal ('≥ ...' the lower, '≤ ...' the higher). */
function worse(a: Figure, b: Figure): Figure {
  const x = a.ratio ?? a.value;
  const y = b.ratio ?? b.value;
  if (a.goal.startsWith('≥')) return y < x ? b : a;
  if (a.goal.startsWith('≤')) return y > x ? b : a;
  return a;
}

const verdict = (f: Figure) => (f.pass === undefined ? '' : f.pass ? ' PASS' : ' FAIL');
const shown = (f: Figure) => (f.ratio !== undefined ? `${f.ratio.toFixed(2)}×` : `${f.value.toFixed(1)} ${f.unit}`);

/**
 * Measures an item `repeats(ctx)` times in a row (`once(run)` gives one run's
 * figures, each with its rounds or pairs in its note) and gives each figure once. A figure passes only if
 * it passed in every run; its value, baseline and ratio are its worst run's, and its note gives every
 * run's ratio, verdict and note, then `about[name]` (what the figure is, said once). Item 5 can call it
 * with its memory figures: `everyRun(ctx, (run) => oneRunOfJourneys(ctx, run))`.
 */
export async function everyRun(
  ctx: BenchContext,
  once: (run: number) => Promise<Figure[]>,
  about: Record<string, string> = {},
): Promise<Figure[]> {
  const runs: Figure[][] = [];
  const n = repeats(ctx);
  for (let run = 1; run <= n; run++) {
    if (n > 1) ctx.log(`  run ${run} of ${n}`);
    runs.push(await once(run));
  }
  return runs[0]!.map((first) => {
    const each = runs.map((figures) => figures.find((f) => f.name === first.name) ?? first);
    const judged = each.filter((f) => f.pass !== undefined);
    const runNotes = each
      .map((f, i) => `run ${i + 1}: ${shown(f)}${verdict(f)}${f.note ? ` (${f.note})` : ''}`)
      .join('; ');
    return {
      ...each.reduce(worse),
      pass: judged.length ? judged.every((f) => f.pass) : undefined,
      note: [n > 1 ? `worst of ${n} runs in a row; ${runNotes}` : each[0]!.note, about[first.name]]
        .filter(Boolean)
        .join('; '),
    };
  });
}
