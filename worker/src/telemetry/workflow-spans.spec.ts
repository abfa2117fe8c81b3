// The workflow's spans with the worker's tracing module (workflow-interceptors.ts) and activity interceptors
// (tracing.ts) against the SDK's own they replace: the same spans, with the same parents, for every mix of kept
// and not-kept traces among a run's start, an update and a signal; nothing recorded and no trace started for a
// call whose trace is not kept, its trace handed on to the activities; OpenTelemetry not even set up in a workflow
// none of whose calls is kept; and every history recorded under either module replays under both (the module
// changes no command).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ROOT_CONTEXT, TraceFlags, context, trace } from '@opentelemetry/api';
import { Resource } from '@opentelemetry/resources';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import * as otel from '@temporalio/interceptors-opentelemetry';
import * as instrumentation from '@temporalio/interceptors-opentelemetry/lib/instrumentation';
import { NativeConnection, Worker, bundleWorkflowCode } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { traceSampler } from '@portal/libs/dist/telemetry/tracing';
import { until } from '../../../tests/support/until';
import { activityTracing } from './tracing';
import { poke, step, tracedWorkflow, tracerMade } from './traced.workflow.spec-setup';

const FIXTURE = join(__dirname, 'traced.workflow.spec-setup.ts');
const MODULES = {
  sdk: require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors'),
  // As the worker bundles it (tracing.ts, workflowTracingModule): the built file.
  ours: require.resolve('@portal/worker/dist/telemetry/workflow-interceptors'),
};
type Module = keyof typeof MODULES;

const exporter = new InMemorySpanExporter();
// Every trace that starts here is kept (ratio 1): a call that lost its trace's context would show as a new trace.
const provider = new NodeTracerProvider({
  sampler: traceSampler(1, 'follow'),
  spanProcessors: [new SimpleSpanProcessor(exporter)],
});
const sinks = () => ({ exporter: otel.makeWorkflowExporter(new SimpleSpanProcessor(exporter), new Resource({})) });
const bundles: Partial<Record<Module, { code: string }>> = {};
const workers: { worker: Worker; running: Promise<void> }[] = [];
let connection: NativeConnection;
let client: Client;
const queue = (m: Module) => `spans-${m}-${suffix}`;
const suffix = randomBytes(4).toString('hex');

beforeAll(async () => {
  provider.register();
  connection = await NativeConnection.connect({ address: inject('temporalAddress') });
  client = new Client({
    connection: await Connection.connect({ address: inject('temporalAddress') }),
    interceptors: { workflow: [new otel.OpenTelemetryWorkflowClientInterceptor()] },
  });
  for (const m of Object.keys(MODULES) as Module[]) {
    bundles[m] = await bundleWorkflowCode({ workflowsPath: FIXTURE, workflowInterceptorModules: [MODULES[m]] });
    const worker = await Worker.create({
      connection,
      taskQueue: queue(m),
      workflowBundle: bundles[m],
      activities: {
        // What the activity's own context says of its trace: the id and whether it is kept.
        echo: async (what: string) => {
          const span = trace.getSpanContext(context.active());
          return `${what} ${span?.traceId ?? 'none'}/${span?.traceFlags ?? 'none'}`;
        },
      },
      // The activities' interceptors as each course has them: the SDK's alone, or the worker's (tracing.ts).
      interceptors: {
        activity: [
          m === 'sdk'
            ? (ctx) => ({ inbound: new otel.OpenTelemetryActivityInboundInterceptor(ctx) })
            : activityTracing(otel, instrumentation),
        ],
      },
      sinks: sinks(),
    });
    workers.push({ worker, running: worker.run() });
  }
}, 120_000);

afterAll(async () => {
  for (const w of workers) w.worker.shutdown();
  await Promise.all(workers.map((w) => w.running));
  await client?.connection.close();
  await connection?.close();
  await provider.shutdown();
});

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** `call` made under a caller's span of a new trace, kept or not. */
function under<T>(kept: boolean, call: (traceId: string) => Promise<T>): Promise<T> {
  const traceId = hex(16);
  const parent = { traceId, spanId: hex(8), traceFlags: kept ? TraceFlags.SAMPLED : TraceFlags.NONE, isRemote: true };
  return context.with(trace.setSpanContext(ROOT_CONTEXT, parent), () => call(traceId));
}

type Mix = { start: boolean; update: boolean; signal: boolean };

/** One run of the workflow on `m`'s worker with the calls' traces kept as `mix` says. */
async function journey(m: Module, mix: Mix) {
  exporter.reset();
  const ids: Record<string, string> = {};
  const handle: WorkflowHandle<typeof tracedWorkflow> = await under(mix.start, (t) => {
    ids.start = t;
    return client.workflow.start(tracedWorkflow, { taskQueue: queue(m), workflowId: `spans-${m}-${hex(6)}` });
  });
  const updated = await under(mix.update, (t) => ((ids.update = t), handle.executeUpdate(step, { args: ['a'] })));
  await under(mix.signal, (t) => ((ids.signal = t), handle.signal(poke, 'x')));
  // Asked under a trace not kept, so that the question makes no tracer of its own.
  const made = await under(false, () => handle.query(tracerMade));
  await under(mix.update, (t) => ((ids.end = t), handle.executeUpdate(step, { args: ['end'] })));
  const done = await handle.result();
  // Spans leave the workflow through the sink after its task: the run's own span last.
  const spans = mix.start
    ? await until(
        () => exporter.getFinishedSpans(),
        (s) => s.some((x) => x.name.startsWith('RunWorkflow')),
        { what: 'the RunWorkflow span' },
      )
    : exporter.getFinishedSpans();
  return { ids, answers: [updated, ...done], made, spans, history: await handle.fetchHistory(), id: handle.workflowId };
}

/** Each span as its name under its parent's name ('caller' for the caller's own span), sorted. */
function tree(spans: ReadableSpan[]) {
  const names = new Map(spans.map((s) => [s.spanContext().spanId, s.name]));
  return spans.map((s) => `${s.name} <- ${names.get(s.parentSpanId ?? '') ?? 'caller'}`).sort();
}

const MIXES: Mix[] = [
  { start: false, update: false, signal: false },
  { start: true, update: true, signal: true },
  { start: false, update: true, signal: false },
  { start: true, update: false, signal: true },
];

describe("the workflow's spans", () => {
  it("are the SDK module's for kept traces, none for the others, whose context still reaches the activities", async () => {
    const recorded: { id: string; history: Awaited<ReturnType<typeof journey>>['history'] }[] = [];
    for (const mix of MIXES) {
      const sdk = await journey('sdk', mix);
      const ours = await journey('ours', mix);
      recorded.push(sdk, ours);
      const what = JSON.stringify(mix);
      expect(tree(ours.spans), what).toEqual(tree(sdk.spans));
      for (const run of [sdk, ours]) {
        // Every span is in the trace of a kept call: no trace started anywhere else.
        const kept = Object.entries(run.ids).filter(([k]) => (k === 'end' ? mix.update : mix[k as keyof Mix]));
        expect(new Set(run.spans.map((s) => s.spanContext().traceId)), what).toEqual(new Set(kept.map(([, t]) => t)));
        // Each activity ran in the trace of the call that scheduled it, kept (1) or not (0).
        const flag = (kept: boolean) => (kept ? 1 : 0);
        expect([...run.answers].sort(), what).toEqual(
          [
            `update a ${run.ids.update}/${flag(mix.update)}`,
            `run ${run.ids.start}/${flag(mix.start)}`,
            `signal x ${run.ids.signal}/${flag(mix.signal)}`,
            `after ${run.ids.start}/${flag(mix.start)}`,
          ].sort(),
        );
      }
      // The SDK's module makes its tracer in every workflow; ours only in one with a call whose trace is kept.
      expect(sdk.made, what).toBe(true);
      expect(ours.made, what).toBe(mix.start || mix.update || mix.signal);
    }
    // A kept run, in full: the run under the client's start, its activities under it, each update's and signal's
    // activity under its handler.
    const all = tree((await journey('ours', MIXES[1]!)).spans);
    for (const edge of [
      'RunWorkflow:tracedWorkflow <- StartWorkflow:tracedWorkflow',
      'StartActivity:echo <- RunWorkflow:tracedWorkflow',
      'RunActivity:echo <- StartActivity:echo',
      'StartActivity:echo <- HandleUpdate:step',
      'StartActivity:echo <- HandleSignal:poke',
    ])
      expect(all).toContain(edge);
    expect(all.filter((e) => e === 'RunActivity:echo <- StartActivity:echo')).toHaveLength(5);

    // Recorded under either module, every history replays under both.
    const failures: string[] = [];
    for (const m of Object.keys(MODULES) as Module[]) {
      const replays = Worker.runReplayHistories(
        { workflowBundle: bundles[m], sinks: sinks(), replayName: m },
        recorded.map((r) => ({ workflowId: r.id, history: r.history })),
      );
      for await (const r of replays) if (r.error) failures.push(`${m} ${r.workflowId}: ${(r.error as Error).message}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
