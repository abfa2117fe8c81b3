import { ObjectId, type Db, type Filter } from 'mongodb';
import { COLLECTIONS, WORKER_COLLECTIONS } from '@portal/libs';
import type { ErasurePlan } from '@portal/workflows';

/** Any record: `_id` is an ObjectId, or a string where a collection is keyed by it. */
type Doc = { _id: unknown; [field: string]: unknown };
/** One collection and the filter that finds the account's documents in it. */
type Sweep = [collection: string, filter: Record<string, unknown>];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a submitted application keeps for the lender's record-keeping (docs/security.md): the application
 * (its opportunity), the business and its owners (identity, tax ids sealed), the documents' records, and
 * the user's identity without a way to sign in. Everything else goes.
 */
const KEPT_WHEN_SUBMITTED = new Set<string>([
  COLLECTIONS.users,
  COLLECTIONS.applications,
  COLLECTIONS.businesses,
  COLLECTIONS.ownersets,
  COLLECTIONS.files,
  COLLECTIONS.applicationfiles,
]);

/**
 * Every record of an account, by collection: what the api and the worker write for a user or an
 * application (names as in their schemas). The erasure test searches every collection afterwards, so a
 * new collection that holds an applicant's data and is missing here fails it.
 */
function sweeps(plan: ErasurePlan, email: string): Sweep[] {
  const user = new ObjectId(plan.userId);
  const list: Sweep[] = [
    [COLLECTIONS.users, { _id: user }],
    ['usernames', { userId: user }],
    ['sessions', { userId: user }],
    ['drafts', { userId: plan.userId }],
    ['phonelinks', { userId: plan.userId }],
    // One-time codes, their throttles and the idempotency records are keyed by the email or the user.
    ['codes', { _id: { $regex: escape(email) } }],
    ['authfailures', { _id: { $regex: escape(email) } }],
    ['idempotencykeys', { _id: { $regex: escape(plan.userId) } }],
  ];
  if (!plan.applicationId) return list;
  const app = new ObjectId(plan.applicationId);
  const id = plan.applicationId;
  const byApp = (name: string): Sweep => [name, { applicationId: app }];
  list.push(
    [COLLECTIONS.applications, { _id: app }],
    byApp(COLLECTIONS.businesses),
    byApp(COLLECTIONS.ownersets),
    byApp(COLLECTIONS.offers),
    byApp(COLLECTIONS.files),
    byApp('stages'),
    byApp('banklinks'),
    byApp(COLLECTIONS.signatures),
    ['banklinktokens', { _id: app }],
    [COLLECTIONS.applicationfiles, { _id: id }],
    [COLLECTIONS.pendingleads, { _id: id }],
    ['unfinisheduploads', { applicationId: id }],
    ['documentnames', { _id: { $regex: `^${id}/` } }],
    ['workflowoutbox', { applicationId: id }],
    ['workflowoutboxapps', { _id: id }],
    [WORKER_COLLECTIONS.reminders, { _id: { $regex: id } }],
    [WORKER_COLLECTIONS.offeremails, { _id: { $regex: id } }],
    [WORKER_COLLECTIONS.boxsignrequests, { _id: { $regex: id } }],
  );
  return list;
}

/** The user's email, read before anything goes (the codes are keyed by it); '' once the user is gone. */
export async function emailOf(db: Db, userId: string): Promise<string> {
  const user = await db
    .collection(COLLECTIONS.users)
    .findOne({ _id: new ObjectId(userId) }, { projection: { email: 1 } });
  return typeof user?.email === 'string' ? user.email.toLowerCase() : '';
}

/**
 * Deletes the account's records (the user's last, so a retry still finds its email); a submitted
 * application's kept records are marked with their end instead. The count deleted.
 */
export async function eraseAccountRecords(db: Db, plan: ErasurePlan): Promise<number> {
  const email = await emailOf(db, plan.userId);
  const all = sweeps(plan, email || '\u0000never');
  let deleted = 0;
  if (email) deleted += await unlistFailures(db, email);
  if (plan.submitted) {
    await markKept(db, plan);
    for (const [name, filter] of all) if (!KEPT_WHEN_SUBMITTED.has(name)) deleted += await sweep(db, name, filter);
    return deleted;
  }
  for (const [name, filter] of [...all.slice(1), all[0]!]) deleted += await sweep(db, name, filter);
  return deleted;
}

/**
 * The hourly index of password failures due for deletion (`h:<hour>`, rate-limit.ts) lists the keys of
 * many accounts: her keys leave its lists, the documents stay for the others.
 */
async function unlistFailures(db: Db, email: string): Promise<number> {
  const index = db.collection<{ _id: string; keys?: string[] }>('authfailures');
  let changed = 0;
  for (const doc of await index.find({ keys: { $exists: true } }, { projection: { keys: 1 } }).toArray()) {
    const hers = (doc.keys ?? []).filter((k) => k.toLowerCase().includes(email));
    if (hers.length) changed += (await index.updateOne({ _id: doc._id }, { $pullAll: { keys: hers } })).modifiedCount;
  }
  return changed;
}

const sweep = async (db: Db, name: string, filter: Record<string, unknown>) =>
  (await db.collection<Doc>(name).deleteMany(filter as Filter<Doc>)).deletedCount;

/**
 * A submitted application's kept records, marked with the day they go: the user keeps their identity and
 * loses their sign-in (no password, no email lookup; the name freed for a new account).
 */
async function markKept(db: Db, plan: ErasurePlan) {
  const kept = { erasedAt: new Date(), keepUntil: plan.keepUntil };
  await db.collection(COLLECTIONS.users).updateOne(
    { _id: new ObjectId(plan.userId) },
    {
      $set: { ...kept, userName: `erased-${plan.userId}`, passwordHash: '' },
      $unset: { language: '', affiliateId: '' },
    },
  );
  await db.collection(COLLECTIONS.applications).updateOne({ _id: new ObjectId(plan.applicationId) }, { $set: kept });
}
