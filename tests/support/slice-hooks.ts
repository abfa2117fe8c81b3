// A spec file's own api slice (slice.ts) and a MongoDB connection to its database, opened before the file's
// tests and closed after them.
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll } from 'vitest';
import { startSlice } from './slice';

export type Slice = Awaited<ReturnType<typeof startSlice>>;

/**
 * Registers the file's beforeAll and afterAll: the slice and its database first, then `more.setUp`; on the way
 * out `more.tearDown` first, then the database connection and the slice.
 */
export function sliceHooks(
  more: {
    /** The slice's environment, read when it starts (after the file's earlier beforeAll, e.g. a stand-in's address). */
    env?: () => Record<string, string>;
    setUp?: (slice: Slice) => Promise<void>;
    tearDown?: () => Promise<void>;
  } = {},
) {
  let slice: Slice | undefined;
  let mongo: MongoClient | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    slice = await startSlice(more.env ? { env: more.env() } : undefined);
    mongo = await MongoClient.connect(slice.env.MONGODB_URI);
    db = mongo.db();
    await more.setUp?.(slice);
  });
  afterAll(async () => {
    await more.tearDown?.();
    await mongo?.close();
    await slice?.close();
  });
  return {
    get slice() {
      return slice!;
    },
    get db() {
      return db!;
    },
  };
}
