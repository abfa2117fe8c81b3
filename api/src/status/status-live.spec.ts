// The status page's poll of an application still in progress: the first poll watches the run (watchProgress,
// one update), and from then on the workflow pushes every change of its progress to the application record
// (the worker's sink), so polls are answered from the record and reach Temporal not at all, the journey's
// moves included, until the watch is near its end. Counted at the api's own Temporal client.
import type { Client } from '@temporalio/client';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_WATCH_MS, applicationWorkflowId, getProgress } from '@portal/workflows';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { workflowClient } from '../../../tests/support/histories';
import { saveAnswers, stepOnFrom } from '../../../tests/support/journey';
import { startSlice } from '../../../tests/support/slice';
import { countRpcs } from '../../../tests/support/temporal-rpcs';
import { holdFor } from '../../../tests/support/until';
import { TEMPORAL_CLIENT } from '../temporal/temporal.module';
import { liveStatus } from './progress-view';

let slice: Awaited<ReturnType<typeof startSlice>>;
let rpcs: ReturnType<typeof countRpcs>;
let temporal: Client;
let mongo: MongoClient;

beforeAll(async () => {
  slice = await startSlice();
  mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  rpcs = countRpcs(slice.app.get<Client>(TEMPORAL_CLIENT));
  temporal = await workflowClient(slice.env.TEMPORAL_ADDRESS, slice.dataConverter);
});

afterAll(async () => {
  await temporal?.connection.close();
  await mongo?.close();
  await slice?.close();
});

/** Until the run's history has stopped growing (the CRM's lead work after a sign-up or a move). */
async function historyAtRest(applicationId: string) {
  const handle = temporal.workflow.getHandle(applicationWorkflowId(applicationId));
  for (let last = -1; ;) {
    const now = (await handle.describe()).historyLength;
    if (now === last) return handle;
    last = now;
    await holdFor(1000, 'a second in which the history must not grow');
  }
}

describe('an application in progress', () => {
  it('answers polls from the progress the workflow pushes, without a call to Temporal, moves included', async () => {
    const cy: ApiClient = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'live-cy', '10.31.1.1');
    const appId = (await cy.get('/auth/user')).body.data.applications[0]._id as string;
    const handle = await historyAtRest(appId);
    const poll = `/application/${appId}/progress`;

    rpcs.reset();
    const first = await cy.get(poll);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject(liveStatus(await handle.query(getProgress)));
    // Nothing pushed yet: the watch, one update (the query above is the test's own client).
    expect(Object.keys(rpcs.counts).filter((m) => m !== 'pollWorkflowExecutionUpdate')).toEqual([
      'updateWorkflowExecution',
    ]);
    expect(rpcs.counts.updateWorkflowExecution).toBe(1);

    rpcs.reset();
    for (let i = 0; i < 5; i++) expect((await cy.get(poll)).body).toEqual(first.body);
    expect(rpcs.counts).toEqual({});

    // The journey moves on: the workflow pushes the move, and the next poll shows it from the record.
    await saveAnswers(cy, appId);
    const moved = await stepOnFrom(cy, appId, { pageName: first.body.stage, pageStep: first.body.step });
    expect(moved.status).toBe(200);
    await historyAtRest(appId);
    rpcs.reset();
    const after = await cy.get(poll);
    expect(after.body).toMatchObject({ stage: moved.body.pageName, step: moved.body.pageStep });
    expect(after.body).toEqual(liveStatus(await handle.query(getProgress)));
    expect(rpcs.counts).toEqual({});

    // A minute before the watch ends, the next poll renews it (one update), and polls are quiet again.
    const records = mongo.db().collection('applications');
    await records.updateOne(
      { _id: new ObjectId(appId) },
      { $set: { 'liveProgress.watchedUntil': new Date(Date.now() + 30_000) } },
    );
    rpcs.reset();
    expect((await cy.get(poll)).body).toEqual(after.body);
    expect(rpcs.counts.updateWorkflowExecution).toBe(1);
    const renewed = (await records.findOne({ _id: new ObjectId(appId) }))?.liveProgress as { watchedUntil: Date };
    expect(renewed.watchedUntil.getTime()).toBeGreaterThan(Date.now() + PROGRESS_WATCH_MS - 60_000);
    rpcs.reset();
    expect((await cy.get(poll)).body).toEqual(after.body);
    expect(rpcs.counts).toEqual({});
  });
});
