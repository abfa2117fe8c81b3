import { Types, isValidObjectId, type Model, type mongo } from 'mongoose';

/** A record as the driver reads it: the stored document, as a lean query answers it. */
export type Stored<T> = T & { _id: Types.ObjectId };

const collections = new WeakMap<Model<never>, mongo.Collection>();

/**
 * The driver's collection under a model, made once (Mongoose's wrapper would queue, log and id each call): for
 * the commands whose fields are all ours and typed, where a Mongoose query or document (its casting, its
 * validation, the stack trace each save() takes) cost the api more CPU than the command.
 */
export function driverCollection<T>(model: Model<T>): mongo.Collection<T & mongo.Document> {
  const key = model as unknown as Model<never>;
  let collection = collections.get(key);
  if (!collection) {
    collection = model.db.db!.collection(model.collection.collectionName);
    collections.set(key, collection);
  }
  return collection as unknown as mongo.Collection<T & mongo.Document>;
}

/**
 * One record by `_id` through the MongoDB driver's own collection, not a Mongoose query: the reads every
 * page makes (the user's records on GET /api/user/by-email, a section's answers) spent more of the api's CPU
 * building, casting and hydrating Mongoose queries and documents than the driver spent on the reads
 * (the read path's CPU profile). The answer is the stored document, as `.lean()` gives it; an id that is
 * not an ObjectId finds nothing, as a lean `findById` finds nothing.
 */
export function readById<T>(
  model: Model<T>,
  id: Types.ObjectId | string,
  projection?: Partial<Record<keyof T | '_id', 0 | 1>>,
): Promise<Stored<T> | null> {
  if (typeof id === 'string' && !isValidObjectId(id)) return Promise.resolve(null);
  const _id = typeof id === 'string' ? new Types.ObjectId(id) : id;
  return findFirst(model, { _id }, projection);
}

/**
 * The first record `filter` finds, by the `find` command that `findOne` sends (limit 1, one batch), run as a
 * command. `findOne` wraps that command in a cursor (its start, its cleanup and close, the events it emits):
 * about a third more of the client's CPU per read than the command alone, and a fifth of the driver's
 * garbage on GET /api/user/by-email, where the driver made half the api's (docs/performance.md). The same
 * command, read preference and answer; null when nothing matches.
 */
export async function findFirst<T>(
  model: Model<T>,
  filter: mongo.Document,
  projection?: mongo.Document,
): Promise<Stored<T> | null> {
  const db = model.db.db!;
  const command = {
    find: model.collection.collectionName,
    filter,
    ...(projection && { projection }),
    limit: 1,
    singleBatch: true,
    batchSize: 1,
  };
  const options = { readPreference: driverCollection(model).readPreference };
  let reply: mongo.Document;
  try {
    reply = await db.command(command, options);
  } catch (e) {
    // The driver sends a find once more after such an error (a replica set's election, a dropped
    // connection), but never a command run as such: so this read does it, as findOne would have.
    if (!retryableRead(e) || model.db.getClient().options.retryReads === false) throw e;
    reply = await db.command(command, options);
  }
  const batch = (reply.cursor as { firstBatch?: unknown[] } | undefined)?.firstBatch;
  return (batch?.[0] ?? null) as Stored<T> | null;
}

/**
 * The driver's codes for a read worth sending again (its `isRetryableReadError`): HostUnreachable,
 * HostNotFound, NetworkTimeout, ShutdownInProgress, PrimarySteppedDown, SocketException, NotWritablePrimary,
 * InterruptedAtShutdown, InterruptedDueToReplStateChange, NotPrimaryNoSecondaryOk, NotPrimaryOrSecondary,
 * ExceededTimeLimit, ReadConcernMajorityNotAvailableYet.
 */
const RETRYABLE_READ_CODES = new Set([6, 7, 89, 91, 189, 9001, 10107, 11600, 11602, 13435, 13436, 262, 134]);

/** An error after which the driver itself would send a read again: a network error, or the server not ready for it. */
function retryableRead(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  // By name: mongoose carries its own copy of the driver, whose classes are not the api's.
  if (e.name === 'MongoNetworkError' || e.name === 'MongoNetworkTimeoutError') return true;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'number' && RETRYABLE_READ_CODES.has(code)) return true;
  return /not master|node is recovering/i.test(e.message);
}
