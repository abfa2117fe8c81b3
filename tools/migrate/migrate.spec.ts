// The `_id` re-keying migration against the tests' FerretDB: documents as the api wrote them before commit
// ef036d0 (and 80bb361 for codes), with the unique indexes the api declares, one move left half-done in
// the journal as a stopped run leaves it; then the new shape, and a second run that changes nothing.
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { JOURNAL, migrate, shapes } from './migrate';
import { ALL, HOUR, ids, NOW, seedOldShape } from './old-shape.spec-setup';
import { dueAfter, failureId, slotOf } from '../../api/src/common/rate-limit';
import { revocationMinute } from '../../api/src/session/session.schema';

let client: MongoClient;
let db: Db;

/** Every collection's documents in `_id` order, for comparing two states of the database. */
async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const c of ALL) out[c] = await db.collection(c).find().sort({ _id: 1 }).toArray();
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown[]>;
}

type Counts = Awaited<ReturnType<typeof migrate>>;

/** Each user names their application, and every sign-in name has its key (cy's stray one repointed). */
async function expectUsersKeyed() {
  const users = await db.collection('users').find().sort({ _id: 1 }).toArray();
  expect(users.map((u) => [String(u._id), u.applicationId && String(u.applicationId)])).toEqual([
    [String(ids.ada), String(ids.adaApp)],
    [String(ids.bob), String(ids.bobApp)],
    [String(ids.cy), undefined],
  ]);
  const keys = await db.collection('usernames').find().sort({ _id: 1 }).toArray();
  expect(keys.map((k) => [k._id, String(k.userId)])).toEqual([
    ['ada@example.com', String(ids.ada)],
    ['bob@example.com', String(ids.bob)],
    ['cy@example.com', String(ids.cy)],
  ]);
}

/** Each re-keyed record under its application's id (or its own key), the journalled move finished. */
async function expectRecordsRekeyed(first: Counts) {
  for (const c of ['businesses', 'ownersets', 'offers', 'stages', 'banklinks']) {
    for (const d of await db.collection(c).find().toArray()) expect(String(d._id), c).toBe(String(d.applicationId));
  }
  expect(await db.collection('businesses').findOne({ _id: ids.adaApp })).toMatchObject({
    businessName: 'Ada LLC',
    federalTaxId: 'sealed:1',
  });
  expect(await db.collection('businesses').countDocuments()).toBe(2);
  const owners = await db.collection('ownersets').find().toArray();
  expect(owners.map((o) => String(o.businessId)).sort()).toEqual([String(ids.adaApp), String(ids.bobApp)].sort());
  expect(await db.collection('ownersets').findOne({ _id: ids.adaApp })).toMatchObject({
    owners: [{ firstName: 'Ada' }],
  });
  expect(await db.collection('offers').findOne({ _id: ids.adaApp })).toBeTruthy();
  // The journalled move of bob's stage was finished.
  expect(await db.collection('stages').findOne({ _id: ids.bobApp })).toMatchObject({ stage: 'Owners' });
  expect(await db.collection('stages').countDocuments()).toBe(2);
  expect(first.stages).toMatchObject({ resumed: 1, moved: 1 });
  // The bank status read finds the link by `_id`: ada's, its sealed token and item kept.
  expect(await db.collection('banklinks').findOne({ _id: ids.adaApp })).toMatchObject({
    itemId: 'item-ada',
    accessTokenSealed: 'sealed:2',
  });
  expect(await db.collection('banklinks').countDocuments()).toBe(1);
  expect(first.banklinks).toMatchObject({ seen: 1, moved: 1 });
  expect(await db.collection(JOURNAL).countDocuments()).toBe(0);
}

async function expectAuthRecordsReshaped(first: Counts) {
  const sessions = await db.collection('sessions').find().sort({ _id: 1 }).toArray();
  expect(sessions.map((s) => [s._id, s.tokenHash])).toEqual([
    ['hash-live', 'hash-live'],
    ['hash-old', 'hash-old'],
    ['hash-revoked', 'hash-revoked'],
  ]);
  expect(await db.collection('codes').findOne({ _id: 'bob@example.com:signup' as never })).toMatchObject({
    key: 'bob@example.com:signup',
    codeHash: 'ab',
  });
  // Only the families revoked within the last day (older ones are past any access token's life), one
  // document per minute; the old-shape document is gone.
  const revoked = await db.collection('revocations').find().sort({ _id: 1 }).toArray();
  expect(revoked.map((r) => [r._id, r.families])).toEqual(
    [
      [revocationMinute(Math.floor((NOW.getTime() - 2 * HOUR) / 60_000)), ['f-other-replica']],
      [revocationMinute(Math.floor((NOW.getTime() - HOUR) / 60_000)), ['f-revoked']],
    ].sort(),
  );

  // The rate limiter's unexpired slots as counts (a delay's slot under its new bucket), the day's
  // failures by key with the hour that sweeps them; the expired slot and the day-old failure are gone.
  const window = new Date(NOW.getTime() + 10 * 60_000);
  const countOf = async (bucket: string) => {
    const { _id, field } = slotOf(bucket, window);
    const doc = await db.collection('ratelimitcounts').findOne({ _id: _id as never });
    return (doc?.c as Record<string, number> | undefined)?.[field.slice(2)];
  };
  expect(await countOf('pw:ip:10.0.0.1@1')).toBe(2);
  expect(await countOf('pw:acct:ada@after:1700')).toBe(1);
  expect(await db.collection('ratelimits').countDocuments()).toBe(0);
  const ada = await db.collection('authfailures').findOne({ _id: failureId('pw:acct:ada') as never });
  expect(ada?.ats).toHaveLength(2);
  expect(ada?.last).toEqual(new Date(NOW.getTime() - HOUR));
  expect(await db.collection('authfailures').findOne({ _id: dueAfter(ada!.last as Date) as never })).toMatchObject({
    keys: ['pw:acct:ada'],
  });
  expect(await db.collection('authfailures').countDocuments()).toBe(2);
  expect(first.limits).toMatchObject({ bucketsCounted: 2, slotsRemoved: 4, failureKeys: 1, failuresRemoved: 3 });
}

async function expectLookupsBuilt(first: Counts) {
  // The keyed lookup documents the api now reads by `_id`.
  const files = await db.collection('applicationfiles').findOne({ _id: String(ids.adaApp) as never });
  expect(files?.fileIds.map(String)).toEqual([String(ids.adaFile1), String(ids.adaFile2)]);
  expect(await db.collection('signatures').findOne({ _id: 'sign-ada' as never })).toMatchObject({
    applicationId: ids.adaApp,
  });
  expect(await db.collection('workflowoutboxapps').findOne({ _id: String(ids.adaApp) as never })).toMatchObject({
    last: ids.adaEntry2,
    entries: [ids.adaEntry1, ids.adaEntry2],
  });
  expect(await db.collection('workflowoutboxlist').findOne({ _id: 'waiting' as never })).toMatchObject({
    apps: [String(ids.adaApp)],
  });
  expect(first.lookups).toEqual({ fileEntered: 2, signatureAdded: 1, outboxMarked: 2 });
}

beforeAll(async () => {
  client = await MongoClient.connect(`${inject('mongoBaseUri')}/portal-migrate-${Date.now()}`);
  db = client.db();
});
afterAll(async () => {
  await db?.dropDatabase();
  await client?.close();
});

describe('migrate: hot lookups keyed by _id', () => {
  it('a dry run reports what it would do and writes nothing', async () => {
    await seedOldShape(db);
    const before = await snapshot();
    const lines: string[] = [];
    const counts = await migrate(db, { dryRun: true, now: NOW, batchSize: 2, log: (l) => lines.push(l) });
    expect(await snapshot()).toEqual(before);
    expect(counts.businesses).toMatchObject({ moved: 2 });
    expect(counts.users).toMatchObject({ applicationNamed: 2, keyAdded: 2, keyRepointed: 1, withoutApplication: 1 });
    expect(lines.join('\n')).not.toContain('@');
  });

  it('moves old-shape records to their keys, resumes a stopped move, and a second run changes nothing', async () => {
    await seedOldShape(db);
    const lines: string[] = [];
    // Batches of 2: paging goes past documents that move under it.
    const first = await migrate(db, { now: NOW, batchSize: 2, log: (l) => lines.push(l) });
    // Counts only: no email or other key in what it prints.
    expect(lines.join('\n')).not.toMatch(/@|hash-|f-live|f-revoked/);

    await expectUsersKeyed();
    await expectRecordsRekeyed(first);
    await expectAuthRecordsReshaped(first);
    await expectLookupsBuilt(first);

    const after = await snapshot();
    const second = await migrate(db, { now: NOW, batchSize: 2 });
    expect(await snapshot()).toEqual(after);
    for (const c of ['businesses', 'ownersets', 'offers', 'stages', 'banklinks', 'sessions', 'codes'])
      expect(second[c]?.moved ?? 0, c).toBe(0);
    expect(second.banklinks).toMatchObject({ alreadyKeyed: 1 });
    expect(second.users).toMatchObject({ applicationAlreadyNamed: 2, keyPresent: 3, withoutApplication: 1 });
  });

  it('writes the shapes the api reads (its own functions name the same documents)', () => {
    const at = new Date('2026-11-24T12:34:56Z');
    expect(shapes.revocationMinute(at)).toBe(revocationMinute(Math.floor(at.getTime() / 60_000)));
    for (const bucket of ['pw:ip:10.0.0.1@1764000000000', 'code:ada@example.com:signup:1', 'x@after:5'])
      expect(shapes.slotOf(bucket, at)).toEqual(slotOf(bucket, at));
    expect(shapes.failureId('pw:acct:ada')).toBe(failureId('pw:acct:ada'));
    expect(shapes.dueAfter(at)).toBe(dueAfter(at));
  });
});
