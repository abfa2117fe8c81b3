import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { startSlice } from '../../../tests/support/slice';
import { until } from '../../../tests/support/until';
import { leadFields } from '../../../tests/support/crm-lead';

let slice: Awaited<ReturnType<typeof startSlice>>;
let ada: ApiClient;
let bob: ApiClient;
let adaApp: string;
let adaUser: string;

beforeAll(async () => {
  slice = await startSlice();
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'app-ada', '10.4.0.1');
  bob = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'app-bob', '10.4.0.2');
  const me = (await ada.get('/auth/user')).body.data;
  adaApp = me.applications[0]._id;
  adaUser = me._id;
});

afterAll(async () => {
  await slice?.close();
});

describe('POST /application and PATCH /application/{id}', () => {
  it('answers the application sign-up made, and applies the changes given', async () => {
    const res = await ada.post('/application', { userId: adaUser, topUp: 5000 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: adaApp, userId: adaUser, applicationStatus: 'Created', topUp: 5000 });
    const again = await ada.post('/application', {});
    expect(again.body._id).toBe(adaApp);
  });

  it('merges a partial change', async () => {
    const res = await ada.patch(`/application/${adaApp}`, { topUp: 2500 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: adaApp, topUp: 2500, applicationStatus: 'Created' });
    expect((await ada.get('/user/by-email/app-ada@example.com')).body.data.applications[0].topUp).toBe(2500);
  });

  it('refuses the fields the workflow owns and malformed values', async () => {
    const res = await ada.patch(`/application/${adaApp}`, { sfOpportunityId: '006000000000001AAA' });
    expect(res.status).toBe(400);
    expect(res.body.data.message).toBe('property sfOpportunityId should not exist');
    expect((await ada.patch(`/application/${adaApp}`, { topUp: -1 })).status).toBe(400);
    expect((await ada.patch(`/application/${adaApp}`, { topUp: 'lots' })).status).toBe(400);
  });

  it('answers another user’s application or user id as not found', async () => {
    expect((await bob.patch(`/application/${adaApp}`, { topUp: 1 })).status).toBe(404);
    expect((await bob.post('/application', { userId: adaUser })).status).toBe(404);
    expect((await bob.patch('/application/not-an-id', { topUp: 1 })).status).toBe(404);
    expect((await ada.get('/user/by-email/app-ada@example.com')).body.data.applications[0].topUp).toBe(2500);
  });
});

describe('POST /application/{id}/giggle-finance', () => {
  const business = async () =>
    (await ada.get('/user/by-email/app-ada@example.com')).body.data.applications[0].business[0];
  const lead = () => slice.crm.records('Lead').find((l) => l.Email === 'app-ada@example.com');

  it('on entering, records no business bank account and closes the lead as not converted', async () => {
    expect((await ada.post(`/application/${adaApp}/giggle-finance`, { action: 'enter' })).status).toBe(200);
    expect((await business()).hasBusinessBankAccount).toBe(false);
    expect(
      await until(
        async () => lead(),
        (l) => l?.Status === 'Closed - Not Converted',
      ),
    ).toMatchObject(leadFields({ leadStatusDetail: 'No Business Bank Account', hasBusinessBankAccount: false }));
  });

  it('on Back, leaves the question open again and reopens the lead', async () => {
    expect((await ada.post(`/application/${adaApp}/giggle-finance`, { action: 'back' })).status).toBe(200);
    expect((await business()).hasBusinessBankAccount).toBeUndefined();
    expect(
      await until(
        async () => lead(),
        (l) => l?.Status === 'Open - Not Contacted',
      ),
    ).toMatchObject(leadFields({ leadStatusDetail: null, hasBusinessBankAccount: true }));
  });

  it('changes nothing for another user or an unknown action', async () => {
    expect((await bob.post(`/application/${adaApp}/giggle-finance`, { action: 'enter' })).status).toBe(404);
    expect((await ada.post(`/application/${adaApp}/giggle-finance`, { action: 'close' })).status).toBe(400);
    expect((await business()).hasBusinessBankAccount).toBeUndefined();
  });
});
