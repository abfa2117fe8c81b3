import type * as Mongo from 'mongodb';

export type Doc = Mongo.Document;
export type Db = Mongo.Db;
/** A step's counts by what it found or did: the run prints these, never a record's contents. */
export type Tally = Record<string, number>;

export const same = (a: unknown, b: unknown) => a !== undefined && a !== null && String(a) === String(b);
export const isDuplicate = (e: unknown) => (e as { code?: number }).code === 11000;
/** Adds one to a count of the tally. */
export const counter = (n: Tally) => (k: string) => (n[k] = (n[k] ?? 0) + 1);

/**
 * Documents of a collection whose `_id` is of one BSON type, in `_id` order, a batch at a time (documents
 * moved meanwhile may be seen twice). One type at a time: `$gt` compares within a type only, so paging
 * from a string `_id` would never reach the ObjectIds that sort after every string.
 */
export async function* batches(db: Db, collection: string, size: number, type = 'objectId'): AsyncGenerator<Doc[]> {
  let last: unknown;
  for (;;) {
    const filter = last === undefined ? { _id: { $type: type } } : { _id: { $type: type, $gt: last } };
    const docs = await db.collection(collection).find(filter).sort({ _id: 1 }).limit(size).toArray();
    if (!docs.length) return;
    yield docs;
    last = docs.at(-1)!._id;
  }
}
