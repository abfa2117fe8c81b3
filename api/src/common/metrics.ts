/**
 * The api's Prometheus metrics, in a registry of their own. Labels are
 * bounded and carry no applicant's data: a route is its template (`/api/applications/:id`), never the
 * path asked for; a limit is its name (`sign-up:ip`), never the address or account it counts.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
// The event loop's delay sampled every 100 ms, not prom-client's 10: a timer firing 100 times a second cost the
// idle api about 0.2 CPU-s a minute (measured, docs/performance.md 'The idle stack'). A block of the loop
// longer than 100 ms still shows whole in portal_api_nodejs_eventloop_lag_*; shorter ones are sampled less.
collectDefaultMetrics({ register: registry, prefix: 'portal_api_', eventLoopMonitoringPrecision: 100 });

export const httpRequests = new Counter({
  name: 'portal_http_requests_total',
  help: 'Requests the api answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time from a request to its answer, by method and route template',
  labelNames: ['method', 'route'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const rateLimitHits = new Counter({
  name: 'portal_rate_limit_hits_total',
  help: 'Requests refused with 429 by a rate limit or a lockout, by the limit name',
  labelNames: ['limit'] as const,
  registers: [registry],
});

/** What counts the outbox at scrape time (set by MetricsModule once the database models exist). */
let outboxCounts: (() => Promise<{ entries: number; applications: number }>) | undefined;
export function countOutboxWith(count: typeof outboxCounts) {
  outboxCounts = count;
}

/** One count of both collections per scrape, shared by the two gauges. */
let pending: Promise<{ entries: number; applications: number } | undefined> | undefined;
const outboxNow = () =>
  (pending ??= (outboxCounts?.() ?? Promise.resolve(undefined))
    .catch(() => undefined)
    .finally(() => setTimeout(() => (pending = undefined), 0)));

new Gauge({
  name: 'portal_outbox_entries',
  help: 'Starts and signals waiting in the workflow outbox for Temporal (0 unless Temporal was unreachable)',
  registers: [registry],
  async collect() {
    const n = await outboxNow();
    if (n) this.set(n.entries);
  },
});

new Gauge({
  name: 'portal_outbox_applications',
  help: 'Applications with starts or signals waiting in the workflow outbox',
  registers: [registry],
  async collect() {
    const n = await outboxNow();
    if (n) this.set(n.applications);
  },
});

/** A limit's name from its key (`sign-up:ip:203.0.113.9` → `sign-up:ip`): the parts before the value. */
export function limitName(key: string): string {
  const [action, scope] = key.split(':');
  const name = scope === undefined ? action! : `${action}:${scope}`;
  return /^[a-z][a-z-]*(:[a-z][a-z-]*)?$/.test(name) ? name : 'other';
}
