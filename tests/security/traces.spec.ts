// Traces: one application's sign-up seen in Zipkin, from the browser's traceparent through the api (the code's
// email), and its confirmation through the Temporal client, the workflow and its activity to the Salesforce call
// (the lead waits for the confirmed address), parented correctly; and no
// span carries the applicant's email, name, SSN or date of birth. An api and a worker of this file's own (on
// their own task queue, TRACES_URL set) run beside the suite's services, exporting OTLP/HTTP to the
// OpenTelemetry Collector npm start runs (tools/otelcol), which hands the spans on to Zipkin (the pinned jar):
// a span seen in Zipkin went out of the apps over OTLP.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startService, stopAll, type Running } from '../../stack/processes.ts';
import { otelcolSpec, zipkinSpec } from '../../stack/local-services.ts';
import { appSpecs } from '../../stack/stack.ts';
import { ApiClient, TEST_PASSWORD, applicantFor, codeFromMail } from '../support/api-client.ts';
import { freePorts } from '../support/free-port.ts';
import { saveAnswers } from '../support/journey.ts';
import { VALID_OWNER } from '../../libs/src/validation/valid-answers.spec-setup.ts';
import { until } from '../support/until.ts';
import { onePagePdf } from '../support/pdf-fixtures.ts';
import { atDocumentsStage, maildevUrl } from './support.ts';

type ZipkinSpan = {
  traceId: string;
  id: string;
  parentId?: string;
  name: string;
  kind?: string;
  localEndpoint?: { serviceName?: string };
  tags?: Record<string, string>;
};

let running: Running[] = [];
let zipkin = '';
let api = '';

beforeAll(async () => {
  const ports = inject('securityPorts');
  const [zipkinPort, apiPort, otlpPort] = await freePorts(3);
  zipkin = `http://127.0.0.1:${zipkinPort}`;
  api = `http://127.0.0.1:${apiPort}/api`;
  // No metrics ports: the suite's own api and worker serve them (metrics.spec.ts), and a second bind would fail.
  const own = {
    ...ports,
    API_PORT: apiPort!,
    ZIPKIN_PORT: zipkinPort!,
    OTLP_PORT: otlpPort!,
    CODEC_PROXY_PORT: undefined,
    API_METRICS_PORT: undefined,
    WORKER_METRICS_PORT: undefined,
  };
  const apps = appSpecs(own, { publicHost: '127.0.0.1' }).filter((s) => s.name === 'api' || s.name === 'worker');
  const queue = `traces-${randomBytes(4).toString('hex')}`;
  for (const spec of apps) {
    // Their own queue: the suite's worker never runs this file's workflow. The application is abandoned 6 s
    // after its last progress, so its workflow ends and its RunWorkflow span (open while it runs) is exported.
    spec.env = {
      ...spec.env,
      TEMPORAL_TASK_QUEUE: queue,
      STALL_FIRST_REMINDER: '1h',
      STALL_SECOND_REMINDER: '2h',
      STALL_ABANDON_AFTER: '6s',
    };
    spec.quiet = true;
  }
  running = await Promise.all(
    [zipkinSpec(zipkinPort!), otelcolSpec(otlpPort!, zipkinPort!), ...apps].map((s) => startService(s)),
  );
  // The apps send to the collector, never to Zipkin itself.
  for (const spec of apps) expect(spec.env?.TRACES_URL).toBe(`http://127.0.0.1:${otlpPort}/v1/traces`);
}, 120_000);

afterAll(async () => {
  await stopAll(running);
  running = [];
});

const trace = async (traceId: string): Promise<ZipkinSpan[]> => {
  const res = await fetch(`${zipkin}/api/v2/trace/${traceId}`);
  return res.ok ? ((await res.json()) as ZipkinSpan[]) : [];
};

describe('traces', () => {
  it("holds a sign-up's traces from the browser to Salesforce (the lead from the confirmation), with no PII", async () => {
    const tag = `traces-${Date.now()}`;
    const applicant = applicantFor(tag);
    const browserTrace = randomBytes(16).toString('hex');
    const browserSpan = randomBytes(8).toString('hex');
    const client = new ApiClient(api);
    const since = new Date();
    const reg = await client.call('POST', '/auth/register', applicant, {
      traceparent: `00-${browserTrace}-${browserSpan}-01`,
    });
    expect(reg.status).toBe(201);
    const code = await codeFromMail(maildevUrl(), applicant.email, since);
    // The lead and the workflow start at the confirmation (the emailed code): their trace is its request's.
    const confirmTrace = randomBytes(16).toString('hex');
    const confirmSpan = randomBytes(8).toString('hex');
    const confirmed = await client.call(
      'POST',
      '/auth/confirm-signup',
      { username: applicant.email, password: TEST_PASSWORD, code },
      { traceparent: `00-${confirmTrace}-${confirmSpan}-01` },
    );
    expect(confirmed.status).toBe(200);
    const user = await client.get(`/user/by-email/${encodeURIComponent(applicant.email)}`);
    const applicationId = String(user.body?.data?.applications?.[0]?._id);
    // The owner's SSN and date of birth go to the workflow and the CRM too: they must not reach a span either.
    await saveAnswers(client, applicationId);
    // An upload (the web sends it with XMLHttpRequest, traceparent and all) goes on to S3 from the api; the
    // shortcut to the documents stage stands for the signature and the statements.
    await atDocumentsStage(applicationId);
    const pdf = await onePagePdf();
    /** One upload under a trace of its own: the trace id. */
    const uploadIn = async () => {
      const id = randomBytes(16).toString('hex');
      const form = new FormData();
      form.append('applicationId', applicationId);
      form.append('fileType', 'Voided Check');
      form.append('file', new Blob([pdf], { type: 'application/pdf' }), `${tag}.pdf`);
      const uploaded = await client.call('POST', '/file/s3', form, {
        traceparent: `00-${id}-${randomBytes(8).toString('hex')}-01`,
      });
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      return id;
    };
    const uploadTrace = await uploadIn();

    // Spans arrive within a second or so; RunWorkflow once the application is abandoned (6 s idle).
    let seen: ZipkinSpan[] = [];
    const spans = await until(
      async () => (seen = await trace(confirmTrace)),
      (s) => s.some((x) => x.name.startsWith('runworkflow')) && s.some((x) => /\/composite$/.test(x.name)),
      { ms: 45_000, what: 'the sign-up trace in Zipkin' },
    ).catch((e: Error) => {
      throw new Error(
        `${e.message}; it holds: ${seen.map((x) => `${x.localEndpoint?.serviceName} ${x.name}`).join(', ')}`,
      );
    });
    const one = (what: string, match: (s: ZipkinSpan) => boolean) => {
      const found = spans.filter(match);
      expect(found.length, `${what} in ${spans.map((s) => s.name).join(', ')}`).toBeGreaterThanOrEqual(1);
      return found[0]!;
    };
    const of = (service: string) => (s: ZipkinSpan) => s.localEndpoint?.serviceName === service;
    const request = one('the api request', (s) => of('portal-api')(s) && s.name === 'post /api/auth/confirm-signup');
    const start = one('the Temporal client', (s) => of('portal-api')(s) && s.name.startsWith('startworkflow:'));
    const run = one('the workflow', (s) => of('portal-worker')(s) && s.name.startsWith('runworkflow:'));
    const schedule = one('the scheduled activity', (s) => s.name === 'startactivity:createcrmlead');
    const activity = one('the activity', (s) => of('portal-worker')(s) && s.name === 'runactivity:createcrmlead');
    // The lead is made and its owner read back in one composite call.
    const crm = one(
      'the Salesforce call',
      (s) => s.parentId === activity.id && /\/composite$/.test(s.name) && s.kind === 'CLIENT',
    );
    expect(request.parentId).toBe(confirmSpan);
    expect(request.tags?.['http.response.status_code']).toBe('200');
    expect(start.parentId).toBe(request.id);
    expect(start.tags?.temporalWorkflowId).toContain(applicationId);
    expect(run.parentId).toBe(start.id);
    expect(schedule.parentId).toBe(run.id);
    expect(activity.parentId).toBe(schedule.id);
    expect(crm.name).toMatch(/^post \/services\/data\/v[\d.]+\/composite$/);
    expect(crm.tags?.['http.response.status_code']).toBe('200');
    // The sign-up's trace: its request, and the code's email sent in its background (an SMTP span with no
    // address and no subject).
    const signUp = await until(
      () => trace(browserTrace),
      (t) => t.some((x) => x.name === 'smtp send'),
      { ms: 45_000, what: "the sign-up's trace in Zipkin" },
    );
    const registered = signUp.find((x) => of('portal-api')(x) && x.name === 'post /api/auth/register');
    expect(registered?.parentId).toBe(browserSpan);
    expect(registered?.tags?.['http.response.status_code']).toBe('201');
    const smtp = signUp.find((x) => of('portal-api')(x) && x.name === 'smtp send')!;
    expect(smtp.parentId).toBe(registered!.id);
    expect(smtp.kind).toBe('CLIENT');

    // The upload's trace: the api's request and its S3 PutObject, the object key kept as its kind only.
    // A batch whose POST to Zipkin fails or times out (a loaded machine's JVM) is retried by the collector, and
    // dropped at last: one upload more, under a trace of its own, tells a lost batch from spans that never were;
    // both are reported.
    const uploadSpans = async (id: string, ms: number) => {
      let held: ZipkinSpan[] = [];
      return until(
        async () => (held = await trace(id)),
        (s) => s.some((x) => x.name === 's3 putobject'),
        { ms, what: "the upload's trace in Zipkin" },
      ).catch((e: Error) => {
        throw new Error(
          `${e.message}; it holds: ${held.map((x) => `${x.localEndpoint?.serviceName} ${x.name}`).join(', ')}`,
        );
      });
    };
    const upload = await uploadSpans(uploadTrace, 20_000).catch(async (first: Error) =>
      uploadSpans(await uploadIn(), 45_000).catch((again: Error) => {
        throw new Error(`${first.message}; again: ${again.message}`);
      }),
    );
    const uploadRequest = upload.find((s) => s.name === 'post /api/file/s3');
    const put = upload.find((s) => s.name === 's3 putobject')!;
    expect(put.parentId).toBe(uploadRequest?.id);
    expect(put.kind).toBe('CLIENT');
    expect(put.localEndpoint?.serviceName).toBe('portal-api');
    expect(put.tags).toMatchObject({ 'rpc.method': 'PutObject', 's3.key_kind': 'documents' });
    expect(put.tags?.['http.response.status_code']).toBe('200');

    // Every span of both services (all traces of this run, not only this one) is free of the applicant's data.
    const everything: string[] = [];
    for (const service of ['portal-api', 'portal-worker']) {
      const res = await fetch(`${zipkin}/api/v2/traces?serviceName=${service}&limit=10000&lookback=600000`);
      everything.push(await res.text());
    }
    const text = everything.join('\n').toLowerCase();
    expect(text).toContain('/api/user/by-email/:email'); // the route's pattern, never the address in it
    for (const secret of [
      applicant.email,
      encodeURIComponent(applicant.email),
      tag,
      applicant.firstName,
      applicant.lastName,
      applicant.phone,
      VALID_OWNER.ssn,
      VALID_OWNER.ssn.replaceAll('-', ''),
      VALID_OWNER.dateOfBirth,
      VALID_OWNER.firstName,
    ])
      // As a whole word: a short name such as "Ada" can be three hex digits of an application id.
      expect(text, secret).not.toMatch(wholeWord(secret.toLowerCase()));
  }, 90_000);
});

/** `value` with no letter or digit right before or after it. */
function wholeWord(value: string): RegExp {
  return new RegExp(`(^|[^a-z0-9])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9])`);
}
