// The offers priced with the bank statements' submission, in its own workflow task: the offers page still
// asks on load (POST /offer), and the api answers from that pricing while it is fresh (made for the answers
// on file, within OFFER_PRICING_FRESH_MS) with no workflow update; otherwise it asks the workflow as before.
// A failed pricing ahead leaves the submission as it is. Real api, workflow, worker and offer stand-in.
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporal } from '@temporalio/proto';
import { applicationWorkflowId } from '@portal/workflows';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { workflowClient } from '../../../tests/support/histories';
import { onePagePdf } from '../../../tests/support/pdf-fixtures';
import { startSlice } from '../../../tests/support/slice';
import { signedApplication, stalePricing } from '../files/files.spec-setup';

let slice: Awaited<ReturnType<typeof startSlice>>;
let mongo: MongoClient;
let ada: ApiClient;
let appId: string;

beforeAll(async () => {
  slice = await startSlice();
  mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'ahead-ada', '10.7.4.1');
  appId = await signedApplication(ada);
  const upload = await ada.upload(
    '/file/s3',
    { applicationId: appId, fileType: 'Bank Statement', monthLabel: 'October 2026' },
    { name: 'statement.pdf', type: 'application/pdf', bytes: await onePagePdf() },
  );
  expect(upload.status).toBe(201);
});

afterAll(async () => {
  slice?.offers.setDown(false);
  await mongo?.close();
  await slice?.close();
});

const offerRecord = () =>
  mongo
    .db()
    .collection('offers')
    .findOne({ _id: new ObjectId(appId) });
const selected = (body: { data: { offerOptions: { id: string; isSelected: string }[] } }) =>
  body.data.offerOptions.find((o) => o.isSelected === 'true')?.id;

/** How many calculateOffers updates the application's workflow has taken. */
async function offerUpdates(): Promise<number> {
  const client = await workflowClient(slice.env.TEMPORAL_ADDRESS, slice.dataConverter);
  try {
    const history = await client.workflow.getHandle(applicationWorkflowId(appId)).fetchHistory();
    return (history.events ?? []).filter(
      (e) =>
        e.eventType === temporal.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED &&
        e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name === 'calculateOffers',
    ).length;
  } finally {
    await client.connection.close();
  }
}

/** POST /offer, with how many times the offer service priced and how many updates the workflow took meanwhile. */
async function calculate() {
  const [calls, updates] = [slice.offers.calls(), await offerUpdates()];
  const res = await ada.post('/offer', { applicationId: appId });
  expect(res.status).toBe(200);
  return { res, priced: slice.offers.calls() - calls, updates: (await offerUpdates()) - updates };
}

describe('offers priced with the statements’ submission', () => {
  it('submits the statements when the pricing fails, and the page’s load then prices them through the workflow', async () => {
    slice.offers.setDown(true);
    const submitted = await ada.post(`/application/${appId}/submit-statements`);
    slice.offers.setDown(false);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ statementsSubmitted: true, stage: { path: '/offers' } });
    expect((await offerRecord())?.pricedAt).toBeUndefined();
    const { res, priced, updates } = await calculate();
    expect({ priced, updates }).toEqual({ priced: 1, updates: 1 });
    expect(res.body.data.offerOptions.map((o: { id: string }) => o.id)).toEqual(['std-6', 'std-9', 'std-12', 'loc']);
    // That pricing is stamped: a reload moments later is answered from it.
    expect(await calculate()).toMatchObject({ priced: 0, updates: 0 });
  });

  it('prices them in the submission, and the page’s load is answered from that pricing, selection and affordability kept', async () => {
    const before = slice.offers.calls();
    const again = await ada.post(`/application/${appId}/submit-statements`);
    expect(again.status).toBe(200);
    expect(slice.offers.calls() - before).toBe(1);
    const stamp = await offerRecord();
    expect(Date.now() - stamp!.pricedAt.getTime()).toBeLessThan(60_000);
    const { res, priced, updates } = await calculate();
    expect({ priced, updates }).toEqual({ priced: 0, updates: 0 });
    expect(res.body.data.offerOptions[2]).toMatchObject({ id: 'std-12', isSelected: 'false' });
    expect(res.body.data.affordability).toBeDefined();
    const chosen = await ada.patch(`/offer/${res.body.data._id}`, { applicationId: appId, selectedId: 'std-12' });
    expect(chosen.status).toBe(200);
    const reloaded = await calculate();
    expect({ priced: reloaded.priced, updates: reloaded.updates }).toEqual({ priced: 0, updates: 0 });
    expect(selected(reloaded.res.body)).toBe('std-12');
    expect(reloaded.res.body.data.affordability).toEqual(chosen.body.data.affordability);
  });

  it('asks the workflow once the pricing is older than ten minutes, the selection restored', async () => {
    await stalePricing(slice.env.MONGODB_URI, appId);
    const { res, priced, updates } = await calculate();
    expect({ priced, updates }).toEqual({ priced: 1, updates: 1 });
    expect(selected(res.body)).toBe('std-12');
    expect(Date.now() - (await offerRecord())!.pricedAt.getTime()).toBeLessThan(60_000);
  });

  it('asks the workflow when an answer the offer service prices from changed since', async () => {
    const businesses = mongo.db().collection('businesses');
    const _id = new ObjectId(appId);
    const { annualRevenue } = (await businesses.findOne({ _id }))!;
    await businesses.updateOne({ _id }, { $set: { annualRevenue: Number(annualRevenue) + 1 } });
    expect(await calculate()).toMatchObject({ priced: 1, updates: 1 });
    const owners = mongo.db().collection('ownersets');
    const set = (await owners.findOne({ _id }))!;
    await owners.updateOne({ _id }, { $set: { 'owners.0.creditReport': Number(set.owners[0].creditReport) - 1 } });
    expect(await calculate()).toMatchObject({ priced: 1, updates: 1 });
    // Priced for the answers as they are now: answered from that pricing again.
    expect(await calculate()).toMatchObject({ priced: 0, updates: 0 });
  });

  it('answers another applicant’s application with not found, priced ahead or not', async () => {
    const eve = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'ahead-eve', '10.7.4.2');
    expect((await eve.post('/offer', { applicationId: appId })).status).toBe(404);
  });
});
