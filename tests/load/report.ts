// The load run's report: figures against their goals, the machine, what ran, and the workers' backlog over
// time drawn as an SVG by Vega-Lite (compiled to Vega, rendered headless: no canvas, no native code).
import { cpus, loadavg, totalmem } from 'node:os';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { BacklogSample } from './backlog';
import type { LoadEvent } from './stack';
import type { Timing } from './round-robin';

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The backlog per queue and task type over the run's seconds, with the kills and restarts marked. */
export async function backlogSvg(samples: BacklogSample[], events: LoadEvent[], start: number): Promise<string> {
  const series = (s: BacklogSample) =>
    `${s.queue.endsWith('-documents') ? 'documents' : 'application'} queue, ${s.type} tasks`;
  const values = samples.map((s) => ({
    t: Math.round((s.at - start) / 100) / 10,
    backlog: s.backlog,
    added: Math.round(s.addRate * 100) / 100,
    series: series(s),
  }));
  const marks = events.map((e) => ({ t: Math.round((e.at - start) / 100) / 10, what: e.what }));
  const x = { field: 't', type: 'quantitative', title: 'seconds since the run started' } as const;
  const color = {
    field: 'series',
    type: 'nominal',
    title: null,
    legend: { orient: 'top', columns: 2, labelLimit: 320 },
  } as const;
  const eventLayers = (height: number) =>
    [
      {
        data: { values: marks },
        mark: { type: 'rule', strokeDash: [4, 3], color: '#b22' },
        encoding: { x: { field: 't', type: 'quantitative' } },
      },
      {
        data: { values: marks },
        mark: { type: 'text', angle: 270, align: 'left', dx: 4, dy: -4, fontSize: 10, color: '#b22' },
        encoding: { x: { field: 't', type: 'quantitative' }, y: { value: height - 5 }, text: { field: 'what' } },
      },
    ] as const;
  const spec: TopLevelSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'Worker task queues over the run (Temporal DescribeTaskQueue with reportStats)',
    vconcat: [
      {
        width: 760,
        height: 260,
        title: 'Backlog: tasks waiting for a worker (approximate backlog count)',
        layer: [
          {
            data: { values },
            mark: { type: 'line', interpolate: 'step-after' },
            encoding: {
              x,
              y: {
                field: 'backlog',
                type: 'quantitative',
                title: 'tasks waiting',
                axis: { format: 'd', tickMinStep: 1 },
                scale: { domain: [0, Math.max(1, ...samples.map((s) => s.backlog))] },
              },
              color,
            },
          },
          ...eventLayers(260),
        ],
      },
      {
        width: 760,
        height: 200,
        title: 'Tasks added per second (the load the workers were given)',
        layer: [
          {
            data: { values },
            mark: { type: 'line' },
            encoding: { x, y: { field: 'added', type: 'quantitative', title: 'tasks / s' }, color },
          },
          ...eventLayers(200),
        ],
      },
    ],
  };
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}

export function machine() {
  const c = cpus();
  return {
    cores: c.length,
    cpu: c[0]?.model ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    loadavg: loadavg().map((l) => l.toFixed(2)),
  };
}

export type Figure = { name: string; value: string; goal: string; pass: boolean | null };

export function apiLatency(timings: Timing[]) {
  const ms = timings.map((t) => t.ms);
  const byRoute = new Map<string, number[]>();
  for (const t of timings) {
    const k = `${t.method} ${t.route}`;
    if (!byRoute.has(k)) byRoute.set(k, []);
    byRoute.get(k)!.push(t.ms);
  }
  const statuses = new Map<number, number>();
  for (const t of timings) statuses.set(t.status, (statuses.get(t.status) ?? 0) + 1);
  return {
    count: ms.length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    routes: [...byRoute]
      .map(([route, v]) => ({ route, count: v.length, p50: percentile(v, 50), p99: percentile(v, 99) }))
      .sort((a, b) => b.p99 - a.p99),
    statuses: [...statuses].sort((a, b) => a[0] - b[0]),
  };
}

export const fmtMs = (ms: number) =>
  Number.isNaN(ms) ? 'n/a' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
