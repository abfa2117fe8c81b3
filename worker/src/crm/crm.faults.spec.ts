// Found by the load run (issue 15 item 4), through the real jsforce and a fault proxy in front of the CRM
// stand-in: a CRM response cut off after its headers killed the worker process (jsforce pipes the fetch
// body without an error listener); and an answer from something in front of Salesforce (a gateway's 503
// with a JSON message, or a body garbled on the way) was taken for Salesforce refusing the request, so
// the activity stopped for good instead of being retried.
import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCrmStandin, type CrmStandin } from '../../../sandbox/src';
import { startFaultProxy, type FaultProxy } from '../../../test-support/fault-proxy';
import { freePorts } from '../../../test-support/free-port';
import { connectCrm } from './crm.connection';
import { createCrmActivities } from './crm.activities';

delete process.env.HTTP_PROXY;
delete process.env.HTTPS_PROXY;
delete process.env.http_proxy;
delete process.env.https_proxy;

let crm: CrmStandin;
let proxy: FaultProxy;
const uncaught: unknown[] = [];
const onUncaught = (e: unknown) => void uncaught.push(e);

beforeAll(async () => {
  // The CRM answers the proxy's address as its instance_url, so every jsforce call passes the proxy.
  const [crmPort] = await freePorts(1);
  proxy = await startFaultProxy(`http://127.0.0.1:${crmPort}`, { name: 'crm' });
  crm = await startCrmStandin({
    port: crmPort!,
    clientId: 'wr-spec',
    clientSecret: 'wr-spec-secret',
    publicUrl: proxy.url,
  });
  process.on('uncaughtException', onUncaught);
});
afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await proxy.close();
  await crm.close();
});

it.each(['truncate', 'reset'] as const)(
  'a %s answer fails the request, not the process',
  async (kind) => {
    const conn = await connectCrm({
      SF_LOGIN_URL: proxy.url,
      SF_CLIENT_ID: 'wr-spec',
      SF_CLIENT_SECRET: 'wr-spec-secret',
      SF_API_VERSION: '59.0',
    });
    // More than jsforce's own retries, so the request really fails.
    proxy.inject({ method: 'GET', path: /\/query/ }, { kind }, 20);
    await expect(conn.query('SELECT Id FROM Lead')).rejects.toThrow();
    expect(proxy.armed()).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(uncaught).toEqual([]);
    // The connection still works.
    proxy.clear();
    await expect(conn.query('SELECT Id FROM Lead')).resolves.toMatchObject({ done: true });
  },
  15_000,
);

it.each([
  ['a gateway 503 with a JSON message', { kind: 'status', status: 503, body: '{"message":"upstream unavailable"}' }],
  ['a gateway 429 with a JSON message', { kind: 'status', status: 429, body: '{"message":"slow down"}' }],
  ['a 200 answer garbled on the way', { kind: 'malformed' }],
] as const)(
  'createCrmLead: %s is retried, not a refusal',
  async (_, fault) => {
    const conn = await connectCrm({
      SF_LOGIN_URL: proxy.url,
      SF_CLIENT_ID: 'wr-spec',
      SF_CLIENT_SECRET: 'wr-spec-secret',
      SF_API_VERSION: '59.0',
    });
    const activities = createCrmActivities({ crm: async () => conn, affiliateRecordTypeId: '012000000000AFFAAA' });
    const input = {
      applicationId: `gw-${fault.kind}-${'status' in fault ? fault.status : 0}`,
      firstName: 'Ada',
      lastName: 'King',
      email: `gw${Date.now()}@example.com`,
      phone: '5551234567',
      company: 'Engines Ltd',
    };
    proxy.inject({ method: 'POST', path: /\/sobjects\/Lead\/?$/ }, fault, 1);
    const failure = await activities.createCrmLead(input).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(proxy.armed()).toBe(0);
    // A plain error: Temporal retries it. A refusal would be a non-retryable ApplicationFailure.
    expect(failure).toBeInstanceOf(Error);
    expect(failure instanceof ApplicationFailure && failure.nonRetryable).toBe(false);
    // The retry finds or creates exactly one lead.
    const retried = await activities.createCrmLead(input);
    expect(crm.records('Lead').filter((l) => l.Portal_Application_Id__c === input.applicationId)).toHaveLength(1);
    expect(retried.leadId).toBeTruthy();
  },
  15_000,
);
