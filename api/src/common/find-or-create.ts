import type { FilterQuery, HydratedDocument, Model } from 'mongoose';

/**
 * Find the record by its unique key or create it: a retried sign-up reuses what the first try made.
 * Not an upsert with $setOnInsert: FerretDB drops empty arrays from those (see README). There are no
 * transactions on FerretDB, so every sign-up step is one of these, safe under concurrency.
 */
export async function findOrCreate<T>(
  model: Model<T>,
  key: Record<string, unknown>,
  fields: Record<string, unknown>,
): Promise<HydratedDocument<T>> {
  const existing = await model.findOne(key as FilterQuery<T>);
  if (existing) return existing;
  try {
    return await model.create({ ...key, ...fields });
  } catch (e) {
    if ((e as { code?: number }).code !== 11000) throw e;
    return model.findOne(key as FilterQuery<T>).orFail() as Promise<HydratedDocument<T>>;
  }
}
