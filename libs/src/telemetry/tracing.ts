/**
 * The OpenTelemetry SDK of the api and the worker, so one application's calls can be followed across both: spans
 * exported with OTLP/HTTP (protobuf) to TRACES_URL, an OpenTelemetry Collector's /v1/traces (locally the stack's
 * collector, which hands them to Zipkin) or a vendor's OTLP endpoint; OpenTelemetry deprecated its Zipkin exporter. Not in the package index: the web never loads it, and the
 * api and the worker import it only when TRACES_URL is set, so tracing off costs nothing.
 *
 * PII rule: what leaves the process is an allow-list. A span keeps only the attribute keys below (ids, routes,
 * status codes, Temporal workflow and activity ids, Salesforce object names); its events keep their names only
 * (an exception's message can quote an answer, e.g. Salesforce's INVALID_EMAIL_ADDRESS), and its status keeps
 * its code without the message.
 */
import { SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { Resource } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
  type ReadableSpan,
  type Sampler,
  type SamplingResult,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/** The only attribute keys a span may carry out of the process. */
export const ALLOWED_SPAN_ATTRIBUTES = new Set([
  'http.request.method',
  'http.route',
  'http.response.status_code',
  'server.address',
  'server.port',
  'url.path',
  'error.type',
  'salesforce.object',
  'application.id',
  // client-span.ts: S3 and SMTP calls (an object key is kept as its kind only).
  'rpc.system',
  'rpc.service',
  'rpc.method',
  's3.key_kind',
  // @temporalio/interceptors-opentelemetry's own keys (its terminate reason is free text: not kept).
  'temporalWorkflowId',
  'run_id',
  'temporalActivityId',
  'temporalUpdateId',
]);

/** A copy of the span as the exporter reads it, with only what the allow-list lets out. */
export function scrubSpan(span: ReadableSpan): ReadableSpan {
  const attributes = Object.fromEntries(
    Object.entries(span.attributes).filter(([k]) => ALLOWED_SPAN_ATTRIBUTES.has(k)),
  );
  const events = span.events.map((e) => ({ name: e.name, time: e.time }));
  const status = { code: span.status.code ?? SpanStatusCode.UNSET };
  return Object.create(span, {
    attributes: { value: attributes },
    events: { value: events },
    status: { value: status },
  }) as ReadableSpan;
}

/** Hands the exporter scrubbed copies (every span of the api, the worker and the workflows goes through it). */
export class AllowListExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}
  export(spans: ReadableSpan[], done: (result: ExportResult) => void) {
    this.inner.export(spans.map(scrubSpan), done);
  }
  shutdown() {
    return this.inner.shutdown();
  }
  forceFlush() {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

export type Tracing = {
  tracer: Tracer;
  /** For the worker's workflow sink (@temporalio/interceptors-opentelemetry makeWorkflowExporter). */
  processor: BatchSpanProcessor;
  resource: Resource;
  shutdown: () => Promise<void>;
};

/** Keeps a share of what it is asked about, by a random draw: nothing the caller sends can change it. */
export class RandomRatioSampler implements Sampler {
  constructor(
    private readonly ratio: number,
    private readonly random: () => number = Math.random,
  ) {}
  shouldSample(): SamplingResult {
    return {
      decision: this.random() < this.ratio ? SamplingDecision.RECORD_AND_SAMPLED : SamplingDecision.NOT_RECORD,
    };
  }
  toString() {
    return `RandomRatioSampler{${this.ratio}}`;
  }
}

/**
 * Which traces are kept: `ratio` of the traces that start here (TRACES_SAMPLE_RATIO), and a span inside a
 * kept trace is kept. A caller's traceparent is followed where the caller is ours ('follow': the worker,
 * whose callers are the api and Temporal), but not where anyone may send one ('draw': the api, whose
 * callers are browsers). There the trace id and the sampled flag are the client's choice, and a ratio read
 * from the trace id would keep every request of a client that picks ids under the threshold: each request
 * is drawn at random instead.
 */
export function traceSampler(ratio: number, remoteParents: 'follow' | 'draw'): Sampler {
  const draw = new RandomRatioSampler(ratio);
  return new ParentBasedSampler({
    root: new TraceIdRatioBasedSampler(ratio),
    ...(remoteParents === 'draw' ? { remoteParentSampled: draw, remoteParentNotSampled: draw } : {}),
  });
}

/**
 * Registers the global tracer provider (AsyncLocalStorage context, W3C propagation) for `service`, exporting
 * to `url` in OTLP/HTTP protobuf, keeping the traces traceSampler keeps. Headers a vendor's endpoint wants (an API
 * key) come from OTEL_EXPORTER_OTLP_TRACES_HEADERS (key=value,key2=value2), which the exporter reads itself.
 */
export function startTracing(
  service: 'portal-api' | 'portal-worker',
  url: string,
  ratio = 1,
  remoteParents: 'follow' | 'draw' = 'follow',
): Tracing {
  const resource = new Resource({ [ATTR_SERVICE_NAME]: service });
  const processor = new BatchSpanProcessor(new AllowListExporter(new OTLPTraceExporter({ url })), {
    scheduledDelayMillis: 1000,
  });
  const sampler = traceSampler(ratio, remoteParents);
  const provider = new NodeTracerProvider({ resource, sampler, spanProcessors: [processor] });
  provider.register();
  return { tracer: trace.getTracer(service), processor, resource, shutdown: () => provider.shutdown() };
}
