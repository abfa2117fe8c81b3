/**
 * The worker's traces, so operations can follow one application across services: the workflow's spans (RunWorkflow,
 * HandleSignal, HandleUpdate, StartActivity, made inside the workflow sandbox by @temporalio/interceptors-opentelemetry
 * for a kept trace (workflow-interceptors.ts) and sent out through a sink), each activity's RunActivity span, and a
 * client span for every HTTP call the activities make through undici (jsforce to Salesforce, fetch to the offer
 * service; Box's SDK uses node-fetch: its agent makes its spans, http-span.ts): its method, host, status and path with
 * anything but plain words replaced by {id}, never a query string. Off, with no SDK loaded, while TRACES_URL is none.
 */
import { subscribe } from 'node:diagnostics_channel';
import { SpanKind, SpanStatusCode, context, trace, type Span } from '@opentelemetry/api';
import type * as OtelInterceptors from '@temporalio/interceptors-opentelemetry';
import type * as OtelInstrumentation from '@temporalio/interceptors-opentelemetry/lib/instrumentation';
import type { WorkerOptions } from '@temporalio/worker';
import { notKept } from './trace-header';

type TracingOptions = Pick<WorkerOptions, 'interceptors' | 'sinks'>;

/** The workflow interceptor module bundled with the workflows when traces are on (workflow-interceptors.ts). */
export const workflowTracingModule = () => require.resolve('./workflow-interceptors');

/**
 * A path as a span may carry it: plain words kept (services, sobjects, Lead, v59.0) and API versions (Box's 2.0),
 * anything else {id}.
 */
export function pathTemplate(path: string): { template: string; sobject?: string } {
  const segments = path.split('?')[0]!.split('/');
  const plain = (s: string) => (/^[A-Za-z_][A-Za-z0-9_.]*$/.test(s) && s.length <= 40) || /^\d{1,2}\.\d{1,2}$/.test(s);
  const kept = segments.map((s) => (s === '' || plain(s) ? s : '{id}'));
  const i = segments.indexOf('sobjects');
  const sobject = i >= 0 && kept[i + 1] && kept[i + 1] !== '{id}' ? kept[i + 1] : undefined;
  return { template: kept.join('/'), sobject };
}

type UndiciRequest = { origin?: unknown; method?: string; path?: string };

/** Client spans for undici's requests (its diagnostics channels; both Node's fetch and the undici package publish them). */
function traceUndici() {
  const tracer = trace.getTracer('portal-worker');
  const open = new WeakMap<object, Span>();
  subscribe('undici:request:create', (message) => {
    const { request } = message as { request: UndiciRequest };
    const method = request.method ?? 'GET';
    // Most traces are not kept (TRACES_SAMPLE_RATIO): the sampler decides on the parent and the trace id
    // alone, so the span starts under its method and only a kept one has its URL worked out and named.
    const span = tracer.startSpan(method, { kind: SpanKind.CLIENT });
    if (!span.isRecording()) return;
    let origin: URL;
    try {
      origin = new URL(String(request.origin));
    } catch {
      return;
    }
    const { template, sobject } = pathTemplate(request.path ?? '/');
    span.updateName(`${method} ${template}`);
    span.setAttributes({
      'http.request.method': method,
      'server.address': origin.hostname,
      'server.port': Number(origin.port || (origin.protocol === 'https:' ? 443 : 80)),
      'url.path': template,
      ...(sobject ? { 'salesforce.object': sobject } : {}),
    });
    open.set(request as object, span);
  });
  subscribe('undici:request:headers', (message) => {
    const { request, response } = message as { request: object; response: { statusCode: number } };
    const span = open.get(request);
    if (!span) return;
    open.delete(request);
    span.setAttribute('http.response.status_code', response.statusCode);
    if (response.statusCode >= 400) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  subscribe('undici:request:error', (message) => {
    const { request, error } = message as { request: object; error: { code?: unknown; name?: string } };
    const span = open.get(request);
    if (!span) return;
    open.delete(request);
    span.setAttribute('error.type', typeof error.code === 'string' ? error.code : (error.name ?? 'Error'));
    span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
}

type ActivityInterceptorsFactory = NonNullable<NonNullable<WorkerOptions['interceptors']>['activity']>[number];

/**
 * The activities' interceptors: the SDK's RunActivity span for a kept trace; for the others (0.9 at production's
 * ratio) only the caller's context, in which the activity's own calls (undici's, Box's, S3's) stay unrecorded in the
 * trace they belong to, without the SDK's span and its wrappers on every call.
 */
export function activityTracing(
  otel: typeof OtelInterceptors,
  headers: Pick<typeof OtelInstrumentation, 'extractContextFromHeaders'>,
): ActivityInterceptorsFactory {
  return (ctx) => {
    const sdk = new otel.OpenTelemetryActivityInboundInterceptor(ctx);
    return {
      inbound: {
        execute: (input, next) =>
          notKept(input.headers)
            ? context.with(headers.extractContextFromHeaders(input.headers)!, () => next(input))
            : sdk.execute(input, next),
      },
      outbound: new otel.OpenTelemetryActivityOutboundInterceptor(ctx),
    };
  };
}

/**
 * Registers the SDK and answers the options each Worker.create adds: the workflow interceptor module (bundled
 * with the workflows), the activity interceptors and the sink the workflow's spans leave the sandbox through.
 */
export async function startWorkerTracing(s: { TRACES_URL: string; TRACES_SAMPLE_RATIO: number }): Promise<{
  workflows: TracingOptions;
  activities: TracingOptions;
  shutdown: () => Promise<void>;
}> {
  if (s.TRACES_URL === 'none') return { workflows: {}, activities: {}, shutdown: () => Promise.resolve() };
  // Loaded only now: with TRACES_URL none the process never loads the SDK.
  const { startTracing } = await import('@portal/libs/dist/telemetry/tracing.js');
  const otel = await import('@temporalio/interceptors-opentelemetry');
  // The api decided for the traces it started; the worker keeps what the api kept.
  const tracing = startTracing('portal-worker', s.TRACES_URL, s.TRACES_SAMPLE_RATIO, 'follow');
  traceUndici();
  const activity = [
    activityTracing(otel, await import('@temporalio/interceptors-opentelemetry/lib/instrumentation.js')),
  ];
  return {
    workflows: {
      interceptors: {
        // The SDK's workflow interceptors for the calls whose trace is kept, only the context for the others.
        workflowModules: [workflowTracingModule()],
        activity,
      },
      sinks: { exporter: otel.makeWorkflowExporter(tracing.processor, tracing.resource) },
    },
    activities: { interceptors: { activity } },
    shutdown: tracing.shutdown,
  };
}
