// The portal's answer to a real org's rules (API limits, expiring sessions, typed fields), through the real jsforce and
// the stand-in that keeps them: the daily API limit is an outage waited out (nothing dropped), an expired session signs
// in again, and the lead mapper's full output has the types the org's fields take.
import { ApplicationFailure } from '@temporalio/common';
import type { Connection } from 'jsforce';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { leadFieldsOf, type LeadChange, type LeadOwner } from '@portal/libs';
import { startCrmStandin, type CrmStandin } from '../../../sandbox/src';
import { createDocumentActivities } from '../documents/documents.activities';
import { connectCrm } from './crm.connection';
import { createCrmActivities } from './crm.activities';
import { activityErrorCode } from '../metrics';
import { recordsOf } from '../records/records';
import { unreachableDb } from '../../../tests/support/mongo-down';

delete process.env.HTTP_PROXY;
delete process.env.HTTPS_PROXY;
delete process.env.http_proxy;
delete process.env.https_proxy;

let crm: CrmStandin;
let conn: Connection;
let mongo: MongoClient;
let activities: ReturnType<typeof createCrmActivities>;
let n = 0;

beforeAll(async () => {
  crm = await startCrmStandin({ port: 0, clientId: 'rules', clientSecret: 'rules-secret' });
  conn = await connectCrm({
    SF_LOGIN_URL: crm.url,
    SF_CLIENT_ID: 'rules',
    SF_CLIENT_SECRET: 'rules-secret',
    SF_API_VERSION: '59.0',
  });
  mongo = await MongoClient.connect(`${inject('mongoBaseUri')}/portal-crm-rules-${Date.now()}`);
  activities = createCrmActivities({
    crm: async () => conn,
    db: mongo.db(),
    affiliateRecordTypeId: '012000000000AFFAAA',
  });
});
afterAll(async () => {
  await mongo?.close();
  await crm?.close();
});

const admin = (what: string, body: unknown = {}) =>
  fetch(`${crm.url}/__admin/${what}`, { method: 'POST', body: JSON.stringify(body) });
const lead = () => ({
  applicationId: new ObjectId().toHexString(),
  firstName: 'Ada',
  lastName: 'King',
  email: `ada${++n}@example.com`,
  phone: '5551234567',
  company: 'Engines LLC',
});
const leadOf = (applicationId: string) =>
  crm.records('Lead').filter((l) => l.Portal_Application_Id__c === applicationId);
/** The conversion activity (it keeps the opportunity's id on the application record). */
const documentActivities = (db = mongo.db()) =>
  createDocumentActivities({
    db,
    crm: async () => conn,
    box: () => {
      throw new Error('unused');
    },
    store: undefined as never,
    parentFolderId: '0',
  });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as Error,
  );

describe('the org’s daily API limit', () => {
  it('is an outage to wait out: every call fails for now (retried, never a refusal) and goes through after the reset', async () => {
    const input = lead();
    const { leadId } = await activities.createCrmLead(input);
    await admin('limit', { exceeded: true });
    const second = lead();
    const change = { AnnualRevenue: 250000, Industry: 'Retail' };
    // One call at a time, each awaited as it is made: a call left running while another is awaited would
    // fail with nobody listening yet (an unhandled rejection).
    for (const call of [
      () => activities.createCrmLead(second),
      () => activities.updateCrmLead({ leadId, fields: change }),
      () => activities.checkCrmAffiliate({ affiliateId: '001000000000000AAA' }),
    ]) {
      const e = await failure(call());
      expect(e).toBeInstanceOf(Error);
      // Retryable: Temporal retries it with back-off (LastError CRM_UNAVAILABLE), nothing is held back.
      expect(e).not.toBeInstanceOf(ApplicationFailure);
      expect(e!.message).toContain('TotalRequests Limit exceeded.');
    }
    expect(leadOf(second.applicationId)).toHaveLength(0);

    await admin('limit', { exceeded: false, used: 0 });
    const made = await activities.createCrmLead(second);
    await activities.updateCrmLead({ leadId, fields: change });
    expect(leadOf(second.applicationId).map((l) => l.Id)).toEqual([made.leadId]);
    expect(leadOf(input.applicationId)[0]).toMatchObject(change);
  });
});

describe('expired sessions', () => {
  it('sign in again: REST and SOAP (the conversion) calls succeed after every session has ended', async () => {
    await admin('expire-sessions');
    const before = conn.accessToken;
    const { leadId } = await activities.createCrmLead(lead());
    expect(conn.accessToken).not.toBe(before);

    await admin('expire-sessions');
    const documents = documentActivities();
    const { opportunityId } = await documents.convertCrmLead({
      leadId,
      ownerId: '',
      applicationId: new ObjectId().toHexString(),
    });
    expect(crm.records('Opportunity').map((o) => o.Id)).toContain(opportunityId);
  });
});

describe('assignment rules', () => {
  it('a lead the rule gives to a queue is converted with a user as owner; the portal’s updates never reassign it', async () => {
    crm.configure({ assignTo: 'queue' });
    try {
      const { leadId, ownerId } = await activities.createCrmLead(lead());
      expect(ownerId).toMatch(/^00G/);
      // A rep picks it up from the queue; the applicant's next answers leave it with them.
      const rep = crm.records('User')[0]!.Id;
      await fetch(`${crm.url}/services/data/v59.0/sobjects/Lead/${leadId}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${conn.accessToken}`,
          'content-type': 'application/json',
          'sforce-auto-assign': 'FALSE',
        },
        body: JSON.stringify({ OwnerId: rep }),
      });
      await activities.updateCrmLead({ leadId, fields: { industry: 'Retail' } });
      expect(crm.records('Lead').find((l) => l.Id === leadId)).toMatchObject({ OwnerId: rep, Industry: 'Retail' });

      // Still in the queue at conversion (no rep took it): the integration's user owns what it makes.
      const second = await activities.createCrmLead(lead());
      const documents = documentActivities();
      const { opportunityId } = await documents.convertCrmLead({
        leadId: second.leadId,
        ownerId: second.ownerId,
        applicationId: new ObjectId().toHexString(),
      });
      expect(crm.records('Opportunity').find((o) => o.Id === opportunityId)).toMatchObject({
        OwnerId: conn.userInfo!.id,
      });
      expect(conn.userInfo!.id).toMatch(/^005/);
    } finally {
      crm.configure({ assignTo: 'rep' });
    }
  });
});

describe('the lead mapper’s types', () => {
  const owner = (first: string, share: number): LeadOwner => ({
    firstName: first,
    lastName: 'King',
    phoneNumber: '5551234567',
    email: `${first.toLowerCase()}@example.com`,
    dateOfBirth: '1980-02-29',
    ownershipPercent: share,
    address: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    country: 'US',
    ssn: '123456789',
    creditScore: 712,
  });
  const full: Required<LeadChange> = {
    annualRevenue: 1_250_000.5,
    amountRequested: 75_000,
    monthlyRevenue: 104_166.71,
    businessStartDate: '2015-06-01',
    useOfProceeds: 'Working capital',
    businessName: 'Engines LLC',
    dbaName: 'Engines',
    legalEntity: 'LLC',
    federalTaxId: '12-3456789',
    avgDailyBalance: 12_000,
    openLoanBalances: 0,
    naics: '333611',
    stateOfIncorporation: 'DE',
    productsInterestedIn: ['Term loan', 'Line of credit'],
    acceptsCreditCards: true,
    hasOpenBusinessLoans: false,
    hasBusinessBankAccount: true,
    country: 'US',
    zip: '62701',
    address: '1 Main St',
    suiteFloor: 'Suite 4',
    city: 'Springfield',
    state: 'IL',
    industry: 'Manufacturing',
    numberOfEmployees: 42,
    phoneNumber: '5551234567',
    website: 'https://engines.example',
    owner1: owner('Ada', 60),
    owner2: owner('Charles', 40),
    hasSecondOwner: true,
    portalStatus: 'Application Submitted',
    leadStatus: 'Working - Contacted',
    leadStatusDetail: null,
  };

  it('writes a full LeadChange into an org that checks every field’s type, and holds back only a wrongly typed field', async () => {
    const { leadId } = await activities.createCrmLead(lead());
    await activities.updateCrmLead({ leadId, fields: full });
    const written = crm.records('Lead').find((l) => l.Id === leadId)!;
    expect(written).toMatchObject({
      ...leadFieldsOf(full),
      Street: '1 Main St, Suite 4',
      Business_Start_Date__c: '2015-06-01',
      Owner_1_Birthdate__c: '1980-02-29',
      Has_Second_Owner__c: true,
    });
    // Nothing of the mapper is tested by the org if it checks no type: a change queued in Salesforce's words
    // with text in a number field is refused, held back alone, and the rest of its batch lands.
    const e = await failure(
      activities.updateCrmLead({ leadId, fields: { Website: 'https://engines2.example', AnnualRevenue: 'n/a' } }),
    );
    expect(e).toMatchObject({
      type: 'CrmRejectedError',
      nonRetryable: true,
      message: 'Lead update held back AnnualRevenue: JSON_PARSER_ERROR (AnnualRevenue)',
    });
    expect(crm.records('Lead').find((l) => l.Id === leadId)).toMatchObject({
      Website: 'https://engines2.example',
      AnnualRevenue: 1_250_000.5,
    });
  });
});

describe('the opportunity kept on the application', () => {
  it('database down after the conversion: the try fails for now, and its retry keeps the same opportunity', async () => {
    const { leadId, ownerId } = await activities.createCrmLead(lead());
    const applicationId = new ObjectId();
    await recordsOf(mongo.db()).applications.insertOne({ _id: applicationId });
    // The rep known from the lead's creation: converted at once, one call of the org's allowance.
    const input = { leadId, ownerId, applicationId: applicationId.toHexString() };
    const calls = crm.calls().apiCalls;
    const failed = await failure(documentActivities(unreachableDb()).convertCrmLead(input));
    expect(crm.calls().apiCalls - calls).toBe(1);
    expect(failed).toMatchObject({ type: 'RecordWriteError', nonRetryable: false });
    expect(activityErrorCode('convertCrmLead', failed)).toBe('DATABASE_UNAVAILABLE');
    const made = crm.records('Opportunity').length;
    // Temporal's retry, the database back: the lead answers that it is converted already, and its
    // opportunity, read then, is answered and kept.
    const { opportunityId } = await documentActivities().convertCrmLead(input);
    expect(crm.records('Lead').find((r) => r.Id === leadId)).toMatchObject({ ConvertedOpportunityId: opportunityId });
    expect(crm.records('Opportunity')).toHaveLength(made);
    expect(await recordsOf(mongo.db()).applications.findOne({ _id: applicationId })).toMatchObject({
      sfOpportunityId: opportunityId,
    });
  });
});
