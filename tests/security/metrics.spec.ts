// Prometheus, started as `npm start` starts it (stack/prometheus.ts, Debian's
// package, the generated configuration with the committed alert rules) but scraping every second, holds the
// Temporal SDK's metrics, the Temporal server's, the api's requests and rate limits, the outbox depth and the
// worker's activity failures after a refusal of the CRM stand-in; and the public api port serves no metrics.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startService, stopAll, type Running } from '../../stack/processes.ts';
import { prometheusSpec } from '../../stack/prometheus.ts';
import { scrapeTargets } from '../../stack/local-services.ts';
import { freePort } from '../support/free-port.ts';
import { until } from '../support/until';
import { HostileClient, apiUrl, endOfFileChecks, signedInApplicant } from './support';

endOfFileChecks(__filename);

let prometheus: Running[] = [];
let dir = '';
let prometheusUrl = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-prometheus-'));
  const port = await freePort();
  const targets = scrapeTargets({ ...inject('securityMetricsPorts') } as never);
  const spec = prometheusSpec(port, dir, targets, '1s');
  spec.silent = true;
  prometheus = [await startService(spec)];
  prometheusUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await stopAll(prometheus);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Sample = { metric: Record<string, string>; value: [number, string] };
/** An instant query's samples. */
async function query(promql: string): Promise<Sample[]> {
  const res = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
  const body = (await res.json()) as { status: string; data: { result: Sample[] } };
  expect(body.status).toBe('success');
  return body.data.result;
}
/** The samples of a query once it has some (Prometheus scrapes every second). */
const samplesOf = (promql: string, ms = 30_000) =>
  until(
    () => query(promql),
    (s) => s.length > 0,
    { ms, what: promql },
  );

describe('Prometheus', () => {
  it('scrapes the api, the worker and the Temporal server, and loads the alert rules', async () => {
    const up = await until(
      () => query('up == 1'),
      (samples) => samples.length === 3,
      { ms: 30_000, what: 'every target up' },
    );
    expect(up.map((s) => s.metric.job).sort()).toEqual(['api', 'temporal', 'worker']);
    const rules = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as {
      data: { groups: { rules: { name: string }[] }[] };
    };
    const names = rules.data.groups.flatMap((g) => g.rules.map((r) => r.name));
    expect(names).toEqual(expect.arrayContaining(['ActivityFailuresRising', 'OutboxBacklog', 'AuthLimitHits']));
  });

  it("holds the api's requests by route template, its rate limits hit and the outbox depth", async () => {
    await fetch(`${apiUrl()}/health`);
    const client = new HostileClient();
    // The 7th code request for one account within 15 minutes is refused by the send-code account limit.
    for (let i = 0; i < 7; i++)
      await client.post('/auth/send-confirmation-code', { username: 'metrics-nobody@example.com' });
    await client.get('/no-such-route/203.0.113.7');

    const health = await samplesOf('portal_http_requests_total{route="/api/health",method="GET",status="200"}');
    expect(Number(health[0]!.value[1])).toBeGreaterThanOrEqual(1);
    await samplesOf('portal_http_request_duration_seconds_count{route="/api/health"}');
    await samplesOf('portal_rate_limit_hits_total{limit="send-code:acct"}');
    // An unknown path is one label, never the path asked for.
    await samplesOf('portal_http_requests_total{route="unmatched",status="404"}');
    expect(await query('portal_http_requests_total{route=~".*203.0.113.*"}')).toEqual([]);
    const outbox = await samplesOf('portal_outbox_entries');
    expect(Number(outbox[0]!.value[1])).toBe(0);
  });

  it("holds the Temporal SDK's metrics, the worker's activity failures by code and the CRM org's API usage", async () => {
    // The CRM stand-in refuses the next lead creation as Salesforce refuses an address it does not take.
    const refusal = { errorCode: 'INVALID_EMAIL_ADDRESS', fields: ['Email'], method: 'POST', path: '/sobjects/Lead' };
    const queued = await fetch(`${inject('securityCrmUrl')}/__admin/fail-next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(refusal),
    });
    expect(queued.status).toBe(200);
    const tag = `metrics-${Date.now().toString(36)}`;
    // The lead is created once the sign-up is confirmed.
    await signedInApplicant(tag);
    // The worker bundles its workflows first (10 s or more on a busy machine): a longer wait than the rest.
    const failures = await samplesOf(
      'portal_activity_failures{activity_type="createCrmLead",error_code="CRM_REJECTED",job="worker"}',
      90_000,
    );
    expect(Number(failures[0]!.value[1])).toBeGreaterThanOrEqual(1);
    // No applicant's data in any label of the failure.
    expect(JSON.stringify(failures)).not.toContain('metrics-');
    await samplesOf('temporal_workflow_task_execution_latency_count{job="worker"}');
    // The lead's creation is a local activity: the SDK counts it as one.
    await samplesOf('temporal_local_activity_execution_failed{activity_type="createCrmLead",job="worker"}');
    // And the Temporal server's own (the dev server's --metrics-port).
    await samplesOf('{job="temporal",__name__=~"service_requests|persistence_requests"}');
    // The CRM org's API usage against its allowance, as the stand-in reports it on each REST answer.
    const [used] = await samplesOf('portal_crm_api_calls_used{job="worker"}', 60_000);
    const [limit] = await samplesOf('portal_crm_api_calls_limit{job="worker"}');
    expect(Number(used!.value[1])).toBeGreaterThanOrEqual(1);
    expect(Number(limit!.value[1])).toBe(100_000);
  }, 180_000);
});

describe('the public api port', () => {
  it('serves no metrics, under /metrics or /api/metrics', async () => {
    const origin = new URL(apiUrl()).origin;
    for (const url of [`${origin}/metrics`, `${apiUrl()}/metrics`]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toMatch(/portal_http_requests_total|process_cpu|temporal_/);
    }
  });
});
