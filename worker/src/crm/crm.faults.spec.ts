// Regressions found by the resilience suite, named after its fault classes: the CRM activities
// through the real jsforce, the fault proxy between them and the stand-in.
import type { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCrmStandin, type CrmStandin } from '../../../sandbox/src';
import { startFaultProxy, type FaultProxy } from '../../../tests/support/fault-proxy';
import { freePorts } from '../../../tests/support/free-port';
import { CrmRejectedError } from '../errors';
import { connectCrm } from './crm.connection';
import { createCrmActivities } from './crm.activities';

let crm: CrmStandin;
let proxy: FaultProxy;
let conn: Connection;
let activities: ReturnType<typeof createCrmActivities>;
let n = 0;

beforeAll(async () => {
  const [standin, front] = await freePorts(2);
  proxy = await startFaultProxy(`http://127.0.0.1:${standin}`, { port: front });
  crm = await startCrmStandin({ port: standin!, clientId: 'f', clientSecret: 'f-secret', publicUrl: proxy.url });
  conn = await connectCrm({
    SF_LOGIN_URL: proxy.url,
    SF_CLIENT_ID: 'f',
    SF_CLIENT_SECRET: 'f-secret',
    SF_API_VERSION: '59.0',
  });
  activities = createCrmActivities({ crm: async () => conn, affiliateRecordTypeId: '012000000000AFFAAA' });
});
afterAll(async () => {
  await proxy?.close();
  await crm?.close();
});

const lead = () => ({
  applicationId: `fault-app-${++n}`,
  firstName: 'Ada',
  lastName: 'King',
  email: 'ada@example.com',
  phone: '+15551234567',
  company: 'Engines LLC',
});
const leadsOf = (applicationId: string) =>
  crm.records('Lead').filter((l) => l.Portal_Application_Id__c === applicationId);

describe('CRM faults', () => {
  it('5xx burst: a 503 or a 429 without Salesforce’s error body is a failure for now, never a rejection', async () => {
    for (const fault of [
      { kind: 'status', status: 503 },
      { kind: 'status', status: 429, headers: { 'retry-after': '1' } },
    ] as const) {
      const input = lead();
      proxy.inject({ method: 'POST', path: /\/sobjects\/Lead\/?$/ }, fault, 1);
      const failed = await activities.createCrmLead(input).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(Error);
      expect(failed).not.toBeInstanceOf(CrmRejectedError);
      const retried = await activities.createCrmLead(input);
      expect(leadsOf(input.applicationId).map((l) => l.Id)).toEqual([retried.leadId]);
    }
  });

  it('malformed body: an unreadable answer to a lead creation is retried, and the retry finds the lead made', async () => {
    const input = lead();
    proxy.inject({ method: 'POST', path: /\/sobjects\/Lead\/?$/ }, { kind: 'malformed' }, 1);
    const failed = await activities.createCrmLead(input).catch((e: unknown) => e);
    expect(failed).not.toBeInstanceOf(CrmRejectedError);
    expect(leadsOf(input.applicationId)).toHaveLength(1); // it took effect all the same
    const retried = await activities.createCrmLead(input);
    expect(leadsOf(input.applicationId).map((l) => l.Id)).toEqual([retried.leadId]);
  });

  it('reset after send: a lead creation whose answer was lost is found by the retry, not made twice', async () => {
    const input = lead();
    proxy.inject({ method: 'POST', path: /\/sobjects\/Lead\/?$/ }, { kind: 'reset' }, 1);
    await expect(activities.createCrmLead(input)).rejects.toThrow();
    const retried = await activities.createCrmLead(input);
    expect(leadsOf(input.applicationId).map((l) => l.Id)).toEqual([retried.leadId]);
  });
});
