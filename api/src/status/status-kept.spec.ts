// A submitted application's status page, booking view and signature status once its workflow's run has closed:
// served from the run's final progress, kept on the application record by the first read, and never by
// asking the closed run again (a query on a closed run replays its whole history in the worker). Counted
// at the api's own Temporal client: every RPC it sends to Temporal's WorkflowService after the first read.
import type { Client } from '@temporalio/client';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationWorkflowId, getProgress, type ProgressAnswer } from '@portal/workflows';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { workflowClient } from '../../../tests/support/histories';
import { onePagePdf } from '../../../tests/support/pdf-fixtures';
import { startSlice } from '../../../tests/support/slice';
import { countRpcs } from '../../../tests/support/temporal-rpcs';
import { until } from '../../../tests/support/until';
import { signedApplication } from '../files/files.spec-setup';
import { TEMPORAL_CLIENT } from '../temporal/temporal.module';
import { liveStatus } from './progress-view';

let slice: Awaited<ReturnType<typeof startSlice>>;
let ada: ApiClient;
let appId: string;
let rpcs: ReturnType<typeof countRpcs>;

/** The applicant's whole journey from the signature on: statements, offers, voided check, submission. */
async function submit(client: ApiClient, applicationId: string) {
  const bytes = await onePagePdf();
  const pdf = (name: string) => ({ name, type: 'application/pdf', bytes });
  for (const monthLabel of ['October 2026', 'September 2026'])
    expect(
      (await client.upload('/file/s3', { applicationId, fileType: 'Bank Statement', monthLabel }, pdf('s.pdf'))).status,
    ).toBe(201);
  expect((await client.post(`/application/${applicationId}/submit-statements`)).status).toBe(200);
  const priced = await client.post('/offer', { applicationId });
  expect((await client.patch(`/offer/${priced.body.data._id}`, { applicationId, selectedId: 'std-12' })).status).toBe(
    200,
  );
  expect((await client.upload('/file/s3', { applicationId, fileType: 'Voided Check' }, pdf('check.pdf'))).status).toBe(
    201,
  );
  const done = await client.post(`/application/${applicationId}/submit-application`, {
    voidedCheck: 'uploaded',
    driversLicense: 'notAvailable',
  });
  expect(done.status).toBe(200);
}

beforeAll(async () => {
  slice = await startSlice();
  rpcs = countRpcs(slice.app.get<Client>(TEMPORAL_CLIENT));
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'kept-ada', '10.31.0.1');
  appId = await signedApplication(ada);
  await submit(ada, appId);
});

afterAll(async () => {
  await slice?.close();
});

describe('a submitted application whose workflow run has closed', () => {
  it('answers the status page, the booking view and the signature from its kept progress, never querying the run', async () => {
    const temporal = await workflowClient(slice.env.TEMPORAL_ADDRESS, slice.dataConverter);
    const handle = temporal.workflow.getHandle(applicationWorkflowId(appId));
    // The run goes on briefly after the submission's answer (the CRM's last writes, the offer email).
    await until(
      async () => (await handle.describe()).status.name,
      (s) => s === 'COMPLETED',
      { ms: 30_000 },
    );
    rpcs.reset();

    const first = await ada.get(`/application/${appId}/progress`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ source: 'live', ended: 'submitted', rep: { name: 'Jordan Rivera' } });
    // The first read learns the run closed and reads its result from the close event: no query, no replay.
    expect(rpcs.counts).toEqual({ describeWorkflowExecution: 1, getWorkflowExecutionHistory: 1 });

    // What is kept is the closed run's own answer, and the page shows what a query of it would show.
    const finalAnswer = await handle.query(getProgress);
    const mongo = await MongoClient.connect(slice.env.MONGODB_URI);
    const record = await mongo
      .db()
      .collection('applications')
      .findOne({ _id: new ObjectId(appId) });
    await mongo.close();
    expect(record?.progress as ProgressAnswer).toEqual(finalAnswer);
    expect(first.body).toMatchObject(liveStatus(finalAnswer));
    await temporal.connection.close();

    rpcs.reset();
    const user = (await ada.get('/auth/user')).body.data.applications[0];
    const signatureId = record?.signatureId as string;
    for (let i = 0; i < 10; i++) {
      const again = await ada.get(`/application/${appId}/progress`);
      expect(again.body).toEqual(first.body);
      const rep = await ada.get(`/salesforce/opportunity/calandly/${user.sfOpportunityId}`);
      expect(rep.body.data).toEqual({
        repName: 'Jordan Rivera',
        schedulingLink: 'https://calendly.com/jordan-rivera-funding/30min',
      });
      expect((await ada.get(`/box/${signatureId}`)).body.data).toMatchObject({ id: signatureId, signed: true });
    }
    // Thirty reads, and not one call to Temporal: the closed run is never asked again.
    expect(rpcs.counts).toEqual({});
  });
});

describe('a withdrawn application whose workflow run has closed', () => {
  it('keeps its final progress the same way: later reads never query the run', async () => {
    const bea = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'kept-bea', '10.31.0.2');
    const beaApp = (await bea.get('/auth/user')).body.data.applications[0]._id as string;
    const open = await bea.get(`/application/${beaApp}/progress`);
    expect(open.body.ended).toBeUndefined();
    const withdrawn = await fetch(`${slice.baseUrl}/operations/applications/${beaApp}/withdraw`, {
      method: 'POST',
      headers: { authorization: `Bearer ${slice.settings.api.OPERATOR_TOKEN}` },
    });
    expect(withdrawn.status).toBe(202);
    const temporal = await workflowClient(slice.env.TEMPORAL_ADDRESS, slice.dataConverter);
    const handle = temporal.workflow.getHandle(applicationWorkflowId(beaApp));
    await until(
      async () => (await handle.describe()).status.name,
      (s) => s === 'COMPLETED',
      { ms: 30_000 },
    );
    await temporal.connection.close();
    const first = await bea.get(`/application/${beaApp}/progress`);
    expect(first.body).toMatchObject({ source: 'live', ended: 'withdrawn', waiting: [{ on: 'nobody' }] });
    rpcs.reset();
    for (let i = 0; i < 5; i++) expect((await bea.get(`/application/${beaApp}/progress`)).body).toEqual(first.body);
    expect(rpcs.counts).toEqual({});
  });
});

describe('a closed run’s kept progress', () => {
  it('answers the submitted application’s status when Temporal cannot be reached', async () => {
    const before = await ada.get(`/application/${appId}/progress`);
    // The api's own connection to Temporal closed: any call through the one door would fail.
    await slice.app.get<Client>(TEMPORAL_CLIENT).connection.close();
    const res = await ada.get(`/application/${appId}/progress`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(before.body);
    expect(res.body.source).toBe('live');
  });
});
