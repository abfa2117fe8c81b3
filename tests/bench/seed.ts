// Seeds applications through the api's own Mongoose models (validation and defaults as the api applies
// them): for each one a user, the application, its business, its owner set and its stage, cloned from a
// template applicant who signed up and answered through the api, each with new ids and a unique email,
// keyed as sign-up keys them (the name's key by email; the application's records under its id).
import { createRequire } from 'node:module';
import type * as MongooseNs from 'mongoose';
import type { NewLead } from '../../libs/src/crm/lead-fields.ts';

const require = createRequire(import.meta.url);
const mongoose = require('mongoose') as typeof MongooseNs;
const { Types } = mongoose;

type Doc = Record<string, unknown> & { _id: MongooseNs.Types.ObjectId };
export type Template = { user: Doc; application: Doc; business: Doc; ownerSet: Doc; stage: Doc };

const SCHEMAS = {
  users: ['users/user.schema.js', 'UserSchema'],
  usernames: ['users/user.schema.js', 'UserKeySchema'],
  applications: ['applications/application.schema.js', 'ApplicationSchema'],
  businesses: ['businesses/business.schema.js', 'BusinessSchema'],
  ownersets: ['owners/owner-set.schema.js', 'OwnerSetSchema'],
  stages: ['stages/stage.schema.js', 'StageSchema'],
} as const;

export async function openModels(root: string, uri: string) {
  const conn = await mongoose.createConnection(uri).asPromise();
  const models = Object.fromEntries(
    Object.entries(SCHEMAS).map(([collection, [file, name]]) => {
      const schema = (require(`${root}/api/dist/${file}`) as Record<string, MongooseNs.Schema>)[name]!;
      return [collection, conn.model(`Seed_${collection}`, schema, collection)];
    }),
  ) as Record<keyof typeof SCHEMAS, MongooseNs.Model<unknown>>;
  return { models, close: () => conn.close() };
}

/** The template applicant's documents, read as stored. */
export async function readTemplate(
  models: Awaited<ReturnType<typeof openModels>>['models'],
  userId: string,
): Promise<Template> {
  const one = async (m: MongooseNs.Model<unknown>, filter: Record<string, unknown>) =>
    (await m.findOne(filter).lean().orFail()) as Doc;
  const user = await one(models.users, { _id: userId });
  const application = await one(models.applications, { _id: user.applicationId });
  return {
    user,
    application,
    business: await one(models.businesses, { _id: application._id }),
    ownerSet: await one(models.ownersets, { _id: application._id }),
    stage: await one(models.stages, { _id: application._id }),
  };
}

/** Adds `count` applications numbered from `from`, in batches. */
export async function seed(
  models: Awaited<ReturnType<typeof openModels>>['models'],
  t: Template,
  from: number,
  count: number,
  log: (line: string) => void,
) {
  const strip = ({ _id, __v, createdAt, updatedAt, ...rest }: Doc) => rest; // eslint-disable-line @typescript-eslint/no-unused-vars
  const BATCH = 500;
  const started = Date.now();
  for (let i = from; i < from + count; i += BATCH) {
    const n = Math.min(BATCH, from + count - i);
    const rows = Array.from({ length: n }, (_, k) => {
      const email = `seed${i + k}@example.com`;
      const userId = new Types.ObjectId();
      const applicationId = new Types.ObjectId();
      return {
        key: { _id: email, userId },
        user: { ...strip(t.user), _id: userId, email, userName: email, applicationId },
        application: { ...strip(t.application), _id: applicationId, userId },
        business: { ...strip(t.business), _id: applicationId, applicationId },
        ownerSet: { ...strip(t.ownerSet), _id: applicationId, applicationId, businessId: applicationId },
        stage: { ...strip(t.stage), _id: applicationId, applicationId },
      };
    });
    await models.usernames.insertMany(rows.map((r) => r.key));
    await models.users.insertMany(rows.map((r) => r.user));
    await models.applications.insertMany(rows.map((r) => r.application));
    await models.businesses.insertMany(rows.map((r) => r.business));
    await models.ownersets.insertMany(rows.map((r) => r.ownerSet));
    await models.stages.insertMany(rows.map((r) => r.stage));
    const done = i + n - from;
    if (done % 10_000 === 0 || done === count)
      log(`  seeded ${done}/${count} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
}

// ---- Applications as a finished journey leaves them (item 5 at three sizes: a book of realistic size) ----
//
// The template is a real application that went the whole journey in this run (sign-up to submitted, its
// offer email sent): every document the api and the worker wrote for it, in every collection, read as
// stored. Each seeded application is that set with new identities: each ObjectId of the set's own documents
// (user, application, files ...) a new one, and each string key (the email, the sign request's id, the
// CRM's ids, the application's id as a string: `applicationfiles`, `signatures`, `workflowoutboxapps`)
// made unique, wherever it appears (S3 paths and names too). Written with the driver's insertMany in
// batches (unordered), as stored: no validation pass, the documents being the api's own.

/** Collections of a window of time (pruned by age, keyed by address or bucket): not part of an application. */
const NOT_AN_APPLICATIONS = new Set(['ratelimits', 'authfailures', 'revocations', 'idempotency', 'idempotencykeys']);

type Raw = Record<string, unknown>;
export type JourneyTemplate = { docs: { collection: string; doc: Raw }[]; objectIds: string[]; keys: string[] };

/** An ObjectId whichever copy of bson made it (the driver's or mongoose's). */
const isObjectId = (v: unknown): v is MongooseNs.Types.ObjectId =>
  typeof v === 'object' && v !== null && (v as { _bsontype?: string })._bsontype === 'ObjectId';

/** Every document of one finished application, by collection, and the identities a clone must change. */
export async function readJourneyTemplate(uri: string, applicationId: string): Promise<JourneyTemplate> {
  const conn = await mongoose.createConnection(uri).asPromise();
  try {
    const db = conn.db!;
    const appOid = new Types.ObjectId(applicationId);
    const application = (await db.collection('applications').findOne({ _id: appOid })) as Raw | null;
    if (!application) throw new Error(`template application ${applicationId} not found`);
    const user = (await db.collection('users').findOne({ _id: application.userId as never })) as Raw | null;
    if (!user) throw new Error(`template user of ${applicationId} not found`);
    const strings = [
      applicationId,
      String(user._id),
      ...['email', 'userName'].map((k) => user[k]),
      ...['signatureId', 'sfLeadId', 'sfOpportunityId', 'statusLinkSentFor'].map((k) => application[k]),
    ].filter((v): v is string => typeof v === 'string' && v.length > 0);
    const ids = [...new Set(strings)];
    const anyOf = [appOid, user._id, ...ids];
    const docs: JourneyTemplate['docs'] = [];
    for (const { name } of await db.listCollections().toArray()) {
      if (name.startsWith('system.') || NOT_AN_APPLICATIONS.has(name)) continue;
      const found = await db
        .collection(name)
        .find({
          $or: [
            { _id: { $in: anyOf } },
            { applicationId: { $in: anyOf } },
            { userId: { $in: anyOf } },
            { email: { $in: anyOf } },
            // Keys made of the application's id (the worker's `offeremails` `<id>:<option>`, its sign requests).
            { _id: { $regex: applicationId } },
          ],
        } as never)
        .toArray();
      for (const doc of found) docs.push({ collection: name, doc: doc as Raw });
    }
    const objectIds = docs
      .map((d) => d.doc._id)
      .filter(isObjectId)
      .map(String);
    // String `_id`s are keys too (a session's token hash, which its unique `tokenHash` repeats): made unique.
    // A key built of others (`<application id>:<option>`) changes through them, so it is left out.
    const all = [...new Set([...objectIds, String(user._id), applicationId])];
    const stringIds = docs
      .map((d) => d.doc._id)
      .filter((v): v is string => typeof v === 'string' && ![...all, ...ids].some((k) => v.includes(k)));
    return { docs, objectIds: all, keys: [...new Set([...ids, ...stringIds])] };
  } finally {
    await conn.close();
  }
}

/** What a template's documents hold, by collection: "applications 1, files 3, ..." */
export const describeTemplate = (t: JourneyTemplate) =>
  Object.entries(
    t.docs.reduce<Record<string, number>>((n, d) => ((n[d.collection] = (n[d.collection] ?? 0) + 1), n), {}),
  )
    .map(([c, n]) => `${c} ${n}`)
    .join(', ');

/** Every identity of the template in a string, the longest first (an email before a part of it). */
function keyPattern(t: JourneyTemplate): RegExp {
  const keys = [...new Set([...t.objectIds, ...t.keys])].sort((a, b) => b.length - a.length);
  return new RegExp(keys.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
}

/** One clone: the template's documents with every identity replaced (`n` makes the string keys unique). */
export function cloneOf(t: JourneyTemplate, n: number, escaped = keyPattern(t)) {
  const map = new Map<string, string>();
  for (const hex of t.objectIds) map.set(hex, new Types.ObjectId().toHexString());
  for (const key of t.keys) if (!map.has(key)) map.set(key, key.includes('@') ? `s${n}.${key}` : `${key}-s${n}`);
  const walk = (v: unknown): unknown => {
    if (isObjectId(v)) {
      const to = map.get(v.toHexString());
      return to ? new Types.ObjectId(to) : v;
    }
    if (typeof v === 'string') return v.replace(escaped, (m) => map.get(m) ?? m);
    if (v instanceof Date || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(walk);
    if (!Object.getPrototypeOf(v) || Object.getPrototypeOf(v) === Object.prototype)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v; // Binary, Decimal128 ...: as stored
  };
  return t.docs.map((d) => ({ collection: d.collection, doc: walk(d.doc) as Raw }));
}

/**
 * Adds `count` applications like the template's, numbered from `from`, in batches of `batch` applications
 * (each collection one unordered insertMany per batch). Says how long it took.
 */
export async function seedJourneys(
  uri: string,
  t: JourneyTemplate,
  from: number,
  count: number,
  log: (line: string) => void,
  batch = 1_000,
): Promise<{ seconds: number; documents: number; leads: SeededLead[] }> {
  const conn = await mongoose.createConnection(uri).asPromise();
  const db = conn.db!;
  const escaped = keyPattern(t);
  const started = performance.now();
  let documents = 0;
  const leads: SeededLead[] = [];
  try {
    // Each batch's collections are written at once, and the next batch is made while they are written.
    const parallel = Number(process.env.BENCH_SEED_PARALLEL ?? 1) > 0;
    let writing: Promise<unknown> = Promise.resolve();
    for (let i = from; i < from + count; i += batch) {
      const n = Math.min(batch, from + count - i);
      const byCollection = new Map<string, Raw[]>();
      for (let k = 0; k < n; k++) {
        const clone = cloneOf(t, i + k, escaped);
        leads.push(leadOf(clone));
        for (const d of clone)
          (byCollection.get(d.collection) ?? byCollection.set(d.collection, []).get(d.collection)!).push(d.doc);
      }
      await writing;
      const write = async ([collection, docs]: [string, Raw[]]) => {
        await db.collection(collection).insertMany(docs, { ordered: false });
        documents += docs.length;
      };
      const done = i + n - from;
      writing = (
        parallel
          ? Promise.all([...byCollection].map(write))
          : [...byCollection].reduce<Promise<unknown>>((p, c) => p.then(() => write(c)), Promise.resolve())
      ).then(() => {
        if (done % 10_000 === 0 || done === count)
          log(`  seeded ${done}/${count} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      });
      if (!parallel) await writing;
    }
    await writing;
  } finally {
    await conn.close();
  }
  return { seconds: (performance.now() - started) / 1000, documents, leads };
}

/** The lead a seeded application's workflow starts with, made as the api's sign-up makes it (startJourney). */
export type SeededLead = NewLead;

function leadOf(clone: ReturnType<typeof cloneOf>): SeededLead {
  const one = (collection: string) => clone.find((d) => d.collection === collection)!.doc;
  const user = one('users');
  const application = one('applications');
  const business = one('businesses');
  return {
    applicationId: String(application._id),
    firstName: String(user.firstName),
    lastName: String(user.lastName),
    email: String(user.userName),
    phone: String(user.phone),
    company: String(business.businessName),
    ...(user.affiliateId ? { affiliateId: String(user.affiliateId) } : {}),
  };
}
