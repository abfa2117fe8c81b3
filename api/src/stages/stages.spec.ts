import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm, type ApiClient } from '../../../test-support/api-client';
import { startSlice } from '../../../test-support/slice';

let slice: Awaited<ReturnType<typeof startSlice>>;
let ada: ApiClient;
let bob: ApiClient;
let adaApp: string;
let bobApp: string;

beforeAll(async () => {
  slice = await startSlice();
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'stage-ada', '10.2.0.1');
  bob = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'stage-bob', '10.2.0.2');
  adaApp = (await ada.get('/auth/user')).body.data.applications[0]._id;
  bobApp = (await bob.get('/auth/user')).body.data.applications[0]._id;
});

afterAll(async () => {
  await slice?.close();
});

describe('stage updates through the workflow', () => {
  it('answers another user’s application as not found, never its data', async () => {
    const res = await bob.patch(`/stage/${adaApp}`, { pageName: 'BUSINESS', pageStep: 1, path: '/business' });
    expect(res.status).toBe(404);
    expect((await bob.get(`/stage/${adaApp}`)).status).toBe(404);
    expect((await bob.get(`/stage/not-an-id`)).status).toBe(404);
  });

  it('refuses a jump ahead and accepts the next step', async () => {
    const jump = await ada.patch(`/stage/${adaApp}`, { pageName: 'DOCUMENTS', pageStep: 1, path: '/bank-statements' });
    expect(jump.status).toBe(400);
    const ok = await ada.patch(`/stage/${adaApp}`, { pageName: 'BUSINESS', pageStep: 1, path: '/business' });
    expect(ok.body).toEqual({
      applicationId: adaApp,
      pageName: 'BUSINESS',
      pageStep: 1,
      path: '/business',
      isPdfSent: false,
    });
    expect((await ada.get('/auth/user')).body.data.applications[0].stage.path).toBe('/business');
  });

  it('walks to /signature, where the workflow holds the stage until the application is signed', async () => {
    const paths: string[] = [];
    for (;;) {
      const res = await bob.post(`/stage/${bobApp}/next`);
      if (res.status !== 200) {
        expect(res.status).toBe(400);
        expect(res.body.data.message).toBe('Please sign the application before continuing');
        break;
      }
      paths.push(res.body.path);
    }
    // The walk past the signature to 'No further stage available' is in the workflow and signing specs.
    expect(paths).toEqual(['/business', '/business', '/owners', '/signature']);
    const back = await bob.post(`/stage/${bobApp}/previous`);
    expect(back.body).toMatchObject({ pageName: 'BUSINESS', pageStep: 3 });
  });

  it('needs a session', async () => {
    const { ApiClient } = await import('../../../test-support/api-client');
    const anonymous = new ApiClient(slice.baseUrl, '10.2.0.9');
    expect((await anonymous.get(`/stage/${adaApp}`)).status).toBe(403);
  });
});
