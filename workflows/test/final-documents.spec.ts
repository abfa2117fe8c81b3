// The voided check and the driver's license travel with the final submission (no signal on upload): the
// workflow copies them to the opportunity before submitting it, so the sales rep opens it with its
// documents; a CRM outage during that copy does not hold the submission, and the copy follows. Temporal's
// time-skipping test server with the real worker and activities (the CRM stand-in, MongoDB, S3).
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, COMMON_SETTINGS, loadEnv } from '@portal/libs';
import {
  APPLICATION_WORKFLOW_TYPE,
  applicationWorkflowId,
  getProgress,
  retryCrmSync,
  submitApplication,
  type StoredDocument,
} from '../src';
import { documentStore } from '../../worker/src/documents/s3';
import { onePagePdf } from '../../tests/support/pdf-fixtures';
import { until } from '../../tests/support/until';
import { startSkippedTime, type SkippedTime } from './skipped-time';

let t: SkippedTime;
let store: ReturnType<typeof documentStore>;

beforeAll(async () => {
  t = await startSkippedTime();
  store = documentStore(loadEnv(COMMON_SETTINGS, t.slice.env));
});

afterAll(async () => {
  store?.close();
  await t?.close();
});

const crmAdmin = (what: string, body: Record<string, unknown> = {}) =>
  fetch(`${t.slice.crm.url}/__admin/${what}`, { method: 'POST', body: JSON.stringify(body) });

/** The lead conversions (SOAP calls) the CRM stand-in has been asked for, refused ones included. */
const conversionCalls = () => t.slice.crm.calls().soapCalls;

/**
 * A run at the offer's step (DOCUMENTS 2), signed, its statements in and its offer already emailed, with
 * `progress` (the CRM's ids) carried into it.
 */
async function startAtOffers(tag: string, id: string, progress: Record<string, unknown>) {
  // The offer was emailed already: the submission sends no email (none of this test's business).
  await t.mongo
    .db()
    .collection(COLLECTIONS.offers)
    .insertOne({ _id: new ObjectId(id), offerOptions: [{ id: 'o1', isSelected: 'true' }], emailedOption: 'o1' });
  const signing = { attempt: 1, signed: true, request: { id: `sr-${tag}`, status: 'signed', signers: [] } };
  return t.client.workflow.start(APPLICATION_WORKFLOW_TYPE, {
    workflowId: applicationWorkflowId(id),
    taskQueue: t.slice.env.TEMPORAL_TASK_QUEUE,
    args: [
      {
        applicationId: id,
        lead: { applicationId: id, firstName: 'Ada', lastName: 'Lovelace', email: `${tag}@example.com`, company: 'X' },
        carried: {
          progress: {
            position: { pageName: 'DOCUMENTS', pageStep: 2, path: '/offers' },
            signing,
            statementsSubmitted: true,
            ...progress,
          },
          leadChanges: [],
          documents: [],
          ops: { lastProgressAt: Date.now(), remindersSent: 0, crmFailing: false },
          seenEvents: [],
          runs: 0,
        },
      },
    ],
  });
}

/** A run at the offer's step with its opportunity. */
async function atOffers(tag: string) {
  const id = new ObjectId().toHexString();
  const opportunityId = t.slice.crm.insert('Opportunity', {
    Name: `${tag} Ltd`,
    StageName: 'Prospecting',
    OwnerId: t.slice.crm.records('User')[0]!.Id,
  });
  const handle = await startAtOffers(tag, id, { sfLeadId: 'carried', sfOpportunityId: opportunityId });
  return { id, opportunityId, handle };
}

/**
 * A run at the offer's step whose statements went in while the CRM was down: its lead is there, its
 * conversion owed (the lead loop converts it as the run starts).
 */
async function conversionOwed(tag: string) {
  const id = new ObjectId().toHexString();
  const repId = String(t.slice.crm.records('User')[0]!.Id);
  const leadId = t.slice.crm.insert('Lead', {
    FirstName: 'Ada',
    LastName: 'Lovelace',
    Company: `${tag} Ltd`,
    Email: `${tag}@example.com`,
    OwnerId: repId,
    Portal_Application_Id__c: id,
  });
  const handle = await startAtOffers(tag, id, { sfLeadId: leadId, sfLeadOwnerId: repId });
  return { id, leadId, handle };
}

/** A stored document of the application: its File row and its object in S3, as the api leaves them. */
async function stored(applicationId: string, fileName: string, fileType: string): Promise<StoredDocument> {
  const _id = new ObjectId();
  await t.mongo
    .db()
    .collection(COLLECTIONS.files)
    .insertOne({ _id, applicationId: new ObjectId(applicationId), fileName, fileType });
  const s3Key = `applications/${applicationId}/documents/${_id.toHexString()}-${fileName}`;
  await store.put(s3Key, await onePagePdf(), 'application/pdf');
  return { fileId: _id.toHexString(), s3Key, fileName, fileType };
}

const copiesOn = (opportunityId: string) =>
  t.slice.crm
    .records('ContentVersion')
    .filter((v) => v.FirstPublishLocationId === opportunityId)
    .map((v) => v.Title);

describe('the last documents, carried by the final submission', () => {
  it('are on the opportunity when it is submitted', async () => {
    const { id, opportunityId, handle } = await atOffers('final-docs');
    const documents = [
      await stored(id, 'voided-check.pdf', 'Voided Check'),
      await stored(id, 'drivers-license.pdf', 'Drivers License'),
    ];
    const answer = await handle.executeUpdate(submitApplication, { args: [documents] });
    expect(answer).toMatchObject({ repName: 'Jordan Rivera', position: { pageStep: 3 } });
    // Copied before the submission, not after its answer.
    expect(copiesOn(opportunityId).sort()).toEqual(['drivers-license', 'voided-check']);
    await handle.result();
    expect(copiesOn(opportunityId)).toHaveLength(2);
  });

  it('with the lead still to convert (the CRM was down), converts it then rather than refuse', async () => {
    // The lead loop's try is refused, so it waits for an operator's retry: the conversion is still owed
    // when the applicant submits (as during a CRM outage's back-off).
    await crmAdmin('fail-next', { errorCode: 'INVALID_FIELD', status: 500, path: '/services/Soap' });
    const { id, leadId, handle } = await conversionOwed('owed-conversion');
    await until(
      () => handle.query(getProgress),
      (p) => p.operations.lastError?.code === 'CRM_REJECTED',
      { what: "the lead loop's conversion refused" },
    );
    const check = await stored(id, 'voided-check.pdf', 'Voided Check');
    const answer = await handle.executeUpdate(submitApplication, { args: [[check]] });
    expect(answer).toMatchObject({ repName: 'Jordan Rivera', position: { pageStep: 3 } });
    const opportunityId = t.slice.crm.records('Lead').find((l) => l.Id === leadId)?.ConvertedOpportunityId;
    expect(opportunityId).toBeTruthy();
    expect(copiesOn(String(opportunityId))).toEqual(['voided-check']);
    await handle.result();
  });

  it('with the CRM still down, is refused for now in the words of an outage (not "submit your statements"), then goes through', async () => {
    // Every conversion fails as Salesforce does when down: the lead loop's and the submission's own tries.
    await crmAdmin('fail-next', { errorCode: 'SERVER_UNAVAILABLE', status: 503, path: '/services/Soap', count: 1000 });
    const { id, leadId, handle } = await conversionOwed('conversion-down');
    const check = await stored(id, 'voided-check.pdf', 'Voided Check');
    try {
      // The lead loop's own tries end first (it then waits out its back-off): the calls below are the submission's.
      await until(
        async () => (await handle.query(getProgress)).operations.lastError?.code,
        (code) => code === 'CRM_UNAVAILABLE',
        { what: "the lead loop's conversion tries failed" },
      );
      const before = conversionCalls();
      const refused = await handle.executeUpdate(submitApplication, { args: [[check]] }).catch((e: unknown) => e);
      // Two tries of the conversion, not three: the applicant waits for a down CRM about 21 s at most.
      expect(conversionCalls() - before).toBe(2);
      expect(refused).toBeInstanceOf(WorkflowUpdateFailedError);
      expect((refused as WorkflowUpdateFailedError).cause).toMatchObject({
        type: 'STATEMENTS_UNAVAILABLE',
        message: 'We could not submit your documents just now. Please try again in a few minutes.',
      });
      expect((await handle.query(getProgress)).operations.lastError?.code).toBe('CRM_UNAVAILABLE');
    } finally {
      await crmAdmin('clear-injected');
    }
    // The CRM back: the applicant presses again, the lead is converted then and the document carried is copied.
    const answer = await handle.executeUpdate(submitApplication, { args: [[check]] });
    expect(answer).toMatchObject({ repName: 'Jordan Rivera', position: { pageStep: 3 } });
    const opportunityId = t.slice.crm.records('Lead').find((l) => l.Id === leadId)?.ConvertedOpportunityId;
    expect(copiesOn(String(opportunityId))).toEqual(['voided-check']);
    // The lead loop is still waiting out its back-off from the outage: an operator's retry cuts it short, and
    // the run ends.
    await handle.signal(retryCrmSync);
    await handle.result();
  });

  it('in a CRM outage during the copy, the application is still submitted and the copy follows', async () => {
    const { id, opportunityId, handle } = await atOffers('final-docs-outage');
    const check = await stored(id, 'voided-check.pdf', 'Voided Check');
    await crmAdmin('fail-next', {
      errorCode: 'SERVER_UNAVAILABLE',
      status: 503,
      method: 'POST',
      path: '/sobjects/ContentVersion',
      count: 1000,
    });
    try {
      const answer = await handle.executeUpdate(submitApplication, { args: [[check]] });
      expect(answer).toMatchObject({ repName: 'Jordan Rivera', position: { pageStep: 3 } });
      expect(t.slice.crm.records('Opportunity').find((o) => o.Id === opportunityId)?.StageName).toBe(
        'Application Submitted',
      );
      const during = await handle.query(getProgress);
      expect(during.pendingDocuments).toBe(1);
      expect(during.operations).toMatchObject({ status: 'Submitted', lastError: { code: 'CRM_UNAVAILABLE' } });
      expect(copiesOn(opportunityId)).toEqual([]);
    } finally {
      await crmAdmin('clear-injected');
    }
    // The CRM is back: an operator's retry cuts the sync loop's back-off short, the copy lands and the run,
    // which waited for it, ends.
    await handle.signal(retryCrmSync);
    await handle.result();
    expect(copiesOn(opportunityId)).toEqual(['voided-check']);
  });
});
