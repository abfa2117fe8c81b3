// The session and sign-in guards' records in the api's current shapes: revoked families per minute, the
// rate limiter's counts, the wrong answers per key. Each is copied first and the old documents removed
// after, so a run stopped in between copies again (the writes are idempotent) and then removes them.
import { createHash } from 'node:crypto';
import { batches, counter, type Db, type Tally } from './batches.ts';

/** How far back revoked session families are copied to `revocations` (the api prunes past an access token's life). */
const REVOCATION_WINDOW_MS = 24 * 3600_000;
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
export async function revocations(db: Db, size: number, dryRun: boolean, n: Tally, now: Date) {
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
export async function limits(db: Db, size: number, dryRun: boolean, n: Tally, now: Date) {
  await rateLimits(db, size, dryRun, n, now);
  await authFailures(db, size, dryRun, n, now);
}

async function rateLimits(db: Db, size: number, dryRun: boolean, n: Tally, now: Date) {
  const count = counter(n);
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
}

async function authFailures(db: Db, size: number, dryRun: boolean, n: Tally, now: Date) {
  const count = counter(n);
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
