// The database contract the api's claims rest on (a refresh token rotated once, the outbox entry claimed by
// one replica, the co-owners' status link sent once): a conditional write is atomic, so of several at once
// exactly one matches. FerretDB v1 read the matches and wrote them in two steps, and three parallel claims
// all won (tools/ferretdb/write-lock.patch). Real FerretDB of the suite, the driver the api's mongoose uses.
import { mongo } from 'mongoose';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';

let client: mongo.MongoClient;
let claims: mongo.Collection<{ _id: mongo.ObjectId; takenBy?: number }>;
beforeAll(async () => {
  client = await mongo.MongoClient.connect(`${inject('mongoBaseUri')}/portal-conditional-${Date.now()}`);
  claims = client.db().collection('claims');
});
afterAll(() => client?.close());

const ROUNDS = 10;
const AT_ONCE = 4;

it('of several updateOne claims at once on one document, exactly one modifies it', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const { insertedId: _id } = await claims.insertOne({ _id: new mongo.ObjectId() });
    const results = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        claims.updateOne({ _id, takenBy: { $exists: false } }, { $set: { takenBy: i } }),
      ),
    );
    expect(results.map((r) => r.modifiedCount).reduce((a, b) => a + b)).toBe(1);
  }
});

it('of several findOneAndUpdate claims at once, exactly one gets the document', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const { insertedId: _id } = await claims.insertOne({ _id: new mongo.ObjectId() });
    const won = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        claims.findOneAndUpdate({ _id, takenBy: { $exists: false } }, { $set: { takenBy: i } }),
      ),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    expect((await claims.findOne({ _id }))?.takenBy).toBe(won.findIndex(Boolean));
  }
});

// tools/ferretdb/sqlite-id-pushdown.patch narrows a filter of `_id` and more to that one row in SQLite; the
// rest of the filter must still decide.
it('a filter of _id and more finds the document only when the rest matches too', async () => {
  const { insertedId: _id } = await claims.insertOne({ _id: new mongo.ObjectId(), takenBy: 1 });
  expect(await claims.findOne({ _id, takenBy: 1 })).toMatchObject({ _id, takenBy: 1 });
  expect(await claims.findOne({ _id, takenBy: 2 })).toBeNull();
  expect(await claims.countDocuments({ _id, takenBy: { $gt: 0 } })).toBe(1);
  expect((await claims.deleteOne({ _id, takenBy: 2 })).deletedCount).toBe(0);
  expect((await claims.updateOne({ _id, takenBy: { $exists: false } }, { $set: { takenBy: 3 } })).matchedCount).toBe(0);
});
