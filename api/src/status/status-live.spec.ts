// The status page's poll of an application still in progress: the api keeps the last answer it read with the
// run's history length, and while the history has not grown a poll asks Temporal only for that length
// (DescribeWorkflowExecution), never a query (a workflow task in the worker). Once the journey moves on, the
// next poll asks the workflow once and shows the move. Counted at the api's own Temporal client.
import type { Client } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationWorkflowId, getProgress } from '@portal/workflows';
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

beforeAll(async () => {
  slice = await startSlice();
  rpcs = countRpcs(slice.app.get<Client>(TEMPORAL_CLIENT));
  temporal = await workflowClient(slice.env.TEMPORAL_ADDRESS, slice.dataConverter);
});

afterAll(async () => {
  await temporal?.connection.close();
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
  it('answers polls from the kept answer while its history stands still, and queries once after a move', async () => {
    const cy: ApiClient = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'live-cy', '10.31.1.1');
    const appId = (await cy.get('/auth/user')).body.data.applications[0]._id as string;
    const handle = await historyAtRest(appId);
    const poll = `/application/${appId}/progress`;

    rpcs.reset();
    const first = await cy.get(poll);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject(liveStatus(await handle.query(getProgress)));
    // Nothing kept yet: the run's length, then the workflow asked once.
    expect(rpcs.counts).toEqual({ describeWorkflowExecution: 1, queryWorkflow: 1 });

    rpcs.reset();
    for (let i = 0; i < 5; i++) expect((await cy.get(poll)).body).toEqual(first.body);
    expect(rpcs.counts).toEqual({ describeWorkflowExecution: 5 });

    // The journey moves on: the history grows, and the next poll asks the workflow again and shows it.
    await saveAnswers(cy, appId);
    const moved = await stepOnFrom(cy, appId, { pageName: first.body.stage, pageStep: first.body.step });
    expect(moved.status).toBe(200);
    await historyAtRest(appId);
    rpcs.reset();
    const after = await cy.get(poll);
    expect(after.body).toMatchObject({ stage: moved.body.pageName, step: moved.body.pageStep });
    expect(after.body).toMatchObject(liveStatus(await handle.query(getProgress)));
    expect(rpcs.counts).toEqual({ describeWorkflowExecution: 1, queryWorkflow: 1 });
    rpcs.reset();
    expect((await cy.get(poll)).body).toEqual(after.body);
    expect(rpcs.counts).toEqual({ describeWorkflowExecution: 1 });
  });
});
