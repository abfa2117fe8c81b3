// Records whose `_id` becomes one of their own fields, and the users' links to their application and
// sign-in name. A move is journalled first so that a run stopped halfway can finish it (see migrate.ts).
import { batches, isDuplicate, same, type Db, type Doc, type Tally } from './batches.ts';

export const JOURNAL = 'migrationjournal';

/** Collections whose `_id` becomes one of their own fields; owner sets also name the business by it. */
export const REKEYED: { collection: string; key: string; alsoSet?: string[] }[] = [
  { collection: 'businesses', key: 'applicationId' },
  { collection: 'ownersets', key: 'applicationId', alsoSet: ['businessId'] },
  { collection: 'offers', key: 'applicationId' },
  { collection: 'stages', key: 'applicationId' },
  { collection: 'banklinks', key: 'applicationId' },
  { collection: 'sessions', key: 'tokenHash' },
  { collection: 'codes', key: 'key' },
];

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

export async function rekey(db: Db, spec: (typeof REKEYED)[number], size: number, dryRun: boolean, n: Tally) {
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
export async function users(db: Db, size: number, dryRun: boolean, n: Tally) {
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
