import type { FilterQuery, HydratedDocument, Model } from 'mongoose';

/**
 * Find the record by its unique key or create it: a retried sign-up reuses what the first try made.
 * Not an upsert with $setOnInsert: FerretDB drops empty arrays from those (docs/ferretdb.md). There are no
 * transactions on FerretDB, so every sign-up step is one of these, safe under concurrency.
 */
export async function findOrCreate<T>(
  model: Model<T>,
  key: Record<string, unknown>,
  fields: Record<string, unknown>,
  /**
   * The record is most likely new (its key was made moments ago, in this request): insert first, and
   * read only when the insert finds it there (one round trip instead of two; the same answer either way).
   */
  likelyNew = false,
): Promise<HydratedDocument<T>> {
  const existing = likelyNew ? null : await model.findOne(key as FilterQuery<T>);
  if (existing) return existing;
  try {
    return await model.create({ ...key, ...fields });
  } catch (e) {
    if ((e as { code?: number }).code !== 11000) throw e;
    return model.findOne(key as FilterQuery<T>).orFail() as Promise<HydratedDocument<T>>;
  }
}
