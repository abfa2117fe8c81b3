// Regressions found by the resilience suite, named after its fault classes: the CRM activities
// through the real jsforce, the fault proxy between them and the stand-in.
import { ApplicationFailure } from '@temporalio/common';
import type { Connection } from 'jsforce';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCrmStandin, type CrmStandin } from '../../../sandbox/src';
import { startFaultProxy, type FaultProxy } from '../../../tests/support/fault-proxy';
import { freePorts } from '../../../tests/support/free-port';
import { unreachableDb } from '../../../tests/support/mongo-down';
import { CrmRejectedError } from '../errors';
import { connectCrm } from './crm.connection';
import { createCrmActivities } from './crm.activities';
import { activityErrorCode } from '../metrics';
import { recordsOf } from '../records/records';

let crm: CrmStandin;
let proxy: FaultProxy;
let conn: Connection;
let mongo: MongoClient;
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
  mongo = await MongoClient.connect(`${inject('mongoBaseUri')}/portal-crm-faults-${Date.now()}`);
  activities = createCrmActivities({
    crm: async () => conn,
    db: mongo.db(),
    affiliateRecordTypeId: '012000000000AFFAAA',
  });
});
afterAll(async () => {
  await mongo?.close();
  await proxy?.close();
  await crm?.close();
});

const lead = () => ({
  applicationId: new ObjectId().toHexString(),
  firstName: 'Ada',
  lastName: 'King',
  email: `ada${++n}@example.com`,
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
      proxy.inject({ method: 'POST', path: /\/composite\/?$/ }, fault, 1);
      const failed = await activities.createCrmLead(input).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(Error);
      expect(failed).not.toBeInstanceOf(CrmRejectedError);
      const retried = await activities.createCrmLead(input);
      expect(leadsOf(input.applicationId).map((l) => l.Id)).toEqual([retried.leadId]);
    }
  });

  it('malformed body: an unreadable answer to a lead creation is retried, and the retry finds the lead made', async () => {
    const input = lead();
    proxy.inject({ method: 'POST', path: /\/composite\/?$/ }, { kind: 'malformed' }, 1);
    const failed = await activities.createCrmLead(input).catch((e: unknown) => e);
    expect(failed).not.toBeInstanceOf(CrmRejectedError);
    expect(leadsOf(input.applicationId)).toHaveLength(1); // it took effect all the same
    const retried = await activities.createCrmLead(input);
    expect(leadsOf(input.applicationId).map((l) => l.Id)).toEqual([retried.leadId]);
  });

  it('reset after send: a lead creation whose answer was lost is found by the retry, not made twice', async () => {
    const input = lead();
    proxy.inject({ method: 'POST', path: /\/composite\/?$/ }, { kind: 'reset' }, 1);
    await expect(activities.createCrmLead(input)).rejects.toThrow();
    const retried = await activities.createCrmLead(input);
    expect(leadsOf(input.applicationId).map((l) => l.Id)).toEqual([retried.leadId]);
  });

  it('database down after the lead was made: the try fails for now, and its retry keeps the ids of the same lead', async () => {
    const input = { ...lead(), affiliateId: '001000000000AFFAAA' };
    const applications = recordsOf(mongo.db()).applications;
    await applications.insertOne({ _id: new ObjectId(input.applicationId) });
    const dbDown = createCrmActivities({ crm: async () => conn, db: unreachableDb(), affiliateRecordTypeId: 'x' });
    const failed = await dbDown.createCrmLead(input).catch((e: unknown) => e);
    // Retryable, named for operators (DATABASE_UNAVAILABLE), never a refusal; no value in its clear message.
    expect(failed).toBeInstanceOf(ApplicationFailure);
    expect(failed).toMatchObject({ type: 'RecordWriteError', nonRetryable: false });
    expect((failed as Error).message).toMatch(/^The lead's id was not kept on the application record \(Mongo\w+\)$/);
    expect(activityErrorCode('createCrmLead', failed)).toBe('DATABASE_UNAVAILABLE');
    const made = leadsOf(input.applicationId);
    expect(made).toHaveLength(1);
    // Temporal's retry, the database back: the lead the first try made, its ids kept, no second lead.
    const retried = await activities.createCrmLead(input);
    expect(leadsOf(input.applicationId).map((l) => l.Id)).toEqual([made[0]!.Id]);
    expect(retried.leadId).toBe(made[0]!.Id);
    expect(await applications.findOne({ _id: new ObjectId(input.applicationId) })).toMatchObject({
      sfLeadId: retried.leadId,
      sfLeadOwnerId: retried.ownerId,
      affiliateId: input.affiliateId,
    });
  });
});
