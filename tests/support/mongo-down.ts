// A MongoDB that does not answer, for tests of what an activity does when its write fails after the outside
// service (CRM, Box) made something: the driver's own failure (no server selected), within 200 ms.
import { MongoClient, type Db } from 'mongodb';

/** A database nobody serves (nothing listens on port 9): every read and write fails. */
export const unreachableDb = (): Db =>
  new MongoClient('mongodb://127.0.0.1:9/down', { serverSelectionTimeoutMS: 200 }).db();

/** `db` as it is, but with one collection served by nobody: the activity's other reads and writes go through. */
export function withCollectionDown(db: Db, name: string): Db {
  const down = unreachableDb();
  return Object.assign(Object.create(db) as Db, {
    collection: (n: string) => (n === name ? down : db).collection(n),
  });
}
