/**
 * The workflow interceptors the worker bundles when traces are on (TRACES_URL): @temporalio/interceptors-opentelemetry's
 * for a call whose trace is kept, and for the others (0.9 of them at production's TRACES_SAMPLE_RATIO) only what
 * keeps them whole: the caller's trace context handed on, as it came, to every activity, child, signal and
 * continue-as-new the call makes, so that nothing downstream starts a trace of its own. The SDK's interceptors make a
 * span for every call even when its trace is not kept: a tracer provider per workflow, a span and four or five
 * promises per activity (each a stack trace in the SDK's promise hook): a sixth to a quarter of the workflow thread's
 * profile (docs/performance.md).
 *
 * Runs inside the workflow sandbox (bundled with the workflows, worker/src/telemetry/tracing.ts): deterministic code
 * only. The SDK's module (with OpenTelemetry's) is loaded only by a workflow with a call to trace. Neither course
 * changes a command: the trace header is not part of replay's comparison, and the SDK flags it reads are read here
 * first, so a history recorded before those flags still takes the SDK's own course.
 */
import type { Payload } from '@temporalio/common';
import {
  AsyncLocalStorage,
  type WorkflowInboundCallsInterceptor,
  type WorkflowInterceptors,
  type WorkflowInternalsInterceptor,
  type WorkflowOutboundCallsInterceptor,
} from '@temporalio/workflow';
import { SdkFlags, type SdkFlag } from '@temporalio/workflow/lib/flags';
import { getActivator } from '@temporalio/workflow/lib/global-attributes';
import type * as OtelWorkflow from '@temporalio/interceptors-opentelemetry/lib/workflow';
import { TRACE_HEADER, notKept, type NotKept } from './trace-header';

/** An interceptor method, as the helpers below see them all: its input carries headers. */
type WithHeaders = { headers: Record<string, Payload> };
type Call = (input: WithHeaders, next: (input: WithHeaders) => unknown) => unknown;

/** Whether every SDK flag the SDK's interceptor method reads is on (it is read, and so recorded, as the SDK does). */
const flagsOn = (...flags: SdkFlag[]) => flags.every((f) => getActivator().hasFlag(f));

export const interceptors = (): WorkflowInterceptors => {
  // The trace of the call (the run, an update, a signal) whose code is running: set only when it is not kept.
  const current = new AsyncLocalStorage<NotKept>();
  let sdk:
    | {
        inbound: WorkflowInboundCallsInterceptor;
        outbound: WorkflowOutboundCallsInterceptor;
        internals: WorkflowInternalsInterceptor;
      }
    | undefined;
  /** The SDK's interceptors, made (with the tracer provider) at this workflow's first call to trace. */
  const traced = () => {
    if (!sdk) {
      // Loaded here, not at the top: a workflow whose calls are none of them kept never runs OpenTelemetry's modules.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const otel = require('@temporalio/interceptors-opentelemetry/lib/workflow') as typeof OtelWorkflow;
      sdk = {
        inbound: new otel.OpenTelemetryInboundInterceptor(),
        outbound: new otel.OpenTelemetryOutboundInterceptor(),
        internals: new otel.OpenTelemetryInternalsInterceptor(),
      };
    }
    return sdk;
  };
  /** An inbound call: under its trace when that is not kept (and the SDK's flags allow), else the SDK's span. */
  const inbound =
    (method: keyof WorkflowInboundCallsInterceptor, ...flags: SdkFlag[]): Call =>
    (input, next) => {
      const trace = notKept(input.headers);
      if (trace && flagsOn(...flags)) return current.run(trace, () => next(input));
      const sdkMethod = traced().inbound[method] as unknown as Call;
      // Out of any not-kept trace this call's code might have been reached from: its own trace decides.
      return current.exit(() => sdkMethod.call(sdk!.inbound, input, next));
    };
  /** An outbound call: the not-kept trace's header handed on as it came, or the SDK's span and header. */
  const outbound =
    (method: keyof WorkflowOutboundCallsInterceptor, ...flags: SdkFlag[]): Call =>
    (input, next) => {
      const trace = current.getStore();
      if (trace && flagsOn(...flags))
        return next({ ...input, headers: { ...input.headers, [TRACE_HEADER]: trace.header } });
      const sdkMethod = traced().outbound[method] as unknown as Call;
      return sdkMethod.call(sdk!.outbound, input, next);
    };
  const { OpenTelemetryInterceporsAvoidsExtraYields: noYields, OpenTelemetryInterceptorsInstrumentsAllMethods: all } =
    SdkFlags;
  // Each method as the SDK types it (the helpers above see only the headers every input carries).
  const as = <T>(call: Call) => call as unknown as T;
  type In = WorkflowInboundCallsInterceptor;
  type Out = WorkflowOutboundCallsInterceptor;
  const inboundCalls: In = {
    execute: as<In['execute']>(inbound('execute', noYields)),
    handleSignal: as<In['handleSignal']>(
      inbound('handleSignal', SdkFlags.OpenTelemetryInterceptorsTracesInboundSignals, noYields),
    ),
    handleUpdate: as<In['handleUpdate']>(inbound('handleUpdate', all)),
    validateUpdate: as<In['validateUpdate']>(inbound('validateUpdate', all)),
    handleQuery: as<In['handleQuery']>(inbound('handleQuery', all)),
  };
  const outboundCalls: Out = {
    scheduleActivity: as<Out['scheduleActivity']>(outbound('scheduleActivity', noYields)),
    scheduleLocalActivity: as<Out['scheduleLocalActivity']>(
      outbound('scheduleLocalActivity', SdkFlags.OpenTelemetryInterceptorsTracesLocalActivities, noYields),
    ),
    startChildWorkflowExecution: as<Out['startChildWorkflowExecution']>(
      outbound('startChildWorkflowExecution', noYields),
    ),
    continueAsNew: as<Out['continueAsNew']>(outbound('continueAsNew', noYields)),
    signalWorkflow: as<Out['signalWorkflow']>(outbound('signalWorkflow', noYields)),
    startNexusOperation: (input, next) => traced().outbound.startNexusOperation!(input, next),
    getLogAttributes: (input, next) => {
      const trace = current.getStore();
      // The ids of the trace the line belongs to, as the SDK's interceptor adds them (flags 00: not kept).
      if (trace) return next({ trace_id: trace.traceId, span_id: trace.spanId, trace_flags: '00', ...input });
      return sdk ? sdk.outbound.getLogAttributes!(input, next) : next(input);
    },
  };
  return {
    inbound: [inboundCalls],
    outbound: [outboundCalls],
    // The SDK's context manager is ended with the workflow, as its own internals interceptor does.
    internals: [{ dispose: (input, next) => (sdk ? sdk.internals.dispose!(input, next) : next(input)) }],
  };
};
