// Seeds applications through the api's own Mongoose models (validation and defaults as the api applies
// them): for each one a user, the application, its business, its owner set and its stage, cloned from a
// template applicant who signed up and answered through the api, each with new ids and a unique email,
// keyed as sign-up keys them (the name's key by email; the application's records under its id).
import { createRequire } from 'node:module';
import type * as MongooseNs from 'mongoose';

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
