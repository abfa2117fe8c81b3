// "Delete my account" for a submitted application: the records a lender must keep stay, marked with the
// day they go (the page says which and until when); everything else goes, the workflow history's payloads
// included, and the account can no longer sign in.
import { describe, expect, it } from 'vitest';
import { RETENTION_WORKFLOW_TYPE, erasureWorkflowId, retentionWorkflowId } from '@portal/workflows';
import { TEST_PASSWORD } from '../../../tests/support/api-client';
import { workflowClient } from '../../../tests/support/histories';
import { sliceHooks } from '../../../tests/support/slice-hooks';
import { throughSigning } from '../../../tests/support/through-signing';
import { until } from '../../../tests/support/until';
import {
  boxTraces,
  crmTraces,
  historyTraces,
  mongoTraces,
  s3Traces,
  signUp,
  submitApplication,
  zelda,
  zeldaOwner,
} from './account-erasure.spec-setup';

const room = sliceHooks();

/** Her journey through the api, to the opportunity. */
async function zeldaSubmits() {
  const { slice, db } = room;
  const client = await signUp(slice, zelda, '10.43.0.1');
  const applicationId = await throughSigning(client, { owner: zeldaOwner });
  await submitApplication(client, applicationId);
  await until(
    () => db.collection('applications').findOne({ sfOpportunityId: { $exists: true } }),
    (a) => a !== null,
    { what: 'the opportunity', ms: 30_000 },
  );
  return { client, applicationId };
}

/** The kept records wait on their own timer; on its day they go too (here: a run whose day is past). */
async function retentionEnds(userId: string, applicationId: string) {
  const { slice } = room;
  const temporal2 = await workflowClient(slice.env.TEMPORAL_ADDRESS, slice.dataConverter);
  try {
    const timer = temporal2.workflow.getHandle(retentionWorkflowId(applicationId));
    expect((await timer.describe()).status.name).toBe('RUNNING');
    await timer.terminate('the test moves the day');
    const purged = await temporal2.workflow.execute(RETENTION_WORKFLOW_TYPE, {
      workflowId: retentionWorkflowId(applicationId),
      taskQueue: slice.settings.worker.TEMPORAL_TASK_QUEUE,
      args: [{ userId, applicationId, submitted: true, keepUntil: '2020-01-01' }],
    });
    expect(purged).toBeGreaterThan(0);
  } finally {
    await temporal2.connection.close();
  }
}

describe('deleting the account of a submitted application', () => {
  it('keeps the signed application, the opportunity and identity until the stated day, and erases the rest', async () => {
    const { slice, db } = room;
    const { client, applicationId } = await zeldaSubmits();
    await client.call('PUT', `/draft/${applicationId}/offer`, { fields: { note: 'Zelda Quarrington' } });

    const years = new Date().getUTCFullYear() + 5;
    const view = await client.get('/privacy/erasure');
    expect(view.body).toMatchObject({
      submitted: true,
      kept: ['signedApplication', 'opportunity', 'identity'],
      country: 'US',
      years: 5,
    });
    expect(view.body.keepUntil).toMatch(new RegExp(`^${years}-`));
    const userId = String((await db.collection('users').findOne({ email: zelda.email }))!._id);
    expect((await client.post('/privacy/erasure', { password: TEST_PASSWORD })).status).toBe(202);
    const temporal = await workflowClient(slice.env.TEMPORAL_ADDRESS, slice.dataConverter);
    try {
      const outcome = await temporal.workflow.getHandle(erasureWorkflowId(userId)).result();
      expect(outcome).toMatchObject({ applicationId, submitted: true, lead: 'kept', keepUntil: view.body.keepUntil });
    } finally {
      await temporal.connection.close();
    }

    // Kept: identity (the user without a sign-in, the owners, the business), the application and its
    // documents' records, all marked with their end; gone: drafts, sessions, offers, stage, the rest.
    const left = new Set((await mongoTraces(db)).map((t) => t.split(':')[0]));
    expect([...left].sort()).toEqual(['businesses', 'ownersets', 'users']);
    expect(
      await db.collection('users').findOne({ _id: (await db.collection('users').findOne({}))!._id }),
    ).toMatchObject({
      keepUntil: view.body.keepUntil,
      passwordHash: '',
    });
    expect(await db.collection('applications').findOne({})).toMatchObject({ keepUntil: view.body.keepUntil });
    for (const gone of ['drafts', 'sessions', 'usernames', 'offers', 'stages'])
      expect(await db.collection(gone).countDocuments({}), gone).toBe(0);
    // The signed application and the documents stay in S3, nothing else; the lead stays with its opportunity.
    const objects = await s3Traces(slice, applicationId);
    expect(objects.length).toBeGreaterThan(0);
    expect(objects.filter((k) => !/\/(signature|documents)\//.test(k))).toEqual([]);
    expect(crmTraces(slice).some((r) => r.startsWith('Lead'))).toBe(true);
    // Box's copies of the signed application stay with it (the page says where kept records live).
    const atBox = boxTraces(slice, applicationId, zelda.email).join('\n');
    expect(atBox).toContain('Application 1 (signed).pdf');
    expect(atBox).toContain('signed-application.pdf');
    // Her workflow history is unreadable, and she cannot sign in.
    const history = await historyTraces(slice, applicationId);
    expect(history.found).toEqual([]);
    expect(history.sealed).toBeGreaterThan(0);
    const login = await client.post('/auth/login', { username: zelda.email, password: TEST_PASSWORD });
    expect(login.status).toBe(401);

    await retentionEnds(userId, applicationId);
    expect(await mongoTraces(db)).toEqual([]);
    expect(await s3Traces(slice, applicationId)).toEqual([]);
    expect(boxTraces(slice, applicationId, zelda.email)).toEqual([]);
  });
});
