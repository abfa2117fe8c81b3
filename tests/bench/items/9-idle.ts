// Item 9, the idle stack's CPU per minute: what `npm start` costs a developer's machine with nobody using it.
// A second stack, started as `npm start` starts it (stack/start.ts: every service, the web build's watcher,
// Prometheus, Zipkin, the operators' door) on free ports with a throw-away data directory, left alone
// `--idle-settle` seconds (60), then each service's CPU (its process tree, /proc utime + stime, reaped
// children included) over `--idle-window` seconds (120), in CPU-s per minute. Load on the shared cores
// barely moves a CPU-time figure, unlike a latency. The smoke form starts nothing: two seconds of the
// bench's own stack (busy with the sign-ups just made, so not judged), so `npm test` stays quick and the
// reading code still runs.
import type { BenchContext } from '../context.ts';
import { describeIdle, measureIdleStack, type IdleReading } from '../idle-stack.ts';
import { describeWindow, startWindow } from '../machine-cpu.ts';
import type { Figure } from '../report.ts';

/** The goal of the performance findings: the whole idle stack at most half a CPU-second a minute. */
const GOAL_CPU_S_PER_MIN = 0.5;

async function benchStackReading(ctx: BenchContext, seconds: number): Promise<IdleReading> {
  const services = (ctx.services?.() ?? []).filter((s) => s.pid !== undefined);
  const window = startWindow(services.map((s) => ({ name: s.name, pids: [s.pid] })));
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const { machine, cpuMs } = window.end();
  const perMinute = Object.fromEntries(Object.entries(cpuMs).map(([k, ms]) => [k, ms / 1000 / (seconds / 60)]));
  const total = Object.values(perMinute).reduce((a, b) => a + b, 0);
  return { perMinute, total, machine, startS: 0 };
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const settleS = Number(ctx.arg('idle-settle') ?? 60);
  const windowS = Number(ctx.arg('idle-window') ?? 120);
  ctx.log(
    ctx.smoke
      ? `\n9. idle stack CPU: 2 s of the bench's own stack (smoke)`
      : `\n9. idle stack CPU: npm start's stack, ${settleS} s to settle, ${windowS} s measured`,
  );
  const r = ctx.smoke
    ? await benchStackReading(ctx, 2)
    : await measureIdleStack(ctx.root, ctx.node, settleS, windowS, ctx.log);
  ctx.log(`  ${r.total.toFixed(3)} CPU-s/min in all: ${describeIdle(r)} [${describeWindow(r.machine)}]`);
  if (Object.keys(r.perMinute).length === 0) ctx.failures.push('item 9: no stack process found to measure');
  return [
    {
      item: '9',
      name: ctx.smoke
        ? "idle stack CPU per minute (smoke: 2 s of the bench's own stack, not idle, not judged)"
        : `idle stack CPU per minute (every process of npm start's stack, ${windowS} s after ${settleS} s idle)`,
      unit: 'CPU-s/min',
      value: r.total,
      goal: `≤ ${GOAL_CPU_S_PER_MIN} CPU-s/min`,
      // The smoke form reads a stack that has just signed its applicants up: only that it reads is checked.
      pass: ctx.smoke ? undefined : r.total <= GOAL_CPU_S_PER_MIN,
      note: `by process, CPU-s/min: ${describeIdle(r)}; the stack came up in ${r.startS.toFixed(0)} s`,
      machine: r.machine,
    },
  ];
}
