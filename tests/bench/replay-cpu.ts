// The workflow side of a journey on its own: one committed history (workflows/test/histories) replayed N
// times by the SDK's replayer, in this process, and the CPU it took (process.cpuUsage: every thread). Run by
// item 10 as a child process, so nothing else of the bench's is in the figure. The replay runs the workflow
// code, the SDK's sandbox and its codec as the worker runs them when the workflow tasks of that history come
// in, without the activities, the network or Temporal (and without the tracing interceptors a worker with
// TRACES_URL adds). `--unguarded` runs the sandbox's calls without the execution timeout the SDK sets on each
// (it starts and joins a watchdog thread per call): the cost of that guard, for the report; the worker always
// runs guarded. Prints one line of JSON.
import { createRequire } from 'node:module';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import type * as TemporalWorker from '@temporalio/worker';
import type * as TemporalProto from '@temporalio/proto';
import type * as Workflows from '../../workflows/src/index.ts';

const require = createRequire(import.meta.url);
const ROOT = join(import.meta.dirname, '..', '..');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const file = arg('history') ?? 'application-journey.pb';
const replays = Number(arg('replays') ?? 20);

// Counts the calls into the sandbox (and drops their timeout when unguarded).
let calls = 0;
const runInContext = vm.Script.prototype.runInContext;
const unguarded = process.argv.includes('--unguarded');
vm.Script.prototype.runInContext = function (this: vm.Script, context, options) {
  calls++;
  if (unguarded && options?.timeout !== undefined) options = { ...options, timeout: undefined };
  return runInContext.call(this, context, options);
};

const { Worker, Runtime, DefaultLogger, bundleWorkflowCode } = require('@temporalio/worker') as typeof TemporalWorker;
const logger = new DefaultLogger('WARN');
Runtime.install({ logger });
const { temporal } = require('@temporalio/proto') as typeof TemporalProto;
const wf = require(join(ROOT, 'workflows/dist/index.js')) as typeof Workflows;

const bytes = readFileSync(join(ROOT, 'workflows/test/histories', file));
const events = temporal.api.history.v1.History.decode(bytes).events?.length ?? 0;
const dataConverter = await wf.createDataConverter({
  PAYLOAD_KEY_ID: process.env.PAYLOAD_KEY_ID!,
  PAYLOAD_KEY: process.env.PAYLOAD_KEY!,
});
// Bundled once, before the measure (the worker bundles once at its start); `--bundle=<file>` keeps it for
// the next run.
const bundle = arg('bundle');
let workflowBundle: { code: string } | { codePath: string };
if (bundle && existsSync(bundle)) workflowBundle = { codePath: bundle };
else {
  const { code } = await bundleWorkflowCode({ workflowsPath: join(ROOT, 'workflows/dist/workflows.js'), logger });
  if (bundle) writeFileSync(bundle, code);
  workflowBundle = { code };
}
const options = { workflowBundle, dataConverter };
const histories = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    workflowId: `replay-${from + i}`,
    history: temporal.api.history.v1.History.decode(bytes),
  }));

async function replay(from: number, n: number) {
  for await (const r of Worker.runReplayHistories(options, histories(from, n)))
    if (r.error) throw new Error(`${file}: ${(r.error as Error).message}`);
}

await replay(0, Math.min(5, replays)); // compiled and warm, as a worker after its first tasks
calls = 0;
const cpu = process.cpuUsage();
const started = performance.now();
await replay(1000, replays);
const used = process.cpuUsage(cpu);
const wallMs = performance.now() - started;
console.log(
  JSON.stringify({
    file,
    events,
    replays,
    cpuMs: (used.user + used.system) / 1000 / replays,
    wallMs: wallMs / replays,
    sandboxCalls: calls / replays,
  }),
);
