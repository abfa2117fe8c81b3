// The CRM activities with the real jsforce against the stand-in's org rules: each refusal
// Salesforce makes is either retried (transient) or stops at once as a non-retryable CrmRejectedError
// whose message names the codes, which is what operations read in the Temporal UI.
import { ApplicationFailure } from '@temporalio/common';
import type { Connection } from 'jsforce';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, inject as provided, it } from 'vitest';
import { CRM_FIELD_LENGTHS } from '@portal/libs';
import { startCrmStandin, type CrmStandin } from '../../../sandbox/src';
import { connectCrm } from './crm.connection';
import { createCrmActivities } from './crm.activities';
import { createOfferActivities } from '../offers/offers.activities';
import { DEFAULT_CRM_ORG } from './crm.org';

delete process.env.HTTP_PROXY;
delete process.env.HTTPS_PROXY;
delete process.env.http_proxy;
delete process.env.https_proxy;

let crm: CrmStandin;
let conn: Connection;
let mongo: MongoClient;
let activities: ReturnType<typeof createCrmActivities>;
let n = 0;

const settings = (url: string) => ({
  SF_LOGIN_URL: url,
  SF_CLIENT_ID: 'crm-spec',
  SF_CLIENT_SECRET: 'crm-spec-secret',
  SF_API_VERSION: '59.0',
});

beforeAll(async () => {
  crm = await startCrmStandin({ port: 0, clientId: 'crm-spec', clientSecret: 'crm-spec-secret' });
  conn = await connectCrm(settings(crm.url));
  mongo = await MongoClient.connect(`${provided('mongoBaseUri')}/portal-crm-${Date.now()}`);
  activities = createCrmActivities({
    crm: async () => conn,
    db: mongo.db(),
    affiliateRecordTypeId: '012000000000AFFAAA',
  });
});
afterAll(async () => {
  await mongo?.close();
  await crm.close();
});
beforeEach(() =>
  crm.configure({
    stateCountryPicklists: false,
    duplicateRule: 'alert',
    leadStatuses: undefined,
    opportunityStages: undefined,
  }),
);

const lead = (over: Partial<Parameters<typeof activities.createCrmLead>[0]> = {}) => ({
  applicationId: new ObjectId().toHexString(),
  firstName: 'Ada',
  lastName: 'King',
  email: `ada${++n}@example.com`,
  phone: '5551234567',
  company: 'Engines Ltd',
  ...over,
});

/** The failure as Temporal records it: type, non-retryable flag, message and details. */
async function refusal(p: Promise<unknown>) {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ApplicationFailure);
  const f = e as ApplicationFailure;
  return {
    type: f.type,
    nonRetryable: f.nonRetryable,
    message: f.message,
    details: f.details?.[0] as Record<string, unknown>,
  };
}

const inject = (body: Record<string, unknown>) =>
  fetch(`${crm.url}/__admin/fail-next`, { method: 'POST', body: JSON.stringify(body) });

describe('createCrmLead', () => {
  it('writes a lead typed before the limits (200-character names), capped to the lengths Salesforce keeps', async () => {
    const input = lead({ firstName: 'F'.repeat(200), lastName: 'L'.repeat(200), company: 'C'.repeat(300) });
    const { leadId } = await activities.createCrmLead(input);
    const stored = crm.records('Lead').find((r) => r.Id === leadId)!;
    expect(String(stored.FirstName)).toHaveLength(CRM_FIELD_LENGTHS.FirstName);
    expect(String(stored.LastName)).toHaveLength(CRM_FIELD_LENGTHS.LastName);
    expect(String(stored.Company)).toHaveLength(CRM_FIELD_LENGTHS.Company);
  });

  it('stops a reply of several errors (MULTIPLE_API_ERRORS) at once, with each code', async () => {
    await inject({
      method: 'POST',
      path: '/sobjects/Lead',
      errors: [
        { errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', message: 'Phone must be local', fields: ['Phone'] },
        { errorCode: 'INVALID_EMAIL_ADDRESS', message: 'Email: invalid email address: x', fields: ['Email'] },
      ],
    });
    const f = await refusal(activities.createCrmLead(lead()));
    expect(f).toMatchObject({ type: 'CrmRejectedError', nonRetryable: true });
    expect(f.message).toBe(
      'Lead creation refused: FIELD_CUSTOM_VALIDATION_EXCEPTION (Phone); INVALID_EMAIL_ADDRESS (Email)',
    );
    expect(f.message).not.toContain('invalid email address: x'); // Salesforce echoes values: not in clear history
  });

  it('creates a lead a duplicate rule alerts on, and stops at once on a blocking rule', async () => {
    const input = lead({ email: 'twice@example.com' });
    const before = crm.calls().apiCalls;
    const first = await activities.createCrmLead(input);
    // Looked for, then made with its owner read back in one composite call: two of the org's allowance.
    expect(crm.calls().apiCalls - before).toBe(2);
    expect(first.ownerId).toBe(crm.records('User')[0]!.Id);
    const second = await activities.createCrmLead({ ...input, applicationId: new ObjectId().toHexString() });
    expect(second.leadId).toMatch(/^00Q/);
    crm.configure({ duplicateRule: 'block' });
    const f = await refusal(activities.createCrmLead({ ...input, applicationId: new ObjectId().toHexString() }));
    expect(f).toMatchObject({ nonRetryable: true, message: 'Lead creation refused: DUPLICATES_DETECTED' });
  });

  it('leaves the org limit, a locked row and an outage to Temporal to retry', async () => {
    for (const [errorCode, status] of [
      ['REQUEST_LIMIT_EXCEEDED', 403],
      ['UNABLE_TO_LOCK_ROW', 400],
      ['SERVER_UNAVAILABLE', 503],
    ] as const) {
      await inject({ errorCode, status, method: 'POST' });
      const e = await activities.createCrmLead(lead()).catch((x: unknown) => x);
      expect(e).not.toBeInstanceOf(ApplicationFailure);
      expect(e).toMatchObject({ errorCode });
    }
  });
});

describe('updateCrmLead', () => {
  async function newLead() {
    return (await activities.createCrmLead(lead())).leadId;
  }

  it('writes every field of a refused batch but the offending one, which it holds back by name', async () => {
    const leadId = await newLead();
    const f = await refusal(
      activities.updateCrmLead({ leadId, fields: { City: 'Albany', Status: 'Qualified', Industry: 'Retail' } }),
    );
    expect(f).toMatchObject({ type: 'CrmRejectedError', nonRetryable: true });
    expect(f.message).toBe('Lead update held back Status: INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST (Status)');
    expect(f.details).toMatchObject({
      code: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
      heldBack: { Status: 'Qualified' },
    });
    expect(crm.records('Lead').find((r) => r.Id === leadId)).toMatchObject({ City: 'Albany', Industry: 'Retail' });
  });

  it('sends state and country codes where a picklist org takes them, when configured so', async () => {
    crm.configure({ stateCountryPicklists: true });
    const leadId = await newLead();
    const plain = await refusal(
      activities.updateCrmLead({ leadId, fields: { State: 'NY', Country: 'US', City: 'Albany' } }),
    );
    expect(plain.message).toBe(
      'Lead update held back State, Country: FIELD_INTEGRITY_EXCEPTION (State); FIELD_INTEGRITY_EXCEPTION (Country)',
    );
    const picklists = createCrmActivities({
      crm: async () => conn,
      db: mongo.db(),
      affiliateRecordTypeId: 'x',
      org: { ...DEFAULT_CRM_ORG, stateCountryPicklists: true },
    });
    await picklists.updateCrmLead({ leadId, fields: { State: 'NY', Country: 'US' } });
    expect(crm.records('Lead').find((r) => r.Id === leadId)).toMatchObject({
      StateCode: 'NY',
      CountryCode: 'US',
      City: 'Albany',
    });
  });

  it('caps a long street (address and suite joined) to the 255 characters Salesforce keeps', async () => {
    const leadId = await newLead();
    await activities.updateCrmLead({ leadId, fields: { Street: `${'a'.repeat(200)}, ${'b'.repeat(200)}` } });
    expect(String(crm.records('Lead').find((r) => r.Id === leadId)!.Street)).toHaveLength(255);
  });

  it('stops at once on a lead the rep converted or deleted, naming the code', async () => {
    const converted = await newLead();
    await conn.soap.convertLead({ leadId: converted, convertedStatus: 'Closed - Converted' });
    const c = await refusal(activities.updateCrmLead({ leadId: converted, fields: { City: 'X', Phone: '1' } }));
    expect(c).toMatchObject({ nonRetryable: true, message: 'Lead update refused: CANNOT_UPDATE_CONVERTED_LEAD' });
    expect(c.details).toMatchObject({ heldBack: { City: 'X', Phone: '1' } });

    const deleted = await newLead();
    await conn.sobject('Lead').destroy(deleted);
    const d = await refusal(activities.updateCrmLead({ leadId: deleted, fields: { City: 'X' } }));
    expect(d).toMatchObject({ nonRetryable: true, message: 'Lead update refused: ENTITY_IS_DELETED' });
  });

  it('retries a batch that meets a locked row, and stops at once on an unknown field', async () => {
    const leadId = await newLead();
    await inject({ errorCode: 'UNABLE_TO_LOCK_ROW', method: 'PATCH' });
    const locked = await activities.updateCrmLead({ leadId, fields: { City: 'Y' } }).catch((x: unknown) => x);
    expect(locked).not.toBeInstanceOf(ApplicationFailure);
    const f = await refusal(activities.updateCrmLead({ leadId, fields: { Renamed__c: 'v' } }));
    expect(f).toMatchObject({ nonRetryable: true, message: 'Lead update refused: INVALID_FIELD' });
  });
});

describe('org-specific values from configuration', () => {
  it("writes the org's lead status for the spec's, when the org names it otherwise", async () => {
    crm.configure({ leadStatuses: ['Open', 'Unqualified', 'Closed - Converted'] });
    const { leadId } = await activities.createCrmLead(lead());
    const spec = { Status: 'Closed - Not Converted', Status_Detail__c: 'No Business Bank Account' };
    const plain = await refusal(activities.updateCrmLead({ leadId, fields: spec }));
    expect(plain.message).toContain('INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST (Status)');
    const mapped = createCrmActivities({
      crm: async () => conn,
      db: mongo.db(),
      affiliateRecordTypeId: 'x',
      org: { ...DEFAULT_CRM_ORG, picklistValues: { Status: { 'Closed - Not Converted': 'Unqualified' } } },
    });
    await mapped.updateCrmLead({ leadId, fields: spec });
    expect(crm.records('Lead').find((r) => r.Id === leadId)).toMatchObject({ Status: 'Unqualified' });
  });

  it('moves the opportunity to the configured stage; a stage the org refuses still answers the rep, with the refusal', async () => {
    const opp = crm.insert('Opportunity', { Name: 'O', StageName: 'Prospecting', OwnerId: crm.records('User')[0]!.Id });
    const offers = (stage: string) =>
      createOfferActivities({
        db: undefined as never, // submitOpportunity reads only the CRM
        crm: async () => conn,
        settings: {
          OFFER_SERVICE_URL: 'http://127.0.0.1:9',
          OFFER_SERVICE_CLIENT_ID: '',
          OFFER_SERVICE_CLIENT_SECRET: '',
          SMTP_HOST: '127.0.0.1',
          SMTP_PORT: 9,
          MAIL_FROM: 'x@example.com',
          PUBLIC_URL: 'http://localhost',
        },
        org: { ...DEFAULT_CRM_ORG, submittedStage: stage },
      });
    crm.configure({ opportunityStages: ['Prospecting', 'Submitted'] });
    // The refusal does not hold back the applicant's rep; the workflow shows it to operations.
    expect(await offers('Application Submitted').submitOpportunity({ opportunityId: opp })).toEqual({
      repName: 'Jordan Rivera',
      schedulingLink: 'https://calendly.com/jordan-rivera-funding/30min',
      stageRefused: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
    });
    expect(crm.records('Opportunity').find((r) => r.Id === opp)).toMatchObject({ StageName: 'Prospecting' });
    // The opportunity itself gone: no rep to read, a refusal at once.
    const gone = await refusal(offers('Submitted').submitOpportunity({ opportunityId: '006000000000000AAA' }));
    expect(gone).toMatchObject({ nonRetryable: true, type: 'CrmRejectedError' });
    // The stage written and the rep read through the opportunity's owner: one call of the org's allowance.
    const calls = async () =>
      ((await (await fetch(`${crm.url}/__admin/calls`)).json()) as { apiCalls: number }).apiCalls;
    const before = await calls();
    expect(await offers('Submitted').submitOpportunity({ opportunityId: opp })).not.toHaveProperty('stageRefused');
    expect(crm.calls().apiCalls - before).toBe(1);
    expect(crm.records('Opportunity').find((r) => r.Id === opp)).toMatchObject({ StageName: 'Submitted' });
  });
});
