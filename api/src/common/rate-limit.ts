import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model, mongo } from 'mongoose';
import { ACCOUNT_CODES } from '@portal/libs';
import { limitName } from './metrics';

/** 429 with the seconds to wait; the exception filter turns retryAfter into a Retry-After header. */
export class TooManyRequestsError extends HttpException {
  constructor(
    readonly retryAfter: number,
    message: string = ACCOUNT_CODES.tooManyAttempts(retryAfter),
    /** The limit's name for the metrics (portal_rate_limit_hits_total): never the address or account. */
    readonly limit = 'other',
  ) {
    super({ message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * The rate limiter's counts (every read and write by `_id`; FerretDB v1.24 serves nothing else
 * from an index). One document per minute of expiry and shard (`_id` `<minutes since the epoch>:<shard>`)
 * holds, under `c`, how many attempts each bucket (a key's window) holds, the field named by the bucket's
 * hash. Taking one is a single conditional `$inc` by `_id` (`c.<hash>` below the limit), atomic on MongoDB
 * and on the patched FerretDB (tools/ferretdb/write-lock.patch), so a parallel burst never passes a limit;
 * giving one back is the opposite `$inc`. A minute's documents are deleted by `_id` once it has passed
 * (FerretDB has no TTL indexes).
 */
@Schema({ collection: 'ratelimitcounts', versionKey: false })
export class RateLimitCounts {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: Object }) c?: Record<string, number>;
}
export const RateLimitCountsSchema = SchemaFactory.createForClass(RateLimitCounts);

/**
 * Wrong passwords or codes, kept a day and counted for growing delays: one document per key
 * (`_id` `k:<key>`, the failures' times and the last), and per hour a document naming the keys whose
 * last failure falls due for deletion then (`_id` `h:<hours since the epoch>`), for the sweep to delete by
 * `_id`.
 */
@Schema({ collection: 'authfailures', versionKey: false })
export class AuthFailure {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: [Date], default: undefined }) ats?: Date[];
  @Prop() last?: Date;
  @Prop({ type: [String], default: undefined }) keys?: string[];
}
export const AuthFailureSchema = SchemaFactory.createForClass(AuthFailure);

export type Limit = { key: string; max: number; windowSeconds: number };

/**
 * NIST SP 800-63B throttling of one key (an account or an address): `free` attempts per window, then one
 * attempt per delay period that doubles with every further failure (base, 2·base, 4·base … up to cap).
 */
export type Throttle = {
  key: string;
  free: number;
  windowSeconds: number;
  baseDelaySeconds: number;
  capSeconds: number;
};

const isDuplicate = (e: unknown) => (e as { code?: number })?.code === 11000;

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Documents per minute of expiry, so that none holds every bucket of a busy window. */
const SHARDS = 16;

/** Where a bucket's count lives: its minute-and-shard document and the field in it. */
export type Slot = { _id: string; field: string };
export const slotOf = (bucket: string, expiresAt: Date): Slot => {
  const hash = createHash('sha256').update(bucket).digest();
  const minute = Math.ceil(expiresAt.getTime() / MINUTE);
  return { _id: `${minute}:${hash[0]! % SHARDS}`, field: `c.${hash.subarray(1, 17).toString('base64url')}` };
};
export const failureId = (key: string) => `k:${key}`;
export const dueId = (hour: number) => `h:${hour}`;
/** The sweep list a key joins with a failure at `at`: the first whole hour after it is a day old. */
export const dueAfter = (at: Date) => dueId(Math.floor((at.getTime() + DAY) / HOUR) + 1);

type Failures = { ats?: Date[]; last?: Date } | null;
const countSince = (doc: Failures, since: number) => (doc?.ats ?? []).filter((t) => t.getTime() >= since).length;

@Injectable()
export class RateLimiter {
  constructor(
    @InjectModel(RateLimitCounts.name) private readonly counts: Model<RateLimitCounts>,
    @InjectModel(AuthFailure.name) private readonly failures: Model<AuthFailure>,
  ) {}

  /** The driver's collections: counts live under fields the schema cannot name. */
  private get countsCol() {
    return this.counts.collection as unknown as mongo.Collection<{ _id: string; c?: Record<string, number> }>;
  }
  private get failuresCol() {
    return this.failures.collection as unknown as mongo.Collection<{ _id: string }>;
  }

  /**
   * Takes one of `max` attempts of a bucket: which one (1 … max), or 0 when all are held. One
   * conditional `$inc` by `_id`; a first upsert that meets another's (E11000), or a document where the
   * bucket is full, is settled by the same `$inc` without the upsert.
   */
  async takeOneOf(bucket: string, max: number, expiresAt: Date): Promise<number> {
    const { _id, field } = slotOf(bucket, expiresAt);
    const filter = { _id, [field]: { $not: { $gte: max } } };
    const inc = { $inc: { [field]: 1 } };
    const read = (doc: { c?: Record<string, number> } | null) => (doc ? (doc.c?.[field.slice(2)] ?? 0) : 0);
    try {
      return read(await this.countsCol.findOneAndUpdate(filter, inc, { upsert: true, returnDocument: 'after' }));
    } catch (e) {
      if (!isDuplicate(e)) throw e;
      return read(await this.countsCol.findOneAndUpdate(filter, inc, { returnDocument: 'after' }));
    }
  }

  /** Takes one of `max` attempts of a bucket: its slot, or undefined when all are held. */
  private async take(bucket: string, max: number, expiresAt: Date): Promise<Slot | undefined> {
    const slot = slotOf(bucket, expiresAt);
    const filter = { _id: slot._id, [slot.field]: { $not: { $gte: max } } };
    const inc = { $inc: { [slot.field]: 1 } };
    try {
      const r = await this.countsCol.updateOne(filter, inc, { upsert: true });
      return r.modifiedCount + r.upsertedCount === 1 ? slot : undefined;
    } catch (e) {
      if (!isDuplicate(e)) throw e;
      return (await this.countsCol.updateOne(filter, inc)).modifiedCount === 1 ? slot : undefined;
    }
  }

  /** A slot of the current fixed window, or the seconds until the window ends. */
  private async claimInWindow(
    key: string,
    max: number,
    windowSeconds: number,
    now: number,
  ): Promise<{ slot: Slot } | { wait: number }> {
    const windowMs = windowSeconds * 1000;
    const start = Math.floor(now / windowMs) * windowMs;
    const slot = await this.take(`${key}@${start}`, max, new Date(start + windowMs));
    return slot ? { slot } : { wait: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
  }

  private sweptAt = 0;
  /** The last minute whose count documents this replica deleted, and the last hour of failures swept. */
  private countsSwept?: number;
  private failuresSwept?: number;

  /**
   * Once a minute per replica: the count documents of the minutes passed (at most an hour's at once, so a
   * start catches up on the last day within minutes) and the failures whose last is a day old, all by
   * `_id`. Never awaited by a request.
   */
  private sweep(now: number) {
    if (now - this.sweptAt < MINUTE) return;
    this.sweptAt = now;
    void this.sweepCounts(now).catch(() => undefined);
    void this.sweepFailures(now).catch(() => undefined);
  }

  private async sweepCounts(now: number) {
    const through = Math.floor(now / MINUTE);
    const from = (this.countsSwept ?? through - 24 * 60) + 1;
    const to = Math.min(through, from + 59);
    if (from > to) return;
    this.countsSwept = to;
    const ops = [];
    for (let m = from; m <= to; m++)
      for (let s = 0; s < SHARDS; s++) ops.push({ deleteOne: { filter: { _id: `${m}:${s}` } } });
    await this.counts.bulkWrite(ops, { ordered: false });
  }

  private async sweepFailures(now: number) {
    const through = Math.floor(now / HOUR);
    const from = (this.failuresSwept ?? through - 48) + 1;
    if (from > through) return;
    this.failuresSwept = through;
    for (let h = from; h <= through; h++) {
      const due = await this.failures.findById(dueId(h)).lean();
      if (!due) continue;
      const ops = (due.keys ?? []).map((key) => ({
        deleteOne: { filter: { _id: failureId(key), last: { $lt: new Date(now - DAY) } } },
      }));
      if (ops.length) await this.failures.bulkWrite(ops, { ordered: false });
      await this.failures.deleteOne({ _id: dueId(h) });
    }
  }

  /** Counts one attempt against every fixed-window limit; throws 429 when any is used up. */
  async hit(...limits: Limit[]): Promise<void> {
    const now = Date.now();
    let wait = 0;
    let used: string | undefined;
    for (const l of limits) {
      const claimed = await this.claimInWindow(l.key, l.max, l.windowSeconds, now);
      if ('wait' in claimed && claimed.wait > wait) [wait, used] = [claimed.wait, l.key];
    }
    this.sweep(now);
    if (wait > 0) throw new TooManyRequestsError(wait, undefined, limitName(used!));
  }

  private readFailures(key: string): Promise<Failures> {
    return this.failures.findById(failureId(key), { ats: 1, last: 1 }).lean();
  }

  /** Wrong answers of a key within the last `windowSeconds`. */
  async failureCount(key: string, windowSeconds: number, now = Date.now()): Promise<number> {
    return countSince(await this.readFailures(key), now - windowSeconds * 1000);
  }

  /** Wrong answers of a key within each of the last `windowSeconds`, from one read. */
  async failureCounts(key: string, windowSeconds: number[], now = Date.now()): Promise<number[]> {
    const failures = await this.readFailures(key);
    return windowSeconds.map((w) => countSince(failures, now - w * 1000));
  }

  /** One write (a statement per key, and the hour that sweeps them), whatever the number of keys. */
  async recordFailure(...keys: string[]): Promise<void> {
    const at = new Date();
    const due = dueAfter(at);
    const ops = [
      ...keys.map((key) => ({ filter: { _id: failureId(key) }, update: { $push: { ats: at }, $max: { last: at } } })),
      { filter: { _id: due }, update: { $addToSet: { keys: { $each: keys } } } },
    ];
    try {
      await this.failuresCol.bulkWrite(
        ops.map((o) => ({ updateOne: { ...o, upsert: true } })),
        { ordered: false },
      );
    } catch (e) {
      // Two first upserts of one key at once on FerretDB: the loser's statement is written again, now an update.
      const errors = (e as { writeErrors?: { code: number; index: number }[] }).writeErrors;
      if (!errors?.length || !errors.every((w) => w.code === 11000)) throw e;
      await this.failuresCol.bulkWrite(
        errors.map((w) => ({ updateOne: ops[w.index]! })),
        { ordered: false },
      );
    }
  }

  async clearFailures(key: string): Promise<void> {
    await this.failures.deleteOne({ _id: failureId(key) });
  }

  /**
   * One attempt under a throttle: `go` with a release to call when the attempt succeeded (a success is
   * not a guess, so it gives its slot back), else the seconds to wait. While earlier attempts of a
   * used-up window are still being checked (not yet failures), the answer is a short wait (`checking`),
   * so a parallel burst never gets more than `free` checks.
   */
  async throttle(
    t: Throttle,
    now = Date.now(),
    failedLately?: number,
  ): Promise<{ go: true; release: () => Promise<void>; slot?: Slot } | { go: false; wait: number; checking?: true }> {
    // `failedLately` (the key's failures within the last window, when the caller has read them): at `free`
    // or more, a new fixed window's free tries are not handed out, so the limit slides with the failures'
    // own times instead of starting again at the window's turn.
    if (failedLately === undefined || failedLately < t.free) {
      const claimed = await this.claimInWindow(t.key, t.free, t.windowSeconds, now);
      if ('slot' in claimed) return { go: true, release: () => this.releaseAll([claimed.slot]), slot: claimed.slot };
    }
    const failures = await this.readFailures(t.key);
    const failed = countSince(failures, now - t.windowSeconds * 1000);
    if (failed < t.free) return { go: false, wait: 1, checking: true };
    // Then one try per delay after the last failure, the delay doubling with each failure. The slot
    // is named by that failure, so parallel tries after it race for one check.
    const delayMs = Math.min(t.baseDelaySeconds * 2 ** (failed - t.free), t.capSeconds) * 1000;
    const readyAt = (failures?.last?.getTime() ?? now) + delayMs;
    if (now < readyAt) return { go: false, wait: Math.ceil((readyAt - now) / 1000) };
    if (await this.take(`${t.key}@after:${readyAt}`, 1, new Date(now + t.windowSeconds * 1000)))
      return { go: true, release: () => Promise.resolve() };
    return { go: false, wait: 1 };
  }

  /** Gives slots back (a success is no guess), in one round trip: a conditional `$inc` statement each. */
  async releaseAll(slots: (Slot | undefined)[]): Promise<void> {
    const ops = slots.flatMap((s) =>
      s ? [{ updateOne: { filter: { _id: s._id, [s.field]: { $gt: 0 } }, update: { $inc: { [s.field]: -1 } } } }] : [],
    );
    if (ops.length) await this.countsCol.bulkWrite(ops, { ordered: false });
  }

  /** Gives back every attempt a key holds in the current window. */
  async clearWindow(key: string, windowSeconds: number, now = Date.now()): Promise<void> {
    const windowMs = windowSeconds * 1000;
    const start = Math.floor(now / windowMs) * windowMs;
    const { _id, field } = slotOf(`${key}@${start}`, new Date(start + windowMs));
    await this.countsCol.updateOne({ _id }, { $unset: { [field]: '' } });
  }

  /** Claims the single slot of a key for the window (e.g. one first try per account and address). */
  async once(key: string, windowSeconds: number, now = Date.now()): Promise<boolean> {
    return 'slot' in (await this.claimInWindow(key, 1, windowSeconds, now));
  }
}
