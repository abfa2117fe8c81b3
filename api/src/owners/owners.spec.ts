import { MongoClient, ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { ownerAnswers } from '../../../tests/support/journey';
import { draftEveryPage, pagesWithDrafts } from '../../../tests/support/drafts';
import { startSlice } from '../../../tests/support/slice';
import { leadFields, showsChange } from '../../../tests/support/crm-lead';
import { until } from '../../../tests/support/until';

let slice: Awaited<ReturnType<typeof startSlice>>;
let mongo: MongoClient;
let db: Db;
let ada: ApiClient;
let eve: ApiClient;
let setId: string;
let applicationId: string;

const owner1 = ownerAnswers('ada@example.com', { lastName: 'Lovelace', ownershipPercent: 40 });
const owner2 = {
  ...owner1,
  firstName: 'Charles',
  lastName: 'Babbage',
  ownerEmailId: 'charles@example.com',
  // Written another way than the form's mask: the same number, stored as E.164.
  phoneNumber: '+1 212-555-0143',
  ownershipPercent: 60,
  ssn: '587-65-4321',
};

beforeAll(async () => {
  slice = await startSlice();
  mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  db = mongo.db();
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'own-ada', '10.4.0.1');
  eve = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'own-eve', '10.4.0.2');
  applicationId = (await ada.get('/auth/user')).body.data.applications[0]._id;
  setId = (await ada.post('/owner', { applicationId })).body._id;
});

afterAll(async () => {
  await mongo?.close();
  await slice?.close();
});

describe('owners step: the form refused', () => {
  it('asks for a second owner when the only owner holds under 51%', async () => {
    const res = await ada.patch(`/owner/${setId}`, { owners: [owner1] });
    expect(res.status).toBe(400);
    expect(res.body.data.message).toBe('If your percent ownership is below 51% we require a second owner.');
  });

  it('refuses repeated emails in any case and a total over 100', async () => {
    const same = await ada.patch(`/owner/${setId}`, {
      owners: [owner1, { ...owner2, ownerEmailId: 'ADA@example.com' }],
    });
    expect(same.body.data.message).toBe('Each email must be unique.');
    const over = await ada.patch(`/owner/${setId}`, { owners: [owner1, { ...owner2, ownershipPercent: 61 }] });
    expect(over.body.data.message).toBe('Total ownership percentage cannot exceed 100%');
  });

  it('refuses a bad card with the form messages', async () => {
    const res = await ada.patch(`/owner/${setId}`, {
      owners: [{ ...owner1, ssn: '12-345', creditReport: 900 }, owner2],
    });
    expect(res.body.data.fields).toMatchObject({
      ssn: 'Invalid social security number',
      creditReport: 'Credit score must be no more than 850',
    });
  });
});

describe('owners step: saved, encrypted and masked', () => {
  it('saves two owners with SSN and birth date encrypted, answers them masked, and updates the lead', async () => {
    // Owner 2's zip typed as a Canadian code in lower case: kept in its one written form.
    const owners = [owner1, { ...owner2, zip: ' k1a0b1 ' }];
    const res = await ada.patch(`/owner/${setId}`, { owners, sameAsBusinessInfo: true });
    expect(res.status).toBe(200);
    expect(res.body.owners[0]).toMatchObject({
      type: 'primary',
      ssn: '*****6789',
      dateOfBirth: '****-**-**',
      phoneNumber: '(212) 555-0123',
    });
    expect(res.body.owners[1]).toMatchObject({ type: 'secondary', ssn: '*****4321' });
    const stored = await db.collection('ownersets').findOne({ sameAsBusinessInfo: true });
    const raw = JSON.stringify(stored);
    expect(raw).not.toContain('6789');
    expect(raw).not.toContain('1980');
    expect(stored?.owners.map((o: { phoneNumber: string }) => o.phoneNumber)).toEqual(['+12125550123', '+12125550143']);
    expect(res.body.owners[1].phoneNumber).toBe('(212) 555-0143');
    expect(stored?.owners[1].addressData.zip).toBe('K1A 0B1');

    const lead = await until(
      () => slice.crm.records('Lead').find((l) => l.Email === 'own-ada@example.com'),
      (l) => showsChange(l, { owner2: { ssn: '587654321' } }),
      { ms: 30_000 },
    ).catch(() => slice.crm.records('Lead').find((l) => l.Email === 'own-ada@example.com'));
    expect(lead).toMatchObject(
      leadFields({
        owner1: { ssn: '123456789', creditScore: 720 },
        owner2: { firstName: 'Charles' },
        portalStatus: 'Missing Signed Application;Missing Bank Statements;No Offer Selected',
        hasSecondOwner: true,
      }),
    );
    // The owners' mobiles as the CRM has always had them: the ten digits.
    expect(lead).toMatchObject({ Owner_1_Mobile__c: '2125550123', Owner_2_Mobile__c: '2125550143' });
  });

  it('keeps the SSN on file when the masked value comes back', async () => {
    const masked = (await ada.patch(`/owner/${setId}`, { owners: [owner1, owner2] })).body.owners;
    const res = await ada.patch(`/owner/${setId}`, {
      owners: [
        { ...owner1, ssn: masked[0].ssn, dateOfBirth: masked[0].dateOfBirth, city: 'Dallas' },
        { ...owner2, ssn: masked[1].ssn, dateOfBirth: masked[1].dateOfBirth },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.owners[0].ssn).toBe('*****6789');
  });
});

describe('owners step: masks and other users', () => {
  it('refuses a mask that is not the one on file, and a mask on a card with nothing on file', async () => {
    await ada.patch(`/owner/${setId}`, { owners: [owner1, owner2] });
    const before = (await db.collection('ownersets').findOne({ _id: new ObjectId(setId) }))?.owners;
    const otherTail = await ada.patch(`/owner/${setId}`, {
      owners: [{ ...owner1, ssn: '*****1111', dateOfBirth: '****-**-**' }, owner2],
    });
    expect(otherTail.status).toBe(400);
    expect(otherTail.body.data.fields).toMatchObject({ ssn: 'Invalid social security number' });
    const unchanged = (await db.collection('ownersets').findOne({ _id: new ObjectId(setId) }))?.owners;
    expect(unchanged?.map((o: { ssn: string }) => o.ssn)).toEqual(before?.map((o: { ssn: string }) => o.ssn));
    // An SSN on file is no SIN: moved to Canada, the mask keeps nothing.
    const moved = await ada.patch(`/owner/${setId}`, {
      owners: [
        { ...owner1, country: 'CA', state: 'QC', zip: 'H2X 1Y4', ssn: '*****6789', dateOfBirth: '****-**-**' },
        owner2,
      ],
    });
    expect(moved.status).toBe(400);
    expect(moved.body.data.fields).toEqual({ ssn: 'Invalid social insurance number' });
    const alone = await ada.patch(`/owner/${setId}`, { owners: [{ ...owner1, ownershipPercent: 100 }] });
    expect(alone.status).toBe(200);
    // Owner 2 is gone: a new card in its place has nothing on file, so the old masks are no value for it.
    const masked = await ada.patch(`/owner/${setId}`, {
      owners: [
        { ...owner1, ssn: '*****6789', dateOfBirth: '****-**-**' },
        { ...owner2, ownershipPercent: 0, ssn: '*****4321', dateOfBirth: '****-**-**' },
      ],
    });
    expect(masked.status).toBe(400);
    expect(Object.keys(masked.body.data.fields)).toEqual(expect.arrayContaining(['ssn', 'dateOfBirth']));
    expect((await db.collection('ownersets').findOne({ _id: new ObjectId(setId) }))?.owners).toHaveLength(1);
  });

  it('answers another user’s owners as not found', async () => {
    expect((await eve.patch(`/owner/${setId}`, { owners: [owner2] })).status).toBe(404);
  });
});

describe("the owners' save drops the page's draft, and no other", () => {
  it('keeps it through a refused save and another user’s, and drops it with the owners saved', async () => {
    await draftEveryPage(ada, applicationId);
    const all = ['financial', 'businessQuestion', 'businessDetails', 'owners', 'offer'];
    expect((await ada.patch(`/owner/${setId}`, { owners: [owner1] })).status).toBe(400);
    expect((await eve.patch(`/owner/${setId}`, { owners: [owner1, owner2] })).status).toBe(404);
    expect(await pagesWithDrafts(db, applicationId)).toEqual(all);
    expect((await ada.patch(`/owner/${setId}`, { owners: [owner1, owner2] })).status).toBe(200);
    expect(await pagesWithDrafts(db, applicationId)).toEqual([
      'financial',
      'businessQuestion',
      'businessDetails',
      'offer',
    ]);
  });
});
