import { MongoClient, ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PiiKeys } from '@portal/libs/dist/security/pii-keys';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { ownerAnswers } from '../../../tests/support/journey';
import { draftEveryPage, pagesWithDrafts } from '../../../tests/support/drafts';
import { startSlice } from '../../../tests/support/slice';

let slice: Awaited<ReturnType<typeof startSlice>>;
let mongo: MongoClient;
let db: Db;
let ada: ApiClient;
let eve: ApiClient;
let applicationId: string;

const typed = {
  sameAsBusinessInfo: true,
  owners: [
    {
      firstName: 'Katherine',
      lastName: 'Johnson',
      country: 'US',
      address: '12 Orbit Way',
      ssn: '123-45-6789',
      dateOfBirth: '1978-08-26',
      creditReport: '760',
    },
  ],
};
const path = (page = 'owners', app = applicationId) => `/draft/${app}/${page}`;
const put = (client: ApiClient, fields: unknown, page = 'owners') => client.call('PUT', path(page), { fields });
const raw = (page = 'owners') => db.collection<{ _id: string }>('drafts').findOne({ _id: `${applicationId}:${page}` });

beforeAll(async () => {
  slice = await startSlice();
  mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  db = mongo.db();
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'draft-ada', '10.5.0.1');
  eve = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'draft-eve', '10.5.0.2');
  applicationId = (await ada.get('/auth/user')).body.data.applications[0]._id;
});

afterAll(async () => {
  await mongo?.close();
  await slice?.close();
});

describe('drafts: kept by the api for the signed-in user', () => {
  it('saves a page draft and answers it back, SSN and birth date masked', async () => {
    expect((await ada.get(path())).body).toEqual({ page: 'owners', fields: {} });
    expect((await put(ada, typed)).status).toBe(204);
    const res = await ada.get(path());
    expect(res.status).toBe(200);
    expect(res.body.fields).toEqual({
      ...typed,
      owners: [{ ...typed.owners[0], ssn: '***-**-6789', dateOfBirth: '****-**-**' }],
    });
  });

  it('seals the whole draft at rest: no name, address, SSN or birth date in the stored document', async () => {
    const doc = await raw();
    expect(doc).toMatchObject({ sealed: expect.stringMatching(/^pii:v1:/) });
    expect(JSON.stringify(doc)).not.toMatch(/Katherine|Johnson|Orbit|6789|1978/);
    const opened = JSON.parse(new PiiKeys(slice.settings.api).decrypt((doc as { sealed: string }).sealed));
    expect(opened.owners[0]).toMatchObject({ ssn: '123-45-6789', dateOfBirth: '1978-08-26' });
  });

  it('keeps the typed values behind masks sent back, and the owners step takes the masks as answers', async () => {
    const restored = (await ada.get(path())).body.fields;
    restored.owners[0].firstName = 'Kate';
    expect((await put(ada, restored)).status).toBe(204);
    expect((await ada.get(path())).body.fields.owners[0]).toMatchObject({ firstName: 'Kate', ssn: '***-**-6789' });

    const setId = (await ada.post('/owner', { applicationId })).body._id as string;
    const email = (await ada.get('/auth/user')).body.data.email as string;
    const owner = ownerAnswers(email, { ...restored.owners[0], creditReport: 760 });
    const saved = await ada.patch(`/owner/${setId}`, { owners: [owner], sameAsBusinessInfo: true });
    expect(saved.status).toBe(200);
    const stored = await db.collection('ownersets').findOne({ _id: new ObjectId(applicationId) });
    const keys = new PiiKeys(slice.settings.api);
    const first = (stored?.owners as { ssn: string; dateOfBirth: string }[] | undefined)?.[0];
    expect(first && keys.decrypt(first.ssn)).toBe('123456789');
    expect(first && keys.decrypt(first.dateOfBirth)).toBe('1978-08-26');
    // Saved, the page's answers are on file: the save dropped the draft.
    expect(await raw()).toBeNull();
    expect((await ada.get(path())).body.fields).toEqual({});
    // Typed on again: a draft anew, which the tests below start from.
    expect((await put(ada, { ...typed, owners: [{ ...typed.owners[0], firstName: 'Kate' }] })).status).toBe(204);
  });

  it("refuses another user's application (404) and leaves the draft as it was", async () => {
    const before = await raw();
    expect((await eve.get(path())).status).toBe(404);
    expect((await put(eve, { owners: [{ firstName: 'Eve' }] })).status).toBe(404);
    expect((await eve.delete(path())).status).toBe(404);
    expect(await raw()).toEqual(before);
  });

  it('refuses oversized bodies (413) and anything not shaped like a form (400)', async () => {
    expect((await put(ada, { note: 'x'.repeat(20_000) })).status).toBe(413);
    expect((await put(ada, { note: 'x'.repeat(200_000) })).status).toBe(413);
    expect((await put(ada, { note: 'x'.repeat(1_001) })).status).toBe(400);
    expect((await put(ada, [1, 2])).status).toBe(400);
    expect((await put(ada, 'text')).status).toBe(400);
    expect((await put(ada, { a: { b: { c: { d: { e: 1 } } } } })).status).toBe(400);
    expect((await put(ada, { owners: Array.from({ length: 6 }, () => ({})) })).status).toBe(400);
    expect((await put(ada, { $where: 'x' })).status).toBe(400);
    expect((await put(ada, { 'a.b': 'x' })).status).toBe(400);
    expect((await ada.call('PUT', path(), {})).status).toBe(400);
    expect((await put(ada, { a: 1 }, 'signature')).status).toBe(404);
    expect((await ada.get(path())).body.fields.owners[0].firstName).toBe('Kate');
  });

  it('removes a draft, and an empty one is no draft', async () => {
    expect((await put(ada, { choice: 'opt-1' }, 'offer')).status).toBe(204);
    expect((await ada.get(path('offer'))).body.fields).toEqual({ choice: 'opt-1' });
    expect((await put(ada, {}, 'offer')).status).toBe(204);
    expect(await raw('offer')).toBeNull();
    expect((await ada.delete(path())).status).toBe(204);
    expect(await raw()).toBeNull();
  });
});

describe("the offer's selection drops the offer's draft, and no other", () => {
  it('keeps it through a refused selection and another user’s, and drops it with the pick saved', async () => {
    const option = { offeredAmount: '180000.00', monthlyTerm: '12', monthlyPayment: '18300.00', isSelected: 'false' };
    // Priced as the workflow leaves them on the application's offer record.
    await db.collection('offers').updateOne(
      { _id: new ObjectId(applicationId) },
      {
        $set: {
          offerOptions: [
            { ...option, id: 'std-12' },
            { ...option, id: 'std-9', monthlyTerm: '9' },
          ],
        },
      },
    );
    await draftEveryPage(ada, applicationId);
    const all = ['financial', 'businessQuestion', 'businessDetails', 'owners', 'offer'];
    expect((await ada.patch(`/offer/${applicationId}`, { selectedId: 'made-up' })).status).toBe(400);
    expect((await eve.patch(`/offer/${applicationId}`, { selectedId: 'std-12' })).status).toBe(404);
    expect(await pagesWithDrafts(db, applicationId)).toEqual(all);
    expect((await ada.patch(`/offer/${applicationId}`, { selectedId: 'std-12' })).status).toBe(200);
    expect(await pagesWithDrafts(db, applicationId)).toEqual(all.filter((page) => page !== 'offer'));
  });
});
