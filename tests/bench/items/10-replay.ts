// Item 10, the workflow side of a journey alone: the browser's journey's committed history
// (workflows/test/histories/application-journey.pb) replayed by the SDK's replayer in a child process
// (tests/bench/replay-cpu.ts), its CPU per replay. That is the worker's workflow thread's work for the
// journey's workflow tasks (the workflow code, the SDK's sandbox, the codec) without the activities, the
// network or Temporal, so a change of the workflow code shows here apart from the rest of item 5's figure.
// Beside it, the same replays without the execution timeout the SDK sets on every call into its sandbox (a
// watchdog thread started and joined per call): what that guard costs. The worker keeps it (a workflow task
// caught in a loop fails alone, instead of holding the workflow thread and every run on it), and the SDK
// gives no option for it; the figure says what it weighs. Rounds alternate, guarded first; each figure the
// median of its rounds.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { BenchContext } from '../context.ts';
import type { Figure } from '../report.ts';

type Replay = { file: string; events: number; replays: number; cpuMs: number; wallMs: number; sandboxCalls: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function replayOnce(ctx: BenchContext, replays: number, bundle: string, unguarded: boolean): Promise<Replay> {
  const args = ['--import', join(ctx.root, 'stack/esm-sources.mjs'), join(ctx.root, 'tests/bench/replay-cpu.ts')];
  args.push(`--replays=${replays}`, `--bundle=${bundle}`, ...(unguarded ? ['--unguarded'] : []));
  // The histories are sealed under the settings' own payload key, as the replay test opens them.
  const { PAYLOAD_KEY_ID, PAYLOAD_KEY } = ctx.libs.loadEnv(ctx.libs.WORKER_SETTINGS, { ...process.env, ...ctx.env });
  return new Promise((resolve, reject) => {
    const child = spawn(ctx.node, args, {
      cwd: ctx.root,
      env: { ...process.env, PAYLOAD_KEY_ID, PAYLOAD_KEY },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as Replay);
      else reject(new Error(`replay-cpu exited ${code}: ${err.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const replays = Number(ctx.arg('replays') ?? (ctx.smoke ? 2 : 40));
  const rounds = ctx.smoke ? 1 : Number(ctx.arg('replay-rounds') ?? 3);
  ctx.log(`\n10. workflow replay: the browser's journey's history, ${replays} replays a run, ${rounds} rounds`);
  const bundle = join(ctx.dataDir, 'replay-workflow-bundle.js');
  const guarded: Replay[] = [];
  const unguarded: Replay[] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      const a = await replayOnce(ctx, replays, bundle, false);
      const b = await replayOnce(ctx, replays, bundle, true);
      guarded.push(a);
      unguarded.push(b);
      ctx.log(
        `  round ${round}: ${a.cpuMs.toFixed(1)} ms CPU a replay (wall ${a.wallMs.toFixed(0)} ms), without the ` +
          `sandbox's timeout ${b.cpuMs.toFixed(1)} (wall ${b.wallMs.toFixed(0)}); ${a.sandboxCalls.toFixed(1)} calls ` +
          `into the sandbox, ${a.events} history events`,
      );
    }
  } catch (e) {
    ctx.failures.push(`item 10: ${(e as Error).message}`);
    return [];
  }
  const cpu = median(guarded.map((r) => r.cpuMs));
  const bare = median(unguarded.map((r) => r.cpuMs));
  const first = guarded[0]!;
  return [
    {
      item: '10',
      name:
        `workflow replay: CPU ms per replay of the browser's journey's history (${first.events} events, ` +
        `${first.sandboxCalls.toFixed(0)} calls into the sandbox), against the same without the sandbox's per-call timeout`,
      unit: 'ms',
      value: cpu,
      baseline: bare,
      ratio: cpu / bare,
      goal: 'reported',
      pass: undefined,
      note:
        `rounds (guarded / without the timeout, ms of CPU; wall): ` +
        guarded
          .map(
            (a, i) =>
              `${a.cpuMs.toFixed(0)} / ${unguarded[i]!.cpuMs.toFixed(0)}; ${a.wallMs.toFixed(0)} / ${unguarded[i]!.wallMs.toFixed(0)}`,
          )
          .join(', ') +
        `; ${replays} replays a run, in a child process; the timeout's watchdog costs ` +
        `${((cpu - bare) / first.sandboxCalls).toFixed(2)} ms of CPU a call here`,
    },
  ];
}
