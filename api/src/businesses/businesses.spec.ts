import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { DETAILS_ANSWERS, FINANCIAL_ANSWERS, QUESTION_ANSWERS } from '../../../tests/support/journey';
import { draftEveryPage, pagesWithDrafts } from '../../../tests/support/drafts';
import { startSlice } from '../../../tests/support/slice';
import { until } from '../../../tests/support/until';
import { recordHistory } from '../../../tests/support/histories';
import { leadFields, showsChange, type ExpectedLeadChange } from '../../../tests/support/crm-lead';

let slice: Awaited<ReturnType<typeof startSlice>>;
let mongo: MongoClient;
let db: Db;
let ada: ApiClient;
let eve: ApiClient;
let businessId: string;
let applicationId: string;

const details = DETAILS_ANSWERS;

async function leadOf(email: string, change: ExpectedLeadChange, timeoutMs = 30_000) {
  const lead = () => slice.crm.records('Lead').find((l) => l.Email === email);
  return (await until(lead, (l) => !!l && showsChange(l, change), {
    ms: timeoutMs,
    what: `lead never showed ${JSON.stringify(change)}: ${JSON.stringify(lead())}`,
  }))!;
}

beforeAll(async () => {
  slice = await startSlice();
  mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  db = mongo.db();
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'biz-ada', '10.3.0.1');
  eve = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'biz-eve', '10.3.0.2');
  applicationId = (await ada.get('/auth/user')).body.data.applications[0]._id;
  businessId = (await ada.post('/business', { applicationId })).body._id;
});

afterAll(async () => {
  await mongo?.close();
  await slice?.close();
});

describe('financial step', () => {
  it('refuses what the form refuses, with the same words', async () => {
    const res = await ada.patch(`/business/${businessId}`, {
      section: 'financial',
      annualRevenue: '$0',
      amountRequested: '$99,000,001',
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual({
      annualRevenue: 'Value cannot be zero',
      amountRequested: 'Value cannot exceed $99,000,000',
    });
  });

  it('saves the figures with monthly revenue and mirrors them to the lead', async () => {
    const res = await ada.patch(`/business/${businessId}`, {
      section: 'financial',
      annualRevenue: '$1,000,000',
      amountRequested: '$150,000',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ annualRevenue: 1_000_000, amountRequested: 150_000, monthlyRevenue: 83333.33 });
    const lead = await leadOf('biz-ada@example.com', { annualRevenue: 1_000_000 });
    expect(lead).toMatchObject(leadFields({ amountRequested: 150_000, monthlyRevenue: 83333.33 }));
  });
});

describe('business details', () => {
  it('encrypts the EIN at rest, answers it masked, and keeps it when the mask is sent back', async () => {
    const res = await ada.patch(`/business/${businessId}`, details);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ federalTaxId: '**-***6789', dbaName: 'Analytical Engines LLC' });
    expect(res.body.addressData).toMatchObject({ address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' });
    const stored = await db.collection('businesses').findOne({ businessName: 'Analytical Engines LLC' });
    expect(stored?.federalTaxId).toMatch(/^pii:v1:/);
    expect(JSON.stringify(stored)).not.toContain('3456789');

    const again = await ada.patch(`/business/${businessId}`, {
      ...details,
      federalTaxId: '**-***6789',
      city: 'Dallas',
    });
    expect(again.status).toBe(200);
    const lead = await leadOf('biz-ada@example.com', { city: 'Dallas' });
    expect(lead).toMatchObject(
      leadFields({
        federalTaxId: '12-3456789',
        naics: '541',
        productsInterestedIn: ['Line of Credit', 'Term Loan'],
      }),
    );
  });

  it('refuses a masked tax id that is not the mask of the one on file, and stores nothing', async () => {
    const before = (await db.collection('businesses').findOne({ businessName: 'Analytical Engines LLC' }))
      ?.federalTaxId;
    const res = await ada.patch(`/business/${businessId}`, { ...details, federalTaxId: '**-***1111', city: 'Waco' });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual({ federalTaxId: 'Invalid EIN / Tax ID' });
    const after = await db.collection('businesses').findOne({ businessName: 'Analytical Engines LLC' });
    expect(after?.federalTaxId).toBe(before);
    expect(after?.addressData.city).not.toBe('Waco');
    const same = await ada.patch(`/business/${businessId}`, { ...details, federalTaxId: '**-***6789' });
    expect(same.status).toBe(200);
    expect(same.body.federalTaxId).toBe('**-***6789');
  });

  it('uses the Canadian rules when the business is in Canada', async () => {
    const res = await ada.patch(`/business/${businessId}`, { ...details, country: 'CA', zip: '12345', state: '' });
    expect(res.body.data.fields).toMatchObject({
      federalTaxId: 'Invalid BN',
      state: 'Province / territory is required',
      zip: 'Invalid postal code',
    });
  });

  it('keeps a postal code typed in lower case in its one written form: on file, in the answer and on the lead', async () => {
    const canadian = { country: 'CA', state: 'QC', federalTaxId: '123-456-789', productsInterestedIn: ['Term Loan'] };
    const res = await ada.patch(`/business/${businessId}`, { ...details, ...canadian, zip: ' h2x1y4 ' });
    expect(res.status).toBe(200);
    expect(res.body.addressData).toMatchObject({ zip: 'H2X 1Y4' });
    const stored = await db.collection('businesses').findOne({ businessName: 'Analytical Engines LLC' });
    expect(stored?.addressData.zip).toBe('H2X 1Y4');
    expect(await leadOf('biz-ada@example.com', { zip: 'H2X 1Y4' })).toMatchObject({ PostalCode: 'H2X 1Y4' });
  });

  it('answers another user’s business as not found', async () => {
    expect((await eve.patch(`/business/${businessId}`, details)).status).toBe(404);
    expect((await eve.get(`/business/application/${applicationId}`)).status).toBe(404);
  });

  it('saves while the CRM is down; the lead catches up when it is back', async () => {
    await fetch(`${slice.crm.url}/__admin/down`, { method: 'POST' });
    const res = await ada.patch(`/business/${businessId}`, { ...details, city: 'Houston' });
    expect(res.status).toBe(200);
    expect(res.body.addressData.city).toBe('Houston');
    await fetch(`${slice.crm.url}/__admin/up`, { method: 'POST' });
    await leadOf('biz-ada@example.com', { city: 'Houston' }, 60_000);
  });
});

describe("a saved section drops its page's draft, and no other", () => {
  const drafted = () => pagesWithDrafts(db, applicationId);

  it('keeps every draft through a refused, a stale and another user’s save; each saved section drops its own', async () => {
    await draftEveryPage(ada, applicationId);
    const all = ['financial', 'businessQuestion', 'businessDetails', 'owners', 'offer'];
    const refused = await ada.patch(`/business/${businessId}`, { ...FINANCIAL_ANSWERS, annualRevenue: '$0' });
    expect(refused.status).toBe(400);
    const revision = (await ada.get(`/business/application/${applicationId}`)).body.revision as number;
    const stale = await ada.patch(`/business/${businessId}`, { ...FINANCIAL_ANSWERS, revision: revision + 1 });
    expect(stale.status).toBe(409);
    expect((await eve.patch(`/business/${businessId}`, FINANCIAL_ANSWERS)).status).toBe(404);
    expect(await drafted()).toEqual(all);

    expect((await ada.patch(`/business/${businessId}`, FINANCIAL_ANSWERS)).status).toBe(200);
    expect(await drafted()).toEqual(['businessQuestion', 'businessDetails', 'owners', 'offer']);
    expect((await ada.patch(`/business/${businessId}`, QUESTION_ANSWERS)).status).toBe(200);
    expect(await drafted()).toEqual(['businessDetails', 'owners', 'offer']);
    expect((await ada.patch(`/business/${businessId}`, { ...details, federalTaxId: '12-34' })).status).toBe(400);
    expect(await drafted()).toEqual(['businessDetails', 'owners', 'offer']);
    expect((await ada.patch(`/business/${businessId}`, details)).status).toBe(200);
    expect(await drafted()).toEqual(['owners', 'offer']);
    // A tab of the old web sends its removal after the save: nothing there to remove, and nothing refused.
    expect((await ada.delete(`/draft/${applicationId}/businessDetails`)).status).toBe(204);
  });
});

it('lists the NAICS industries from the data file', async () => {
  const res = await ada.get('/business/industry-list');
  expect(res.body.data.length).toBeGreaterThan(90);
  expect(res.body.data).toContainEqual(
    expect.objectContaining({ naics: '722', name: 'Food Services and Drinking Places' }),
  );
});

it('answers GET /user/by-email only for the signed-in user’s own email, with PII masked', async () => {
  expect((await eve.get('/user/by-email/biz-ada@example.com')).status).toBe(404);
  const own = await ada.get('/user/by-email/BIZ-ADA@example.com');
  expect(own.status).toBe(200);
  expect(own.body.data.applications[0].business[0].federalTaxId).toBe('**-***6789');
  expect(own.body.data.applications[0].stage[0]).toMatchObject({ pageName: 'FINANCIAL' });
});

it('closes the lead on /giggle-finance and reopens it on Back', async () => {
  expect((await eve.post(`/application/${applicationId}/giggle-finance`, { action: 'enter' })).status).toBe(404);
  await ada.post(`/application/${applicationId}/giggle-finance`, { action: 'enter' });
  const closed = await leadOf('biz-ada@example.com', { leadStatus: 'Closed - Not Converted' });
  expect(closed).toMatchObject(leadFields({ leadStatusDetail: 'No Business Bank Account' }));
  await ada.post(`/application/${applicationId}/giggle-finance`, { action: 'back' });
  await leadOf('biz-ada@example.com', { leadStatus: 'Open - Not Contacted' });
  await recordHistory(slice.env.TEMPORAL_ADDRESS, applicationId, 'application-giggle.pb');
});
