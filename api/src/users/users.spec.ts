import { MongoClient, ObjectId, type Db } from 'mongodb';
import mongoose from 'mongoose';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { ownerAnswers, saveAnswers } from '../../../tests/support/journey';
import { startSlice } from '../../../tests/support/slice';

let slice: Awaited<ReturnType<typeof startSlice>>;
let mongo: MongoClient;
let db: Db;
let ada: ApiClient;
let eve: ApiClient;
let applicationId: string;

const EMAIL = 'usr-ada@example.com';
/** The collections GET /user/by-email answers from. */
const ANSWERED = ['users', 'applications', 'stages', 'businesses', 'ownersets', 'offers'];

beforeAll(async () => {
  slice = await startSlice();
  mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  db = mongo.db();
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'usr-ada', '10.9.0.1');
  eve = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'usr-eve', '10.9.0.2');
  applicationId = (await ada.get('/auth/user')).body.data.applications[0]._id;
  await saveAnswers(ada, applicationId, [ownerAnswers(EMAIL)]);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await mongo?.close();
  await slice?.close();
});

it('answers the signed-in user’s own records, PII masked, read without building a Mongoose query', async () => {
  expect((await eve.get(`/user/by-email/${EMAIL}`)).status).toBe(404);
  const queries = vi.spyOn(mongoose.Query.prototype, 'exec');
  const cursors = vi.spyOn(mongoose.mongo.Collection.prototype, 'findOne');
  const res = await ada.get(`/user/by-email/${EMAIL}`);
  const queried = queries.mock.contexts.map((q) => (q as mongoose.Query<unknown, unknown>).model.collection.name);
  const cursored = cursors.mock.contexts.map((c) => (c as mongoose.mongo.Collection).collectionName);
  queries.mockRestore();
  cursors.mockRestore();
  expect(res.status).toBe(200);
  // Each record by `_id` through the driver (common/driver-read.ts): building, casting and hydrating a
  // Mongoose query cost the read path more CPU than the driver's read, and the driver's findOne (a cursor
  // around the same find command) more than the command.
  expect(queried.filter((c) => ANSWERED.includes(c))).toEqual([]);
  expect(cursored.filter((c) => ANSWERED.includes(c))).toEqual([]);
  const { data } = res.body;
  expect(data).toMatchObject({ email: EMAIL, userName: EMAIL });
  expect(data.passwordHash).toBeUndefined();
  const [app] = data.applications;
  expect(app).toMatchObject({ _id: applicationId, stage: [{ pageName: 'FINANCIAL' }] });
  // Only the fields answered were read (a submitted application's progress is the bulk of its record).
  expect(app.progress).toBeUndefined();
  expect(app.userId).toBeUndefined();
  expect(app.business[0]).toMatchObject({ federalTaxId: '**-***6789', businessStarted: 'Yes' });
  expect(app.owners.owners[0]).toMatchObject({
    ssn: '*****6789',
    dateOfBirth: '****-**-**',
    phoneNumber: '(212) 555-0123',
    isUSCitizen: 'Yes',
  });
});

it('answers a record stored without the schema’s defaults as the record’s own read answers it', async () => {
  const _id = new ObjectId(applicationId);
  await db
    .collection('businesses')
    .updateOne({ _id }, { $unset: { addressData: '', pageStep: '', productsInterestedIn: '', hasRealEstate: '' } });
  await db.collection('ownersets').updateOne({ _id }, { $unset: { sameAsBusinessInfo: '' } });
  const [read, own, owners] = await Promise.all([
    ada.get(`/user/by-email/${EMAIL}`),
    ada.get(`/business/application/${applicationId}`),
    ada.get(`/owner/application/${applicationId}`),
  ]);
  const [app] = read.body.data.applications;
  // A document makes a missing address a new one with its own `_id` on every read.
  const { _id: _a, ...address } = own.body.addressData;
  expect(app.business[0]).toEqual({ ...own.body, addressData: address });
  expect(app.business[0]).toMatchObject({
    pageStep: 1,
    productsInterestedIn: [],
    hasRealEstate: false,
    addressData: { address: '', suiteFloor: '', city: '', state: '', zip: '', country: 'US' },
  });
  expect(app.owners).toEqual(owners.body);
  expect(app.owners.sameAsBusinessInfo).toBe(false);
});

it('answers the mask of an SSN changed since the last read', async () => {
  const setId = (await ada.get(`/owner/application/${applicationId}`)).body._id;
  const before = (await ada.get(`/user/by-email/${EMAIL}`)).body.data.applications[0].owners.owners[0];
  expect(before.ssn).toBe('*****6789');
  const saved = await ada.patch(`/owner/${setId}`, { owners: [ownerAnswers(EMAIL, { ssn: '123-45-4321' })] });
  expect(saved.status).toBe(200);
  const after = (await ada.get(`/user/by-email/${EMAIL}`)).body.data.applications[0].owners.owners[0];
  expect(after.ssn).toBe('*****4321');
});

it('answers no application the user record does not name, even one this replica learnt was the user’s', async () => {
  // Learnt: the user's reads above read the user and the application's records side by side.
  expect((await ada.get(`/user/by-email/${EMAIL}`)).body.data.applications).toHaveLength(1);
  const eveApplication = (await eve.get('/auth/user')).body.data.applications[0]._id;
  const users = db.collection('users');
  const { _id: userId } = (await users.findOne({ email: EMAIL }, { projection: { _id: 1 } }))!;
  await users.updateOne({ _id: userId }, { $set: { applicationId: new ObjectId(eveApplication) } });
  try {
    const read = await ada.get(`/user/by-email/${EMAIL}`);
    expect(read.status).toBe(200);
    expect(read.body.data.applications).toEqual([]);
  } finally {
    await users.updateOne({ _id: userId }, { $set: { applicationId: new ObjectId(applicationId) } });
  }
  expect((await ada.get(`/user/by-email/${EMAIL}`)).body.data.applications[0]._id).toBe(applicationId);
});
