// An erased account's bank item, removed at the Plaid stand-in through the real plaid client before its link
// (and so its token) goes: Plaid unavailable fails the try (the activity is retried) with the link kept and
// no token in the error; an item Plaid already forgot, or a token it refuses (INVALID_ACCESS_TOKEN), counts
// as removed; a repeat calls Plaid no more; another application's item stays.
import { MongoClient, ObjectId, type Db } from 'mongodb';
import { CountryCode, Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { PiiKeys } from '@portal/libs/dist/security/pii-keys';
import { publicTokenFor } from '../../../sandbox/src/plaid/link-as-browser';
import { startPlaidStandin, type PlaidStandin } from '../../../sandbox/src/plaid/server';
import { plaidApi } from '@portal/libs/dist/bank/plaid-api';
import { removeBankItems } from './bank-items';

const KEY = Buffer.alloc(32, 7).toString('base64');
const pii = new PiiKeys({ PII_KEY_ID: 'k1', PII_KEY: KEY, PII_OLD_KEYS: 'none' });
let standin: PlaidStandin;
let plaid: NonNullable<ReturnType<typeof plaidApi>>;
let mongo: MongoClient;
let db: Db;

beforeAll(async () => {
  standin = await startPlaidStandin({ port: 0, clientId: 'erase', secret: 'erase-secret' });
  plaid = plaidApi({ PLAID_URL: standin.url, PLAID_CLIENT_ID: 'erase', PLAID_SECRET: 'erase-secret' })!;
  mongo = await MongoClient.connect(`${inject('mongoBaseUri')}/portal-bank-items-${Date.now()}`);
  db = mongo.db();
});
afterAll(async () => {
  await db?.dropDatabase().catch(() => undefined);
  await mongo?.close();
  await standin?.close();
});

/** An item linked at the stand-in and its link stored as the api stores it (token sealed); the item's id. */
async function connected(applicationId: ObjectId): Promise<{ itemId: string; token: string }> {
  const link_token = (
    await plaid.linkTokenCreate({
      user: { client_user_id: String(applicationId) },
      client_name: 'Fundwise',
      language: 'en',
      country_codes: [CountryCode.Us],
      products: [Products.Statements],
      statements: { start_date: '2026-05-01', end_date: '2026-11-01' },
    })
  ).data.link_token;
  const public_token = await publicTokenFor(standin.url, link_token);
  const { item_id, access_token } = (await plaid.itemPublicTokenExchange({ public_token })).data;
  await db.collection('banklinks').insertOne({
    _id: applicationId,
    applicationId,
    itemId: item_id,
    accessTokenSealed: pii.encrypt(access_token),
  });
  return { itemId: item_id, token: access_token };
}
const live = () => standin.items().map((i) => i.item_id);
/** The worker asks for its Plaid client as it is needed (its module is loaded then). */
const client = () => Promise.resolve(plaid);

describe("removing an erased account's bank item at Plaid", () => {
  it('fails while Plaid is unavailable with the link kept, then removes it once; another item stays', async () => {
    const hers = new ObjectId();
    const theirs = new ObjectId();
    const { itemId, token } = await connected(hers);
    const other = await connected(theirs);

    standin.rateLimit(1);
    const failed = await removeBankItems(db, client, pii, String(hers)).catch((e: Error) => e);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toContain('RATE_LIMIT_EXCEEDED');
    expect(JSON.stringify(failed) + (failed as Error).message).not.toContain(token);
    expect(live()).toContain(itemId);
    expect(await db.collection('banklinks').findOne({ _id: hers })).toMatchObject({ itemId });

    // The retry: removed at Plaid, the link marked so (the erasure deletes it next).
    expect(await removeBankItems(db, client, pii, String(hers))).toBe(1);
    expect(live()).not.toContain(itemId);
    expect((await db.collection('banklinks').findOne({ _id: hers }))?.removedAt).toBeInstanceOf(Date);
    const calls = standin.calls().length;
    expect(await removeBankItems(db, client, pii, String(hers))).toBe(0);
    expect(standin.calls()).toHaveLength(calls);
    expect(live()).toContain(other.itemId);
  });

  it('asks for the Plaid client only when the application has a connected bank', async () => {
    const asked = vi.fn(client);
    expect(await removeBankItems(db, asked, pii, String(new ObjectId()))).toBe(0);
    expect(asked).not.toHaveBeenCalled();
    const app = new ObjectId();
    await connected(app);
    expect(await removeBankItems(db, asked, pii, String(app))).toBe(1);
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('counts an item Plaid already forgot as removed', async () => {
    const app = new ObjectId();
    const { token } = await connected(app);
    await plaid.itemRemove({ access_token: token });
    expect(await removeBankItems(db, client, pii, String(app))).toBe(1);
    expect((await db.collection('banklinks').findOne({ _id: app }))?.removedAt).toBeInstanceOf(Date);
  });

  it('counts a token Plaid refuses (INVALID_ACCESS_TOKEN) as nothing to remove', async () => {
    const app = new ObjectId();
    // Plaid's docs give INVALID_ACCESS_TOKEN for a removed item's token, and for another environment's: the
    // stand-in answers it for the latter (a sealed token of Plaid's development environment).
    await db.collection('banklinks').insertOne({
      _id: app,
      applicationId: app,
      itemId: 'item-elsewhere',
      accessTokenSealed: pii.encrypt('access-development-5f3c2b1a-0000-4000-8000-000000000000'),
    });
    const calls = standin.calls().length;
    expect(await removeBankItems(db, client, pii, String(app))).toBe(1);
    expect(standin.calls().length).toBe(calls + 1);
    expect((await db.collection('banklinks').findOne({ _id: app }))?.removedAt).toBeInstanceOf(Date);
  });
});
