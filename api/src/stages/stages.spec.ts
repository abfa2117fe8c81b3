import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationWorkflowId } from '@portal/workflows';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { FINANCIAL_ANSWERS, saveAnswers, stepOn } from '../../../tests/support/journey';
import { startSlice } from '../../../tests/support/slice';

let slice: Awaited<ReturnType<typeof startSlice>>;
let ada: ApiClient;
let bob: ApiClient;
let carol: ApiClient;
let adaApp: string;
let bobApp: string;
let carolApp: string;
const FROM_FINANCIAL = { from: { pageName: 'FINANCIAL', pageStep: 1 } };

beforeAll(async () => {
  slice = await startSlice();
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'stage-ada', '10.2.0.1');
  bob = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'stage-bob', '10.2.0.2');
  adaApp = (await ada.get('/auth/user')).body.data.applications[0]._id;
  bobApp = (await bob.get('/auth/user')).body.data.applications[0]._id;
  carol = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'stage-carol', '10.2.0.3');
  carolApp = (await carol.get('/auth/user')).body.data.applications[0]._id;
});

afterAll(async () => {
  await slice?.close();
});

describe('stage updates through the workflow: moves and re-saves', () => {
  it('answers another user’s application as not found, never its data', async () => {
    const res = await bob.patch(`/stage/${adaApp}`, { pageName: 'BUSINESS', pageStep: 1, ...FROM_FINANCIAL });
    expect(res.status).toBe(404);
    expect((await bob.get(`/stage/${adaApp}`)).status).toBe(404);
    expect((await bob.get(`/stage/not-an-id`)).status).toBe(404);
  });

  it('refuses a jump ahead and accepts the next step', async () => {
    const jump = await ada.patch(`/stage/${adaApp}`, { pageName: 'DOCUMENTS', pageStep: 1, ...FROM_FINANCIAL });
    expect(jump.status).toBe(400);
    const businessId = (await ada.get(`/business/application/${adaApp}`)).body._id;
    expect((await ada.patch(`/business/${businessId}`, FINANCIAL_ANSWERS)).status).toBe(200);
    const ok = await ada.patch(`/stage/${adaApp}`, { pageName: 'BUSINESS', pageStep: 1, ...FROM_FINANCIAL });
    expect(ok.body).toEqual({
      applicationId: adaApp,
      pageName: 'BUSINESS',
      pageStep: 1,
      path: '/business',
      isPdfSent: false,
    });
    expect((await ada.get('/auth/user')).body.data.applications[0].stage.path).toBe('/business');
  });

  it('answers a re-save of the current step from the saved position, spending no workflow update', async () => {
    // Temporal caps one run at 2,000 updates; a page that re-saves its step must not use them up.
    const temporal = new Client({
      connection: await Connection.connect({ address: slice.env.TEMPORAL_ADDRESS }),
      dataConverter: slice.dataConverter,
    });
    const updates = async () =>
      ((await temporal.workflow.getHandle(applicationWorkflowId(adaApp)).fetchHistory()).events ?? []).filter(
        (e) => e.workflowExecutionUpdateAcceptedEventAttributes,
      ).length;
    const before = await updates();
    const here = { pageName: 'BUSINESS', pageStep: 1, from: { pageName: 'BUSINESS', pageStep: 1 } };
    for (let i = 0; i < 30; i++) {
      const res = await ada.patch(`/stage/${adaApp}`, here);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ pageName: 'BUSINESS', pageStep: 1, path: '/business' });
    }
    expect(await updates()).toBe(before);
    await temporal.connection.close();
  });
});

describe('stage updates through the workflow: holds, repeats and refusals', () => {
  it('walks to /signature, where the workflow holds the stage until the application is signed', async () => {
    await saveAnswers(bob, bobApp);
    const paths: string[] = [];
    for (;;) {
      const res = await stepOn(bob, bobApp);
      if (res.status !== 200) {
        expect(res.status).toBe(409);
        expect(res.body.data.message).toBe('Please sign the application before continuing');
        break;
      }
      paths.push(res.body.path);
    }
    // The walk past the signature to 'No further stage available' is in the workflow and signing specs.
    expect(paths).toEqual(['/business', '/business', '/owners', '/signature']);
    const back = await bob.post(`/stage/${bobApp}/previous`, { from: { pageName: 'SIGNATURE', pageStep: 1 } });
    expect(back.body).toMatchObject({ pageName: 'BUSINESS', pageStep: 3 });
  });

  it('holds a new applicant at /financial however often next is called with nothing saved', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await carol.post(`/stage/${carolApp}/next`, FROM_FINANCIAL);
      expect(res.status).toBe(400);
      expect(res.body.data.message).toBe('Please complete this step before continuing');
    }
    expect((await carol.get(`/stage/${carolApp}`)).body).toMatchObject({ pageName: 'FINANCIAL', pageStep: 1 });
  });

  it('moves one step for twenty parallel repeats of one next, and answers a stale tab where the journey is', async () => {
    await saveAnswers(carol, carolApp);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => carol.post(`/stage/${carolApp}/next`, FROM_FINANCIAL)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.path))).toEqual(new Set(['/business']));
    expect((await carol.get(`/stage/${carolApp}`)).body).toMatchObject({ pageName: 'BUSINESS', pageStep: 1 });
    // A tab still on /financial asks to go back, and to the step after it: neither moves the journey.
    const staleBack = await carol.post(`/stage/${carolApp}/previous`, FROM_FINANCIAL);
    expect(staleBack.body).toMatchObject({ pageName: 'BUSINESS', pageStep: 1 });
    const stalePatch = await carol.patch(`/stage/${carolApp}`, {
      pageName: 'BUSINESS',
      pageStep: 1,
      ...FROM_FINANCIAL,
    });
    expect(stalePatch.body).toMatchObject({ pageName: 'BUSINESS', pageStep: 1 });
  });

  it('refuses a move that does not name where it starts', async () => {
    expect((await carol.post(`/stage/${carolApp}/next`, {})).status).toBe(400);
    expect((await carol.patch(`/stage/${carolApp}`, { pageName: 'BUSINESS', pageStep: 2 })).status).toBe(400);
  });

  it('needs a session', async () => {
    const { ApiClient } = await import('../../../tests/support/api-client');
    const anonymous = new ApiClient(slice.baseUrl, '10.2.0.9');
    expect((await anonymous.get(`/stage/${adaApp}`)).status).toBe(403);
  });
});
