// The CRM stand-in's admin routes under /__admin (not Salesforce's): tests and operators look inside,
// cut it off, change the org's settings and queue errors for the next calls.
import type { OrgOptions, SfErr } from './org';
import type { Org, Reply } from './rest';

/** An error injected by a test for the next `count` API calls (optionally only those matching method/path). */
export type Injected = { errors: SfErr[]; status: number; count: number; method?: string; path?: string };

/**
 * What the admin routes turn: the outage switch and the queued errors; the API calls counted so far against
 * the org's allowance (`apiLimit`, Salesforce's 'TotalRequests'), the switch that answers every call with
 * REQUEST_LIMIT_EXCEEDED until turned off, and the sessions (access tokens) the org has issued.
 */
export type Controls = {
  down: boolean;
  injected: Injected[];
  apiCalls: number;
  /** The SOAP API's calls (convertLead) among them. */
  soapCalls: number;
  /** The same calls by method and route ('PATCH /services/data/vXX.X/sobjects/Lead/:id'). */
  byRoute: Map<string, number>;
  apiLimit: number;
  limitExceeded: boolean;
  sessions: Set<string>;
};

/** Over its allowance, every API call is refused (403 REQUEST_LIMIT_EXCEEDED) until the 24-hour window moves on. */
export const overLimit = (c: Controls) => c.limitExceeded || c.apiCalls > c.apiLimit;

/** The API calls the org has served: all, the SOAP ones, and by route. */
export const callCounts = (controls: Controls): CallCounts => ({
  apiCalls: controls.apiCalls,
  soapCalls: controls.soapCalls,
  byRoute: Object.fromEntries(controls.byRoute),
});
export type CallCounts = { apiCalls: number; soapCalls: number; byRoute: Record<string, number> };

export function admin(org: Org, controls: Controls, method: string, parts: string[], body: Buffer): Reply {
  const { store } = org;
  const [what, type] = parts;
  if (what === 'health') return { status: 200, body: { ok: true, down: controls.down } };
  // The API calls the org has served (each counts against a real org's daily API allowance), the SOAP ones apart.
  if (what === 'calls' && method === 'GET') return { status: 200, body: callCounts(controls) };
  // The org's API allowance: { exceeded?, limit?, used? } (`exceeded: false, used: 0` is the next day's reset).
  if (what === 'limit') {
    if (method === 'POST') {
      const b = JSON.parse(body.toString('utf8') || '{}') as { exceeded?: boolean; limit?: number; used?: number };
      if (b.exceeded !== undefined) controls.limitExceeded = b.exceeded;
      if (b.limit !== undefined) controls.apiLimit = b.limit;
      if (b.used !== undefined) controls.apiCalls = b.used;
    }
    const { apiCalls: used, apiLimit: limit } = controls;
    return { status: 200, body: { used, limit, exceeded: overLimit(controls) } };
  }
  // Every session issued so far ends (a timeout, a password or policy change): the next call answers
  // INVALID_SESSION_ID and the client must sign in again.
  if (what === 'expire-sessions' && method === 'POST') {
    const expired = controls.sessions.size;
    controls.sessions.clear();
    return { status: 200, body: { expired } };
  }
  if (what === 'down' && method === 'POST') return ((controls.down = true), { status: 200, body: { down: true } });
  if (what === 'up' && method === 'POST') return ((controls.down = false), { status: 200, body: { down: false } });
  if (what === 'reset' && method === 'POST') return (store.reset(), { status: 200, body: { ok: true } });
  if (what === 'org' && method === 'POST') {
    org.settings = { ...org.settings, ...(JSON.parse(body.toString('utf8') || '{}') as OrgOptions) };
    return { status: 200, body: org.settings };
  }
  if (what === 'fail-next' && method === 'POST') {
    // { errorCode, count?, status?, message?, fields?, errors?: [...], method?, path? }
    const b = JSON.parse(body.toString('utf8') || '{}') as Partial<SfErr> & Partial<Injected>;
    const errors = b.errors ?? [
      {
        errorCode: String(b.errorCode),
        message: b.message ?? String(b.errorCode),
        ...(b.fields ? { fields: b.fields } : {}),
      },
    ];
    controls.injected.push({ errors, status: b.status ?? 400, count: b.count ?? 1, method: b.method, path: b.path });
    return { status: 200, body: { queued: controls.injected.length } };
  }
  if (what === 'clear-injected' && method === 'POST')
    return ((controls.injected.length = 0), { status: 200, body: { queued: 0 } });
  if (what === 'sobjects' && type && method === 'GET') return { status: 200, body: store.all(type) };
  if (what === 'sobjects' && type && method === 'POST') {
    const record = store.insert(type, JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>);
    return { status: 201, body: { id: record.Id } };
  }
  return { status: 404, body: { error: 'not found' } };
}

/** The injected error this call answers with, if any (counted down per call). */
export function takeInjected(controls: Controls, method: string, pathname: string): Injected | undefined {
  const { injected } = controls;
  const i = injected.findIndex((x) => (!x.method || x.method === method) && (!x.path || pathname.includes(x.path)));
  if (i < 0) return undefined;
  const hit = injected[i]!;
  if (--hit.count <= 0) injected.splice(i, 1);
  return hit;
}
