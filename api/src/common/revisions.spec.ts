// Two windows on one application: each save names the revision of the answers it was made from, and a save
// made from answers another window has saved over since is refused (409 ANSWERS_CHANGED) with the answers
// as saved now, masked as the api answers them, never written over them. FerretDB has no transactions: the
// write is conditional on the revision (common/revisions.ts), so of saves made at once from one revision
// exactly one is written. The real api, FerretDB and Temporal of the suite's slice.
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMON_CODES,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAY_HEADER,
  JOURNEY_CODES,
  messageText,
  newIdempotencyKey,
} from '@portal/libs';
import { signUpAndConfirm, type ApiClient } from '../../../tests/support/api-client';
import { DETAILS_ANSWERS, ownerAnswers } from '../../../tests/support/journey';
import { startSlice } from '../../../tests/support/slice';

let slice: Awaited<ReturnType<typeof startSlice>>;
let mongo: MongoClient;
let db: Db;
let ada: ApiClient;
let applicationId: string;
let businessId: string;
let setId: string;

const financial = (annualRevenue: number, revision?: number) => ({
  section: 'financial',
  annualRevenue,
  amountRequested: 50_000,
  ...(revision === undefined ? {} : { revision }),
});
const business = async () => (await ada.get(`/business/application/${applicationId}`)).body;
const ownerSet = async () => (await ada.get(`/owner/application/${applicationId}`)).body;
const saveBusiness = (body: Record<string, unknown>) => ada.patch(`/business/${businessId}`, body);
const saveOwners = (body: Record<string, unknown>) => ada.patch(`/owner/${setId}`, body);

/** The refusal of a stale save, carrying `current`. */
const answersChanged = (current: Record<string, unknown>) => ({
  code: 'ANSWERS_CHANGED',
  messageCode: JOURNEY_CODES.ANSWERS_CHANGED,
  message: 'This was changed in another window',
  current: expect.objectContaining(current) as unknown,
});

beforeAll(async () => {
  slice = await startSlice();
  mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  db = mongo.db();
  ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'rev-ada', '10.9.1.1');
  applicationId = (await ada.get('/auth/user')).body.data.applications[0]._id;
  businessId = (await ada.post('/business', { applicationId })).body._id;
  setId = (await ada.post('/owner', { applicationId })).body._id;
});

afterAll(async () => {
  await mongo?.close();
  await slice?.close();
});

describe('the business answers', () => {
  it('are at 0 before any save, as a record saved before revisions is; each save adds one', async () => {
    expect(messageText(JOURNEY_CODES.ANSWERS_CHANGED)).toBe('This was changed in another window');
    await db.collection('businesses').updateOne({ _id: new ObjectId(businessId) }, { $unset: { revision: 1 } });
    expect((await business()).revision).toBe(0);
    const saved = await saveBusiness(financial(400_000, 0));
    expect(saved.status).toBe(200);
    expect(saved.body.revision).toBe(1);
    expect((await business()).revision).toBe(1);
  });

  it('of two saves from the same revision, the second is refused with the first one’s answers', async () => {
    const { revision } = await business();
    const first = await saveBusiness(financial(500_000, revision));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ annualRevenue: 500_000, revision: revision + 1 });

    const stale = await saveBusiness(financial(900_000, revision));
    expect(stale.status).toBe(409);
    expect(stale.body.data).toEqual(answersChanged({ annualRevenue: 500_000, revision: revision + 1 }));
    expect(await business()).toMatchObject({ annualRevenue: 500_000, revision: revision + 1 });

    // Made from the answers the refusal carried, the save goes through.
    const again = await saveBusiness(financial(900_000, revision + 1));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ annualRevenue: 900_000, revision: revision + 2 });
  });

  it('answers the answers on file in a refusal with the tax id masked, never whole', async () => {
    const { revision } = await business();
    expect((await saveBusiness({ ...DETAILS_ANSWERS, revision })).status).toBe(200);
    const stale = await saveBusiness({ ...DETAILS_ANSWERS, city: 'Waco', revision });
    expect(stale.status).toBe(409);
    expect(stale.body.data.current).toMatchObject({
      addressData: { city: 'Austin' },
      federalTaxId: '**-***6789',
    });
    expect(JSON.stringify(stale.body)).not.toContain('3456789');
  });

  it('of five saves at once from the same revision, exactly one is written', async () => {
    const { revision } = await business();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => saveBusiness(financial(i * 100_000, revision))));
    const won = answers.filter((a) => a.status === 200);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = won[0]!.body as { annualRevenue: number };
    expect(await business()).toMatchObject({ annualRevenue: winner.annualRevenue, revision: revision + 1 });
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.data).toEqual(
        answersChanged({ annualRevenue: winner.annualRevenue, revision: revision + 1 }),
      );
  });
});

describe('the revision a save sends', () => {
  it('none (a client that does not read first): the save is written whatever the revision', async () => {
    const { revision } = await business();
    const res = await saveBusiness(financial(650_000));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ annualRevenue: 650_000, revision: revision + 1 });
  });

  it('a revision that is not a whole number from 0 is refused as a field', async () => {
    for (const revision of [-1, 1.5, '3', null]) {
      const res = await saveBusiness({ ...financial(650_000), revision });
      expect(res.status).toBe(400);
      expect(res.body.data.fieldCodes).toEqual({ revision: COMMON_CODES.wholeNumber });
    }
  });

  it('the same save sent again with its Idempotency-Key answers its first answer, not a refusal of itself', async () => {
    const { revision } = await business();
    const key = newIdempotencyKey();
    const body = financial(700_000, revision);
    const first = await ada.call('PATCH', `/business/${businessId}`, body, { [IDEMPOTENCY_HEADER]: key });
    const repeat = await ada.call('PATCH', `/business/${businessId}`, body, { [IDEMPOTENCY_HEADER]: key });
    expect(first.status).toBe(200);
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get(IDEMPOTENT_REPLAY_HEADER)).toBe('true');
    expect(repeat.body).toEqual(first.body);
    expect((await business()).revision).toBe(revision + 1);
  });
});

describe('the owners', () => {
  const owner = ownerAnswers('ada@example.com', { firstName: 'Ada' });

  it('of two saves from the same revision, the second is refused with the first one’s owners, masked', async () => {
    const { revision } = await ownerSet();
    expect(revision).toBe(0);
    const first = await saveOwners({ owners: [owner], revision });
    expect(first.status).toBe(200);
    expect(first.body.revision).toBe(1);

    const stale = await saveOwners({ owners: [{ ...owner, firstName: 'Grace' }], revision });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toEqual(answersChanged({ revision: 1 }));
    const [onFile] = stale.body.data.current.owners;
    expect(onFile).toMatchObject({ firstName: 'Ada', ssn: '*****6789', dateOfBirth: '****-**-**' });
    expect((await ownerSet()).owners[0].firstName).toBe('Ada');
  });

  it('of five saves at once from the same revision, exactly one is written', async () => {
    const { revision } = await ownerSet();
    const names = ['Ada', 'Grace', 'Hedy', 'Katherine', 'Margaret'];
    const answers = await Promise.all(
      names.map((firstName) => saveOwners({ owners: [{ ...owner, firstName }], revision })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.owners[0].firstName as string;
    const now = await ownerSet();
    expect(now.revision).toBe(revision + 1);
    expect(now.owners[0].firstName).toBe(winner);
  });
});
