/**
 * The api's traces: one server span per request, continuing the browser's W3C traceparent when it
 * is well-formed (and taking nothing else from it), and the Temporal client's spans inside it, carried on to
 * the workflow in the calls' headers. Everything here is off (and its SDK not loaded) while TRACES_URL is none.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, TraceFlags, context, trace } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { parseTraceparent } from '@portal/libs';

const TRACER = 'portal-api';

/** Registers the SDK (main.ts, before the app is built) when TRACES_URL is set; loaded only then. */
export async function startApiTracing(s: { TRACES_URL: string; TRACES_SAMPLE_RATIO: number }) {
  if (s.TRACES_URL === 'none') return undefined;
  const { startTracing } = await import('@portal/libs/dist/telemetry/tracing.js');
  // A browser's traceparent is followed for its ids, never for the decision to keep the trace ('draw').
  return startTracing(TRACER, s.TRACES_URL, s.TRACES_SAMPLE_RATIO, 'draw');
}

/** The Temporal client's interceptors: StartWorkflow, SignalWorkflow, StartWorkflowUpdate… spans and headers. */
export async function temporalClientInterceptors(s: { TRACES_URL: string }) {
  if (s.TRACES_URL === 'none') return { workflow: [] };
  // The client part alone: the package's index also loads its workflow-sandbox code.
  const { OpenTelemetryWorkflowClientInterceptor } =
    await import('@temporalio/interceptors-opentelemetry/lib/client/index.js');
  return { workflow: [new OpenTelemetryWorkflowClientInterceptor()] };
}

/**
 * A server span per request, named by its route pattern (`POST /api/auth/register`, never the path as sent:
 * `/api/user/by-email/:email` must not carry the address). The handler runs in the span's context, so the
 * Temporal client's spans are its children.
 */
export function traceRequests() {
  const tracer = trace.getTracer(TRACER);
  return (req: Request, res: Response, next: NextFunction) => {
    const parent = parseTraceparent(req.headers.traceparent);
    const outer = parent
      ? trace.setSpanContext(ROOT_CONTEXT, {
          traceId: parent.traceId,
          spanId: parent.spanId,
          traceFlags: TraceFlags.SAMPLED,
          isRemote: true,
        })
      : ROOT_CONTEXT;
    const span = tracer.startSpan(
      req.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } },
      outer,
    );
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      const route = (req.route as { path?: unknown } | undefined)?.path;
      const pattern = typeof route === 'string' ? `${req.baseUrl}${route}` : '(unmatched)';
      span.updateName(`${req.method} ${pattern}`);
      span.setAttribute('http.route', pattern);
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    res.on('finish', end);
    res.on('close', end);
    context.with(trace.setSpan(outer, span), next);
  };
}
