import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORIES, workflowSlice } from './workflow.spec-setup';

// Replay of committed histories: a workflow change that breaks determinism for running applications fails
// here (the rule for such changes: workflows/README.md, 'Changing the workflow').
const room = workflowSlice();

describe('applicationWorkflow', () => {
  it('replays every committed history with the current workflow code', async () => {
    // Build first: the replayer bundles dist/ (and the worker's tracing module), and an unbuilt change would
    // replay stale code.
    const build = spawnSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-b', join(__dirname, '..'), join(__dirname, '../../worker')],
      { encoding: 'utf8' },
    );
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const files = readdirSync(HISTORIES).filter((f) => f.endsWith('.pb'));
    expect(files.length).toBeGreaterThan(0);
    // One replay worker (one bundle) for every history.
    const histories = files.map((file) => ({
      workflowId: file,
      history: temporal.api.history.v1.History.decode(readFileSync(join(HISTORIES, file))),
    }));
    const failures: string[] = [];
    // As the worker runs without traces, and with them (TRACES_URL: the worker's tracing adds this
    // interceptor module and sink): turning tracing on or off must not break a running application.
    for (const tracing of [{}, await workflowTracing()]) {
      const results = Worker.runReplayHistories(
        {
          workflowsPath: require.resolve('@portal/workflows/dist/workflows'),
          dataConverter: room.slice.dataConverter,
          ...tracing,
        },
        histories,
      );
      for await (const r of results) if (r.error) failures.push(`${r.workflowId}: ${(r.error as Error).message}`);
    }
    expect(failures).toEqual([]);
  });
});

/** The workflow interceptors and the span sink the worker adds when TRACES_URL is set. */
async function workflowTracing() {
  const { makeWorkflowExporter } = await import('@temporalio/interceptors-opentelemetry');
  const { InMemorySpanExporter, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace-base');
  const { Resource } = await import('@opentelemetry/resources');
  return {
    // worker/src/telemetry/tracing.ts's module (the SDK's interceptors for a kept trace, as these histories'
    // calls carry none).
    interceptors: { workflowModules: [require.resolve('@portal/worker/dist/telemetry/workflow-interceptors')] },
    sinks: { exporter: makeWorkflowExporter(new SimpleSpanProcessor(new InMemorySpanExporter()), new Resource({})) },
  };
}
