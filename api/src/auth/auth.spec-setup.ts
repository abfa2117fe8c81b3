import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll } from 'vitest';
import { ApiClient, signUpAndConfirm } from '../../../tests/support/api-client';
import { startSlice } from '../../../tests/support/slice';

type Slice = Awaited<ReturnType<typeof startSlice>>;

/**
 * The set-up every auth spec file shares: its own api slice and database, started before its tests and closed
 * after them, and fresh browsers from fresh addresses (so per-IP limits only bite where a test means them to).
 */
export function authSlice() {
  let slice: Slice | undefined;
  let mongo: MongoClient | undefined;
  let db: Db | undefined;
  let ipCounter = 0;
  beforeAll(async () => {
    slice = await startSlice();
    mongo = await MongoClient.connect(slice.env.MONGODB_URI);
    db = mongo.db();
  });
  afterAll(async () => {
    await mongo?.close();
    await slice?.close();
  });
  const room = {
    get slice() {
      return slice!;
    },
    get db() {
      return db!;
    },
    /** A fresh browser from a fresh address. */
    browser: () => new ApiClient(room.slice.baseUrl, `10.1.0.${++ipCounter}`),
    /** An applicant signed up and confirmed, from a fresh address. */
    signedUp: (tag: string) =>
      signUpAndConfirm(room.slice.baseUrl, room.slice.maildevUrl, tag, `10.1.1.${++ipCounter}`),
  };
  return room;
}
