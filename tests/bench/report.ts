// The benchmark report: bench/results/<date>.md and .json, each figure with its baseline, ratio, goal
// and verdict, plus the machine, the database engine and the commit it was measured on.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { describeWindow, type MachineWindow } from './machine-cpu.ts';

export type Figure = {
  item: string;
  name: string;
  unit: string;
  value: number;
  /** The bare baseline measured in the same run (absent for figures that are their own reference). */
  baseline?: number;
  ratio?: number;
  goal: string;
  pass: boolean | undefined;
  /** One line: what holds a failing figure back, or how it was measured. */
  note?: string;
  /** The commit and engine it was measured on, when the report gathers runs (`--only`) of one day. */
  run?: string;
  /**
   * The benchmark that measured it (its `--only` name): one item can have two (item 5's browser's journey and
   * its sizes), so a run of one of them keeps the other's figures.
   */
  bench?: string;
  /**
   * The machine while it was measured: the 1-minute load average at its start and end and the CPU
   * spent on work that was not the bench's own. A figure measured within one window of its item's has its
   * own; the others carry their item's (stack/bench.ts).
   */
  machine?: MachineWindow;
};

export type Report = {
  date: string;
  commit: string;
  machine: { cores: number; cpu: string; memoryGiB: number; node: string; platform: string };
  engine: string;
  settings: Record<string, unknown>;
  figures: Figure[];
  notes: string[];
};

export function machine(): Report['machine'] {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

export function commit(root: string): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
    });
    return dirty.trim() ? `${head} (with uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}

// Below 1 (a Lighthouse score, a layout shift) two significant digits, or 0.003 would read as 0.0.
const fmt = (n: number | undefined, digits = 1) =>
  n === undefined || Number.isNaN(n)
    ? '–'
    : Math.abs(n) >= 100
      ? n.toFixed(0)
      : n !== 0 && Math.abs(n) < 1
        ? String(Number(n.toPrecision(2)))
        : n.toFixed(digits);

export function toMarkdown(r: Report): string {
  const rows = r.figures.map(
    (f) =>
      `| ${f.item} | ${f.name} | ${fmt(f.value)} ${f.unit} | ${f.baseline === undefined ? '–' : `${fmt(f.baseline)} ${f.unit}`} | ` +
      `${f.ratio === undefined ? '–' : `${f.ratio.toFixed(2)}×`} | ${f.goal} | ${f.pass === undefined ? (f.goal.startsWith('baseline') ? 'baseline' : 'not judged') : f.pass ? 'PASS' : 'FAIL'} | ${f.note ?? ''} | ${f.machine ? describeWindow(f.machine) : '–'} |`,
  );
  return [
    `# Benchmark report ${r.date}`,
    '',
    `- Commit: ${r.commit}`,
    ...runsOf(r),
    `- Machine: ${r.machine.cores} cores (${r.machine.cpu}), ${r.machine.memoryGiB} GiB, Node ${r.machine.node}, ${r.machine.platform}`,
    `- Database engine: ${r.engine}`,
    `- Method: every figure against a baseline measured in the same run, interleaved (A B A B ...), warm-up pair discarded; ` +
      `values are medians over the counted rounds and ratios the median of the pair-by-pair ratios. ` +
      `Settings: ${Object.entries(r.settings)
        .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
        .join(', ')}.`,
    `- Machine during each figure (last column): the 1-minute load average at its start and end, and the CPU the ` +
      `machine spent meanwhile on work that was not the bench's own (/proc/stat's busy time less the CPU of the ` +
      `bench's process tree: the bench, the stack it started and the load driver), in CPU-s and as a share of the ` +
      `machine's ${r.machine.cores} cores over the window. A figure's window is its own measurement where the item ` +
      `times one (item 5: each size's measured journeys), else the whole item's run.`,
    '',
    '| item | figure | value | baseline | ratio | goal | verdict | note | machine during it |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    ...(r.notes.length ? ['## Notes', '', ...r.notes.map((n) => `- ${n}`), ''] : []),
  ].join('\n');
}

/** When figures come from several runs of the day: which items each run measured. */
function runsOf(r: Report): string[] {
  const runs = new Map<string, Set<string>>();
  for (const f of r.figures) if (f.run) runs.set(f.run, (runs.get(f.run) ?? new Set()).add(f.item));
  if (runs.size < 2) return [];
  return [...runs].map(([run, items]) => `- Items ${[...items].join(', ')} measured on ${run}`);
}

/** The day's report if there is one, else the newest earlier one (bench/results/<date>.json). */
function latestReport(dir: string, today: string): string | undefined {
  if (existsSync(today)) return today;
  const dated = readdirSync(dir)
    .filter((f) => /^\d{4}-\d{2}-\d{2}\.json$/.test(f))
    .sort();
  return dated.length ? join(dir, dated[dated.length - 1]!) : undefined;
}

/**
 * Writes the day's report. A run of some benchmarks only (`--only`) keeps the other items' figures from
 * the latest report (the day's, or the newest before it), each marked with the commit and engine it was
 * measured on, so the report always gives every item.
 */
export function writeReport(root: string, r: Report, keepOthers = false): { md: string; json: string } {
  const dir = join(root, 'tests', 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const md = join(dir, `${r.date}.md`);
  const json = join(dir, `${r.date}.json`);
  const run = `${r.commit}, ${r.engine}`;
  r.figures = r.figures.map((f) => ({ ...f, run: f.run ?? run }));
  const earlier = keepOthers ? latestReport(dir, json) : undefined;
  if (earlier) {
    const before = JSON.parse(readFileSync(earlier, 'utf8')) as Report;
    const benches = new Set(r.figures.map((f) => f.bench ?? f.item));
    const items = new Set(r.figures.map((f) => f.item));
    // A figure is replaced by the run of the benchmark that measured it (a figure without one, by its item's).
    const replaced = (f: Figure) => (f.bench ? benches.has(f.bench) : items.has(f.item));
    // A figure from an earlier day says which day.
    const day = before.date === r.date ? '' : ` (${before.date})`;
    const kept = before.figures
      .filter((f) => !replaced(f))
      .map((f) => ({ ...f, run: `${f.run ?? before.commit}${/\(\d{4}-\d{2}-\d{2}\)$/.test(f.run ?? '') ? '' : day}` }));
    r.figures = [...kept, ...r.figures].sort((a, b) => Number(a.item) - Number(b.item));
    // The same for the notes that name an item ("Item 1: ..."): those written on the earlier runs (some
    // by hand, from reading their figures) stay while any figure of their item stays.
    const itemOf = (note: string) => /^Item (\d+)/.exec(note)?.[1];
    const keptItems = new Set(kept.map((f) => f.item));
    const notes = [
      ...before.notes.filter((n) => itemOf(n) !== undefined && (!items.has(itemOf(n)!) || keptItems.has(itemOf(n)!))),
      ...r.notes.filter((n) => itemOf(n) === undefined || items.has(itemOf(n)!)),
    ];
    r.notes = [...new Set(notes)].sort((a, b) => Number(itemOf(a) ?? Infinity) - Number(itemOf(b) ?? Infinity));
  }
  writeFileSync(md, toMarkdown(r));
  writeFileSync(json, `${JSON.stringify(r, null, 2)}\n`);
  return { md, json };
}
