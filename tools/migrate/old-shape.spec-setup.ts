// The database as the api wrote it before its hot lookups were keyed by `_id`, for the migration's test.
import { ObjectId, type Db } from 'mongodb';
import { JOURNAL } from './migrate';

export const NOW = new Date('2026-11-24T12:00:00Z');
export const HOUR = 3600_000;
const COLLECTIONS = ['users', 'usernames', 'applications', 'businesses', 'ownersets', 'offers', 'stages', 'banklinks'];
const LOOKUPS = [
  'files',
  'applicationfiles',
  'signatures',
  'workflowoutbox',
  'workflowoutboxapps',
  'workflowoutboxlist',
];
const LIMITS = ['ratelimits', 'ratelimitcounts', 'authfailures'];
export const ALL = [...COLLECTIONS, 'sessions', 'codes', 'revocations', JOURNAL, ...LOOKUPS, ...LIMITS];

export const ids = {
  ada: new ObjectId(),
  bob: new ObjectId(),
  cy: new ObjectId(), // stopped at sign-up before an application was made
  adaApp: new ObjectId(),
  bobApp: new ObjectId(),
  adaBusiness: new ObjectId(),
  bobBusiness: new ObjectId(),
  adaOwners: new ObjectId(),
  bobOwners: new ObjectId(),
  adaOffer: new ObjectId(),
  adaStage: new ObjectId(),
  bobStage: new ObjectId(),
  adaBankLink: new ObjectId(),
  adaFile1: new ObjectId(),
  adaFile2: new ObjectId(),
  adaEntry1: new ObjectId(),
  adaEntry2: new ObjectId(),
  stray: new ObjectId(), // the user id a sign-up on the new api keyed cy's name to, whose user insert failed
};

/** The database as the old api left it: every collection in its old shape, one move half-done. */
export async function seedOldShape(db: Db) {
  await seedUsersAndLookupSources(db);
  await seedRekeyed(db);
  await seedAuthRecords(db);
}

/** Users, their applications and sign-in names, and what the lookup documents are built from. */
async function seedUsersAndLookupSources(db: Db) {
  await Promise.all(ALL.map((c) => db.collection(c).deleteMany({})));
  // The api's unique indexes (schemas): a copy under a new `_id` cannot sit beside its original.
  for (const c of ['businesses', 'ownersets', 'offers', 'stages', 'banklinks'])
    await db.collection(c).createIndex({ applicationId: 1 }, { unique: true });
  await db.collection('sessions').createIndex({ tokenHash: 1 }, { unique: true });
  await db.collection('codes').createIndex({ key: 1 }, { unique: true });
  await db.collection('users').createIndex({ userName: 1 }, { unique: true });

  const user = (_id: ObjectId, name: string) => ({ _id, userName: name, email: name, firstName: 'A', confirmed: true });
  await db
    .collection('users')
    .insertMany([user(ids.ada, 'ada@example.com'), user(ids.bob, 'bob@example.com'), user(ids.cy, 'cy@example.com')]);
  await db.collection('usernames').insertOne({ _id: 'cy@example.com' as never, userId: ids.stray });
  await db.collection('applications').insertMany([
    { _id: ids.adaApp, userId: ids.ada, status: 'In Progress', signatureId: 'sign-ada' },
    { _id: ids.bobApp, userId: ids.bob, status: 'In Progress' },
  ]);
  // The lookups' sources: two files and two outbox entries of ada's application, none listed yet.
  await db.collection('files').insertMany([
    { _id: ids.adaFile1, applicationId: ids.adaApp, fileName: 'october-2026.pdf' },
    { _id: ids.adaFile2, applicationId: ids.adaApp, fileName: 'september-2026.pdf' },
  ]);
  await db.collection('workflowoutbox').insertMany([
    { _id: ids.adaEntry1, applicationId: String(ids.adaApp), kind: 'signal' },
    { _id: ids.adaEntry2, applicationId: String(ids.adaApp), kind: 'signal' },
  ]);
}

/** The records whose `_id` becomes their application's id, one of them journalled mid-move. */
async function seedRekeyed(db: Db) {
  await db.collection('businesses').insertMany([
    { _id: ids.adaBusiness, applicationId: ids.adaApp, businessName: 'Ada LLC', federalTaxId: 'sealed:1' },
    { _id: ids.bobBusiness, applicationId: ids.bobApp, businessName: 'Bob LLC' },
  ]);
  await db.collection('ownersets').insertMany([
    { _id: ids.adaOwners, applicationId: ids.adaApp, businessId: ids.adaBusiness, owners: [{ firstName: 'Ada' }] },
    { _id: ids.bobOwners, applicationId: ids.bobApp, businessId: ids.bobBusiness, owners: [] },
  ]);
  await db.collection('offers').insertOne({ _id: ids.adaOffer, applicationId: ids.adaApp, offerOptions: [] });
  await db.collection('stages').insertOne({ _id: ids.adaStage, applicationId: ids.adaApp, stage: 'Business' });
  // ada's connected bank (bob connected none): one link per application, unique applicationId.
  await db.collection('banklinks').insertOne({
    _id: ids.adaBankLink,
    applicationId: ids.adaApp,
    itemId: 'item-ada',
    accessTokenSealed: 'sealed:2',
    userId: ids.ada,
  });
  // bob's stage was being moved when a run stopped: journalled and removed, not yet written under its new _id.
  const bobStage = { _id: ids.bobStage, applicationId: ids.bobApp, stage: 'Owners' };
  await db.collection(JOURNAL).insertOne({
    _id: `stages:${String(ids.bobStage)}` as never,
    collection: 'stages',
    oldId: ids.bobStage,
    doc: { ...bobStage, _id: ids.bobApp },
  });
}

/** Sessions, revocations, rate-limit slots, wrong answers and codes, in their old shapes. */
async function seedAuthRecords(db: Db) {
  await db.collection('sessions').insertMany([
    { userId: ids.ada, familyId: 'f-live', tokenHash: 'hash-live', expiresAt: new Date(NOW.getTime() + HOUR) },
    {
      userId: ids.ada,
      familyId: 'f-revoked',
      tokenHash: 'hash-revoked',
      revokedAt: new Date(NOW.getTime() - HOUR),
      expiresAt: new Date(NOW.getTime() + HOUR),
    },
    {
      userId: ids.bob,
      familyId: 'f-old',
      tokenHash: 'hash-old',
      revokedAt: new Date(NOW.getTime() - 72 * HOUR),
      expiresAt: new Date(NOW.getTime() - 48 * HOUR),
    },
  ]);
  // The old shapes of revocations (one per family), rate-limit slots (one per attempt) and
  // failures (one per wrong answer).
  await db
    .collection('revocations')
    .insertOne({ familyId: 'f-other-replica', revokedAt: new Date(NOW.getTime() - 2 * HOUR) });
  const window = new Date(NOW.getTime() + 10 * 60_000);
  await db.collection('ratelimits').insertMany([
    { _id: 'pw:ip:10.0.0.1@1#1' as never, bucket: 'pw:ip:10.0.0.1@1', expiresAt: window },
    { _id: 'pw:ip:10.0.0.1@1#3' as never, bucket: 'pw:ip:10.0.0.1@1', expiresAt: window },
    { _id: 'pw:acct:ada@after#1700' as never, bucket: 'pw:acct:ada@after', expiresAt: window },
    { _id: 'register:ip:x@0#1' as never, bucket: 'register:ip:x@0', expiresAt: new Date(NOW.getTime() - HOUR) },
  ]);
  await db.collection('authfailures').insertMany([
    { key: 'pw:acct:ada', at: new Date(NOW.getTime() - 2 * HOUR) },
    { key: 'pw:acct:ada', at: new Date(NOW.getTime() - HOUR) },
    { key: 'pw:acct:bob', at: new Date(NOW.getTime() - 30 * HOUR) },
  ]);
  await db.collection('codes').insertOne({
    key: 'bob@example.com:signup',
    purpose: 'signup',
    codeHash: 'ab',
    attempts: 0,
    consumed: false,
    sentAt: NOW,
    expiresAt: new Date(NOW.getTime() + 600_000),
  });
}
