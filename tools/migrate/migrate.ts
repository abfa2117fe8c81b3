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
// - applicationfiles, signatures, workflowoutboxapps, workflowoutboxlist: the keyed lookup documents of
//   issue 26 (an application's files, a sign request's application, an application with outbox entries
//   waiting and those entries, the applications waiting);
// - revocations, ratelimits, authfailures (issue 26, no scan on an applicant's path): revoked families
//   into one document per minute, the rate limiter's unexpired slots into `ratelimitcounts` (per minute of
//   expiry and shard), the last day's wrong answers into one document per key (with the hour that sweeps
//   it); the old-shape documents are removed once copied.
//
// Safe to stop and run again: every step checks what is already done. A record whose `_id` changes is
// first written to `migrationjournal`, then removed, then written under its new `_id`, and its journal
// entry removed last; a run that stopped in between finishes the move from the journal first (the unique
// indexes on applicationId, tokenHash and key forbid holding both copies at once). Counts only are printed:
// never a name, an email or a key (E11000 messages quote the key, so errors print their code alone).
import { createHash } from 'node:crypto';
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

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** The api's shapes (api/src/common/rate-limit.ts, session.schema.ts; migrate.spec.ts checks they agree). */
export const shapes = {
  revocationMinute: (at: Date) => `m:${Math.floor(at.getTime() / MINUTE)}`,
  slotOf: (bucket: string, expiresAt: Date) => {
    const hash = createHash('sha256').update(bucket).digest();
    const minute = Math.ceil(expiresAt.getTime() / MINUTE);
    return { _id: `${minute}:${hash[0]! % 16}`, field: `c.${hash.subarray(1, 17).toString('base64url')}` };
  },
  failureId: (key: string) => `k:${key}`,
  dueAfter: (at: Date) => `h:${Math.floor((at.getTime() + 24 * HOUR) / HOUR) + 1}`,
};

/**
 * Families revoked lately, into one document per minute (`m:<minute>`) that replicas read by `_id`: from
 * the sessions, and from `revocations` of the old shape (one document per family), which then go.
 */
async function revocations(db: Db, size: number, dryRun: boolean, n: Record<string, number>, now: Date) {
  const since = new Date(now.getTime() - REVOCATION_WINDOW_MS);
  const latest = new Map<string, Date>();
  const note = (familyId: unknown, revokedAt: unknown) => {
    if (!(revokedAt instanceof Date) || revokedAt < since || typeof familyId !== 'string') return;
    const at = latest.get(familyId);
    if (!at || at < revokedAt) latest.set(familyId, revokedAt);
  };
  const all = async function* () {
    yield* batches(db, 'sessions', size, 'objectId');
    yield* batches(db, 'sessions', size, 'string');
  };
  for await (const docs of all()) for (const s of docs) note(s.familyId, s.revokedAt);
  const old: unknown[] = [];
  for await (const docs of batches(db, 'revocations', size, 'objectId'))
    for (const r of docs) {
      note(r.familyId, r.revokedAt);
      old.push(r._id);
    }
  for (const [familyId, revokedAt] of latest) {
    if (!dryRun)
      await db
        .collection('revocations')
        .updateOne(
          { _id: shapes.revocationMinute(revokedAt) as never },
          { $addToSet: { families: familyId } },
          { upsert: true },
        );
    n.families = (n.families ?? 0) + 1;
  }
  // Copied first, removed after: a run stopped in between copies them again ($addToSet) and removes them.
  for (const _id of old) {
    if (!dryRun) await db.collection('revocations').deleteOne({ _id: _id as never });
    n.oldRemoved = (n.oldRemoved ?? 0) + 1;
  }
}

/**
 * The rate limiter's unexpired slots (`ratelimits`, one document per attempt) as counts per bucket in
 * `ratelimitcounts` (`$max`, so a second run adds nothing), and the last day's wrong answers
 * (`authfailures`, one document per failure) as one document per key; the old documents then go.
 */
async function limits(db: Db, size: number, dryRun: boolean, n: Record<string, number>, now: Date) {
  const count = (k: string) => (n[k] = (n[k] ?? 0) + 1);
  const held = new Map<string, { bucket: string; expiresAt: Date; n: number }>();
  const oldSlots: unknown[] = [];
  for await (const slots of batches(db, 'ratelimits', size, 'string'))
    for (const s of slots) {
      oldSlots.push(s._id);
      if (!(s.expiresAt instanceof Date) || s.expiresAt <= now || typeof s.bucket !== 'string') continue;
      // A delay's slot was `<key>@after#<ready at>`; its bucket is now `<key>@after:<ready at>`.
      const bucket = s.bucket.endsWith('@after') ? `${s.bucket}:${String(s._id).split('#').at(-1)}` : s.bucket;
      const h = held.get(bucket) ?? { bucket, expiresAt: s.expiresAt, n: 0 };
      h.n += 1;
      held.set(bucket, h);
    }
  for (const h of held.values()) {
    const { _id, field } = shapes.slotOf(h.bucket, h.expiresAt);
    if (!dryRun)
      await db
        .collection('ratelimitcounts')
        .updateOne({ _id: _id as never }, { $max: { [field]: h.n } }, { upsert: true });
    count('bucketsCounted');
  }
  for (const _id of oldSlots) {
    if (!dryRun) await db.collection('ratelimits').deleteOne({ _id: _id as never });
    count('slotsRemoved');
  }

  const since = new Date(now.getTime() - 24 * HOUR);
  const byKey = new Map<string, Date[]>();
  const oldFailures: unknown[] = [];
  for await (const failures of batches(db, 'authfailures', size, 'objectId'))
    for (const f of failures) {
      oldFailures.push(f._id);
      if (!(f.at instanceof Date) || f.at < since || typeof f.key !== 'string') continue;
      byKey.set(f.key, [...(byKey.get(f.key) ?? []), f.at]);
    }
  for (const [key, ats] of byKey) {
    const last = new Date(Math.max(...ats.map((t) => t.getTime())));
    if (!dryRun) {
      const failures = db.collection('authfailures');
      await failures.updateOne(
        { _id: shapes.failureId(key) as never },
        { $addToSet: { ats: { $each: ats } }, $max: { last } },
        { upsert: true },
      );
      await failures.updateOne({ _id: shapes.dueAfter(last) as never }, { $addToSet: { keys: key } }, { upsert: true });
    }
    count('failureKeys');
  }
  for (const _id of oldFailures) {
    if (!dryRun) await db.collection('authfailures').deleteOne({ _id: _id as never });
    count('failuresRemoved');
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
      const list = await db.collection('workflowoutboxlist').findOne({ _id: 'waiting' as never });
      const listed = (list?.apps as string[] | undefined)?.includes(_id) ?? false;
      // Entries come in `_id` order: the marker's list keeps them oldest first, and the last one seen wins.
      if (
        mark &&
        String(mark.last) >= String(e._id) &&
        (mark.entries as unknown[] | undefined)?.some((id) => same(id, e._id)) &&
        listed
      )
        continue;
      if (!dryRun) {
        const newest = !mark || String(mark.last) < String(e._id);
        await db
          .collection('workflowoutboxapps')
          .updateOne(
            { _id },
            { ...(newest ? { $set: { last: e._id } } : {}), $addToSet: { entries: e._id } },
            { upsert: true },
          );
        await db
          .collection('workflowoutboxlist')
          .updateOne({ _id: 'waiting' as never }, { $addToSet: { apps: _id } }, { upsert: true });
      }
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
  await step('limits', (n) => limits(db, batchSize, dryRun, n, now));
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
