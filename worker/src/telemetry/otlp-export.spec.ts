// The exporter the api and the worker run (libs/src/telemetry/tracing.ts startTracing): spans leave as OTLP/HTTP protobuf, POSTed to TRACES_URL, with the
// allow-list applied (an attribute outside it, an event's attributes and the status message stay behind), and
// the headers OTEL_EXPORTER_OTLP_TRACES_HEADERS names (a vendor's API key) sent along. The body is decoded with
// the exporter's own protobuf types, as a collector would read it.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, type Tracing } from '@portal/libs/dist/telemetry/tracing';

type Decoded = {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: {
      spans: {
        name: string;
        kind: number;
        attributes: { key: string; value: Record<string, unknown> }[];
        events: { name: string; attributes: unknown[] }[];
        status: { code: number; message?: string };
      }[];
    }[];
  }[];
};

// The generated types the exporter encodes with (@opentelemetry/otlp-transformer, its dependency).
const fromExporter = createRequire(createRequire(__filename).resolve('@opentelemetry/exporter-trace-otlp-proto'));
const root = fromExporter('@opentelemetry/otlp-transformer/build/src/generated/root') as {
  opentelemetry: {
    proto: {
      collector: {
        trace: {
          v1: {
            ExportTraceServiceRequest: {
              decode: (b: Uint8Array) => unknown;
              toObject: (m: unknown, o: object) => Decoded;
            };
          };
        };
      };
    };
  };
};
const Request = root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

const received: { path: string; headers: IncomingHttpHeaders; body: Decoded }[] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Request.toObject(Request.decode(Buffer.concat(chunks)), { longs: String, defaults: true });
    received.push({ path: req.url ?? '', headers: req.headers, body });
    res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
  });
});
let tracing: Tracing;

beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  process.env.OTEL_EXPORTER_OTLP_TRACES_HEADERS = 'authorization=Bearer test-key';
  tracing = startTracing('portal-api', `http://127.0.0.1:${port}/v1/traces`);
});

afterAll(async () => {
  await tracing.shutdown();
  delete process.env.OTEL_EXPORTER_OTLP_TRACES_HEADERS;
  await new Promise((done) => server.close(done));
});

describe('startTracing', () => {
  it('sends the spans as OTLP/HTTP protobuf to TRACES_URL, with the allow-list applied', async () => {
    const span = trace.getTracer('t').startSpan('POST /api/auth/register', {
      kind: SpanKind.SERVER,
      attributes: { 'http.route': '/api/auth/register', 'user.email': 'ada@example.com' },
    });
    span.addEvent('exception', { 'exception.message': 'INVALID_EMAIL_ADDRESS: ada@example.com' });
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'ada@example.com' });
    span.end();
    await tracing.processor.forceFlush();

    expect(received).toHaveLength(1);
    const [sent] = received;
    expect(sent!.path).toBe('/v1/traces');
    expect(sent!.headers['content-type']).toBe('application/x-protobuf');
    expect(sent!.headers.authorization).toBe('Bearer test-key');
    const [resource] = sent!.body.resourceSpans;
    expect(resource!.resource.attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'portal-api' } });
    const spans = resource!.scopeSpans.flatMap((s) => s.spans);
    expect(spans.map((s) => s.name)).toEqual(['POST /api/auth/register']);
    expect(spans[0]!.attributes.map((a) => a.key)).toEqual(['http.route']);
    expect(spans[0]!.events).toEqual([expect.objectContaining({ name: 'exception', attributes: [] })]);
    expect(spans[0]!.status).toMatchObject({ code: 2, message: '' });
    expect(JSON.stringify(sent!.body)).not.toContain('ada@example.com');
  });
});
