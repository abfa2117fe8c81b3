// The external calls undici's channels do not see have client spans too, or a trace would stop at them: Box
// (box-node-sdk sends through node-fetch: the agent opens one span per request), S3 (a middleware on the client) and
// SMTP (nodemailer). Each is a child of the span that made the call (the activity's), carries only allow-listed keys,
// and never an object key or a name.
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { COMMON_SETTINGS, loadEnv } from '@portal/libs';
import { ALLOWED_SPAN_ATTRIBUTES } from '@portal/libs/dist/telemetry/tracing';
import { startEsignStandin } from '../../../sandbox/src';
import { documentStore } from '../documents/s3';
import { sendOnce } from '../email/send-once';
import { boxClient } from '../esign/box.client';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
let esign: Awaited<ReturnType<typeof startEsignStandin>>;
let store: ReturnType<typeof documentStore>;

beforeAll(async () => {
  provider.register();
  esign = await startEsignStandin({
    port: 0,
    clientId: 'spans-spec',
    clientSecret: 'spans-spec-secret',
    seedFolders: [{ id: '100', name: 'applications' }],
  });
  store = documentStore(loadEnv(COMMON_SETTINGS, { S3_ENDPOINT: inject('s3Endpoint') }));
});
afterAll(async () => {
  store?.close();
  await esign?.close();
  await provider.shutdown();
});
beforeEach(() => exporter.reset());

/** Runs `call` in an activity-like parent span; answers the parent and the client spans made under it. */
async function under(call: () => Promise<unknown>) {
  const parent = await trace.getTracer('spec').startActiveSpan('RunActivity', async (span) => {
    await call().catch(() => undefined);
    span.end();
    return span;
  });
  const children = exporter.getFinishedSpans().filter((s) => s.parentSpanId === parent.spanContext().spanId);
  return children;
}

const clean = (spans: ReadableSpan[], secrets: string[]) => {
  for (const s of spans) for (const key of Object.keys(s.attributes)) expect(ALLOWED_SPAN_ATTRIBUTES).toContain(key);
  const text = JSON.stringify(spans.map((s) => ({ name: s.name, attributes: s.attributes })));
  for (const secret of secrets) expect(text).not.toContain(secret);
};

describe('client spans', () => {
  it('a Box call has a client span per request: method, host, path with ids as {id}, status', async () => {
    const box = boxClient(
      {
        BOX_API_URL: esign.url,
        BOX_UPLOAD_URL: `${esign.url}/api`,
        BOX_CLIENT_ID: 'spans-spec',
        BOX_CLIENT_SECRET: 'spans-spec-secret',
        BOX_ENTERPRISE_ID: '1',
      },
      { maxAttempts: 1 },
    );
    const folder = `Katherine Johnson ${Date.now()}`;
    const spans = await under(() => box.folders.createFolder({ name: folder, parent: { id: '100' } }));
    const create = spans.find((s) => s.name === 'POST /2.0/folders');
    expect(create, spans.map((s) => s.name).join(', ')).toBeDefined();
    expect(create!.attributes).toMatchObject({
      'http.request.method': 'POST',
      'server.address': new URL(esign.url).hostname,
      'url.path': '/2.0/folders',
      'http.response.status_code': 201,
    });
    const missing = await under(() => box.signRequests.getSignRequestById('99999999'));
    const read = missing.find((s) => s.name === 'GET /2.0/sign_requests/{id}');
    expect(read, missing.map((s) => s.name).join(', ')).toBeDefined();
    expect(read!.attributes['http.response.status_code']).toBe(404);
    expect(read!.attributes['error.type']).toBe('404');
    clean([...spans, ...missing], [folder, '99999999']);
  });

  it('an S3 call has a client span per attempt: the operation and the kind of key, never the key', async () => {
    const key = `applications/${Date.now()}/signature/application-1.pdf`;
    const put = await under(() => store.put(key, new Uint8Array([37, 80, 68, 70]), 'application/pdf'));
    expect(put.map((s) => s.name)).toEqual(['S3 PutObject']);
    expect(put[0]!.attributes).toMatchObject({
      'rpc.system': 'aws-api',
      'rpc.method': 'PutObject',
      's3.key_kind': 'signature',
      'http.response.status_code': 200,
    });
    const missing = await under(() => store.get(`applications/${Date.now()}/documents/x-Katherine.pdf`));
    expect(missing.map((s) => s.name)).toEqual(['S3 GetObject']);
    expect(missing[0]!.attributes).toMatchObject({ 's3.key_kind': 'documents', 'error.type': 'NoSuchKey' });
    expect(missing[0]!.attributes['http.response.status_code']).toBe(404);
    clean([...put, ...missing], [key, 'Katherine', 'application-1']);
  });

  it('an SMTP send has a client span: the server, never the addresses or the subject', async () => {
    const to = `spans-${Date.now()}@example.com`;
    const subject = 'Your selected offer';
    const spans = await under(() =>
      sendOnce(
        { host: '127.0.0.1', port: inject('smtpPort') },
        { from: 'offers@example.com', to, subject, text: 'hi' },
      ),
    );
    expect(spans.map((s) => s.name)).toEqual(['SMTP send']);
    expect(spans[0]!.attributes).toEqual({
      'rpc.system': 'smtp',
      'server.address': '127.0.0.1',
      'server.port': inject('smtpPort'),
    });
    clean(spans, [to, subject, 'offers@example.com']);
  });
});
