// `npm run migrate -- --uri <MONGODB_URI> [--dry-run] [--batch=500]`: brings a database written before the
// hot lookups were keyed by `_id` (commits ef036d0 and 80bb361, README 'FerretDB and MongoDB') to the shape
// the api reads now. Run it with the api stopped (or before the new api first serves): the api has no
// transactions to lean on, and neither does this script.
//
// What changes:
// - users: `applicationId` names the user's one application (the one whose userId is the user's), and
//   `usernames` gets `{ _id: userName, userId }`, through which sign-in finds the user;
// - businesses, ownersets, offers, stages: `_id` becomes the application's id (owner sets' businessId too,
//   since the business is now under that id); sessions: `_id` becomes tokenHash; codes: `_id` becomes key;
// - revocations: the families revoked in the last day, which replicas now read from there instead of sessions;
// - applicationfiles, signatures, workflowoutboxapps: the keyed lookup documents of issue 26 (an application's
//   files, a sign request's application, an application with outbox entries waiting).
//
// Safe to stop and run again: every step checks what is already done. A record whose `_id` changes is
// first written to `migrationjournal`, then removed, then written under its new `_id`, and its journal
// entry removed last; a run that stopped in between finishes the move from the journal first (the unique
// indexes on applicationId, tokenHash and key forbid holding both copies at once). Counts only are printed:
// never a name, an email or a key (E11000 messages quote the key, so errors print their code alone).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type * as Mongo from 'mongodb';

type Doc = Mongo.Document;
type Db = Mongo.Db;
const { MongoClient, ObjectId } = createRequire(import.meta.url)('mongodb') as typeof Mongo;

export const JOURNAL = 'migrationjournal';

/** Collections whose `_id` becomes one of their own fields; owner sets also name the business by it. */
const REKEYED: { collection: string; key: string; alsoSet?: string[] }[] = [
  { collection: 'businesses', key: 'applicationId' },
  { collection: 'ownersets', key: 'applicationId', alsoSet: ['businessId'] },
  { collection: 'offers', key: 'applicationId' },
  { collection: 'stages', key: 'applicationId' },
  { collection: 'sessions', key: 'tokenHash' },
  { collection: 'codes', key: 'key' },
];

/** How far back revoked session families are copied to `revocations` (the api prunes past an access token's life). */
const REVOCATION_WINDOW_MS = 24 * 3600_000;

export type Counts = Record<string, Record<string, number>>;

const same = (a: unknown, b: unknown) => a !== undefined && a !== null && String(a) === String(b);
const isDuplicate = (e: unknown) => (e as { code?: number }).code === 11000;

/**
 * Documents of a collection whose `_id` is of one BSON type, in `_id` order, a batch at a time (documents
 * moved meanwhile may be seen twice). One type at a time: `$gt` compares within a type only, so paging
 * from a string `_id` would never reach the ObjectIds that sort after every string.
 */
async function* batches(db: Db, collection: string, size: number, type = 'objectId'): AsyncGenerator<Doc[]> {
  let last: unknown;
  for (;;) {
    const filter = last === undefined ? { _id: { $type: type } } : { _id: { $type: type, $gt: last } };
    const docs = await db.collection(collection).find(filter).sort({ _id: 1 }).limit(size).toArray();
    if (!docs.length) return;
    yield docs;
    last = docs.at(-1)!._id;
  }
}

/** Finishes a move the journal holds: the old copy gone, the new one in place, then the entry gone. */
async function finishMove(db: Db, entry: Doc, dryRun: boolean) {
  const c = db.collection(entry.collection as string);
  const moved = entry.doc as Doc;
  if (dryRun) return;
  await c.deleteOne({ _id: entry.oldId });
  try {
    await c.insertOne(moved);
  } catch (e) {
    // Already there: this move had been written before the run stopped.
    if (!isDuplicate(e)) throw e;
  }
  await db.collection(JOURNAL).deleteOne({ _id: entry._id });
}

async function rekey(db: Db, spec: (typeof REKEYED)[number], size: number, dryRun: boolean, n: Record<string, number>) {
  const c = db.collection(spec.collection);
  for (const entry of await db.collection(JOURNAL).find({ collection: spec.collection }).toArray()) {
    await finishMove(db, entry, dryRun);
    n.resumed = (n.resumed ?? 0) + 1;
  }
  for await (const docs of batches(db, spec.collection, size)) {
    for (const doc of docs) {
      n.seen = (n.seen ?? 0) + 1;
      const id = doc[spec.key];
      if (id === undefined || id === null) {
        n.withoutKey = (n.withoutKey ?? 0) + 1;
        continue;
      }
      const stale = (spec.alsoSet ?? []).filter((f) => !same(doc[f], id));
      if (same(doc._id, id)) {
        if (stale.length) {
          if (!dryRun) await c.updateOne({ _id: doc._id }, { $set: Object.fromEntries(stale.map((f) => [f, id])) });
          n.fieldsSet = (n.fieldsSet ?? 0) + 1;
        } else n.alreadyKeyed = (n.alreadyKeyed ?? 0) + 1;
        continue;
      }
      const moved = { ...doc, _id: id, ...Object.fromEntries(stale.map((f) => [f, id])) };
      const entry = {
        _id: `${spec.collection}:${String(doc._id)}`,
        collection: spec.collection,
        oldId: doc._id,
        doc: moved,
      };
      const { _id, ...fields } = entry;
      if (!dryRun)
        await db.collection(JOURNAL).updateOne({ _id: _id as never }, { $setOnInsert: fields }, { upsert: true });
      await finishMove(db, entry, dryRun);
      n.moved = (n.moved ?? 0) + 1;
    }
  }
}

/** Each user names their application, and their sign-in name has its key. */
async function users(db: Db, size: number, dryRun: boolean, n: Record<string, number>) {
  const apps = db.collection('applications');
  const keys = db.collection('usernames');
  for await (const docs of batches(db, 'users', size)) {
    const found = await apps
      .find({ userId: { $in: docs.map((u) => u._id) } }, { projection: { userId: 1 } })
      .sort({ _id: 1 })
      .toArray();
    for (const user of docs) {
      n.seen = (n.seen ?? 0) + 1;
      // One application per user (unique userId); the earliest, as the old api's find by userId read it.
      const app = found.find((a) => same(a.userId, user._id));
      if (user.applicationId) n.applicationAlreadyNamed = (n.applicationAlreadyNamed ?? 0) + 1;
      else if (!app) n.withoutApplication = (n.withoutApplication ?? 0) + 1;
      else {
        if (!dryRun) await db.collection('users').updateOne({ _id: user._id }, { $set: { applicationId: app._id } });
        n.applicationNamed = (n.applicationNamed ?? 0) + 1;
      }
      if (typeof user.userName !== 'string') {
        n.withoutUserName = (n.withoutUserName ?? 0) + 1;
        continue;
      }
      const key = await keys.findOne({ _id: user.userName as never });
      if (key && same(key.userId, user._id)) n.keyPresent = (n.keyPresent ?? 0) + 1;
      else if (key && (await db.collection('users').findOne({ _id: key.userId }, { projection: { _id: 1 } }))) {
        // Two users behind one name cannot both sign in: left for a person to decide.
        n.keyHeldByAnotherUser = (n.keyHeldByAnotherUser ?? 0) + 1;
      } else {
        // No key, or one a sign-up on the new api left pointing at no user (its user insert met userName's
        // unique index): the name goes to the user who has it.
        const now = new Date();
        if (!dryRun)
          await keys.updateOne(
            { _id: user.userName as never },
            { $set: { userId: user._id, updatedAt: now }, $setOnInsert: { createdAt: now } },
            { upsert: true },
          );
        n[key ? 'keyRepointed' : 'keyAdded'] = (n[key ? 'keyRepointed' : 'keyAdded'] ?? 0) + 1;
      }
    }
  }
}

/** Families revoked lately: replicas refuse their access tokens by reading `revocations` now. */
async function revocations(db: Db, size: number, dryRun: boolean, n: Record<string, number>, now: Date) {
  const since = new Date(now.getTime() - REVOCATION_WINDOW_MS);
  const latest = new Map<string, Date>();
  const all = async function* () {
    yield* batches(db, 'sessions', size, 'objectId');
    yield* batches(db, 'sessions', size, 'string');
  };
  for await (const docs of all())
    for (const s of docs)
      if (s.revokedAt instanceof Date && s.revokedAt >= since && typeof s.familyId === 'string') {
        const at = latest.get(s.familyId);
        if (!at || at < s.revokedAt) latest.set(s.familyId, s.revokedAt);
      }
  for (const [familyId, revokedAt] of latest) {
    if (!dryRun) await db.collection('revocations').updateOne({ familyId }, { $max: { revokedAt } }, { upsert: true });
    n.families = (n.families ?? 0) + 1;
  }
}

/**
 * Issue 26's keyed lookup documents, built for records written before them: `applicationfiles` (an
 * application's file ids, `_id` the application's id), `signatures` (a sign request's id → its application)
 * and `workflowoutboxapps` (an application with outbox entries waiting, naming the newest). Adds what is
 * missing and never removes: the api skips an id whose file is gone.
 */
async function lookups(db: Db, size: number, dryRun: boolean, n: Record<string, number>) {
  const count = (k: string) => (n[k] = (n[k] ?? 0) + 1);
  for await (const files of batches(db, 'files', size)) {
    for (const f of files) {
      if (!f.applicationId) continue;
      const _id = String(f.applicationId) as never;
      const list = await db.collection('applicationfiles').findOne({ _id });
      if (list && (list.fileIds as unknown[]).some((id) => same(id, f._id))) {
        count('fileListed');
        continue;
      }
      if (!dryRun)
        if (list) await db.collection('applicationfiles').updateOne({ _id }, { $addToSet: { fileIds: f._id } });
        else await db.collection('applicationfiles').insertOne({ _id, fileIds: [f._id] });
      count('fileEntered');
    }
  }
  for await (const apps of batches(db, 'applications', size)) {
    for (const a of apps) {
      if (typeof a.signatureId !== 'string') continue;
      const _id = a.signatureId as never;
      if (await db.collection('signatures').findOne({ _id })) count('signaturePresent');
      else {
        if (!dryRun) await db.collection('signatures').insertOne({ _id, applicationId: a._id });
        count('signatureAdded');
      }
    }
  }
  for await (const entries of batches(db, 'workflowoutbox', size)) {
    for (const e of entries) {
      const _id = String(e.applicationId) as never;
      const mark = await db.collection('workflowoutboxapps').findOne({ _id });
      // The newest entry of the application (entries come in `_id` order: the last one seen wins).
      if (mark && String(mark.last) >= String(e._id)) continue;
      if (!dryRun)
        if (mark) await db.collection('workflowoutboxapps').updateOne({ _id }, { $set: { last: e._id } });
        else await db.collection('workflowoutboxapps').insertOne({ _id, last: e._id });
      count('outboxMarked');
    }
  }
}

export async function migrate(
  db: Db,
  opts: { dryRun?: boolean; batchSize?: number; log?: (line: string) => void; now?: Date } = {},
): Promise<Counts> {
  const { dryRun = false, batchSize = 500, log = () => undefined, now = new Date() } = opts;
  const counts: Counts = {};
  const step = async (name: string, f: (n: Record<string, number>) => Promise<void>) => {
    const n: Record<string, number> = {};
    await f(n);
    counts[name] = n;
    const said = Object.entries(n).map(([k, v]) => `${k} ${v}`);
    log(`${name}: ${said.join(', ') || 'nothing there'}`);
  };
  // Revocations first: they are read off sessions before the sessions move.
  await step('revocations', (n) => revocations(db, batchSize, dryRun, n, now));
  await step('users', (n) => users(db, batchSize, dryRun, n));
  for (const spec of REKEYED) await step(spec.collection, (n) => rekey(db, spec, batchSize, dryRun, n));
  await step('lookups', (n) => lookups(db, batchSize, dryRun, n));
  return counts;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const uri = arg('uri') ?? process.env.MONGODB_URI;
  if (!uri) {
    console.error('usage: npm run migrate -- --uri <MONGODB_URI> [--dry-run] [--batch=500]');
    process.exit(2);
  }
  const dryRun = process.argv.includes('--dry-run');
  const client = new MongoClient(uri);
  let code = 0;
  try {
    await client.connect();
    console.log(`migrate: ${dryRun ? 'dry run, nothing written' : 'writing'}; database ${client.db().databaseName}`);
    await migrate(client.db(), { dryRun, batchSize: Number(arg('batch') ?? 500), log: (l) => console.log(l) });
    console.log('migrate: done');
  } catch (e) {
    // The code and name only: a driver error's message can quote a document's key (an email).
    const err = e as { name?: string; code?: unknown };
    console.error(
      `migrate: stopped by ${err.name ?? 'an error'}${err.code === undefined ? '' : ` (code ${String(err.code)})`}; run it again to resume`,
    );
    code = 1;
  } finally {
    await client.close();
  }
  process.exit(code);
}

export { ObjectId };
