import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
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
 * One claimed attempt. Its _id names the slot (key, window, number), so claiming is a plain insert that
 * the unique _id makes atomic: on FerretDB, `$inc` upserts lost increments and raced to E11000, while
 * an insert either wins its slot or fails with E11000 on both engines. FerretDB has no TTL indexes, so
 * expired rows are swept by the code now and then.
 */
@Schema({ collection: 'ratelimits', versionKey: false })
export class RateLimitSlot {
  @Prop({ type: String, required: true }) _id: string;
  /** The window (or delay period) the slot belongs to, for counting the slots taken. */
  @Prop({ required: true, index: true }) bucket: string;
  @Prop({ required: true, index: true }) expiresAt: Date;
}
export const RateLimitSlotSchema = SchemaFactory.createForClass(RateLimitSlot);

/** A wrong password or code, kept for the window, counted for growing delays. */
@Schema({ collection: 'authfailures', versionKey: false })
export class AuthFailure {
  @Prop({ required: true }) key: string;
  @Prop({ required: true }) at: Date;
}
export const AuthFailureSchema = SchemaFactory.createForClass(AuthFailure);
AuthFailureSchema.index({ key: 1, at: 1 });

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

@Injectable()
export class RateLimiter {
  constructor(
    @InjectModel(RateLimitSlot.name) private readonly slots: Model<RateLimitSlot>,
    @InjectModel(AuthFailure.name) private readonly failures: Model<AuthFailure>,
  ) {}

  /** Claims slot `n` of a bucket; false when another request holds it. */
  private async claim(bucket: string, n: number | string, expiresAt: Date): Promise<boolean> {
    try {
      await this.slots.create({ _id: `${bucket}#${n}`, bucket, expiresAt });
      return true;
    } catch (e) {
      if (isDuplicate(e)) return false;
      throw e;
    }
  }

  /**
   * Claims one of `max` numbered slots of a bucket: its number, or 0 when all are held. It tries the
   * number after the last this replica took (one insert, the usual case), else reads the numbers taken
   * (at most `max`) and inserts a free one;
   * a parallel burst races for the free numbers and at most `max` requests can ever win, whatever the
   * engine's read isolation. A released slot leaves a hole that the next claim fills.
   */
  async takeOneOf(bucket: string, max: number, expiresAt: Date): Promise<number> {
    // First the number after the last this replica took in the bucket (1 in a new window): one insert,
    // no read, in the usual case. It is still a unique insert of a number ≤ max, so it cannot let more
    // than `max` through; taken (by another replica or request), the read below finds a free one.
    const next = (this.lastTaken(bucket) ?? 0) + 1;
    if (next <= max && (await this.claim(bucket, next, expiresAt))) return this.took(bucket, next, expiresAt);
    const taken = new Set((await this.slots.find({ bucket }, { _id: 1 }).lean()).map((s) => s._id));
    for (let n = 1; n <= max; n++) {
      if (!taken.has(`${bucket}#${n}`) && (await this.claim(bucket, n, expiresAt)))
        return this.took(bucket, n, expiresAt);
    }
    return 0;
  }

  /** The highest slot number this replica took in a bucket, while the bucket lasts. */
  private readonly taken = new Map<string, { n: number; until: number }>();

  private lastTaken(bucket: string): number | undefined {
    const t = this.taken.get(bucket);
    return t && t.until > Date.now() ? t.n : undefined;
  }

  private took(bucket: string, n: number, expiresAt: Date): number {
    if (this.taken.size >= 10_000) {
      const now = Date.now();
      for (const [b, t] of this.taken) if (t.until <= now) this.taken.delete(b);
      if (this.taken.size >= 10_000) this.taken.clear();
    }
    this.taken.set(bucket, { n: Math.max(n, this.lastTaken(bucket) ?? 0), until: expiresAt.getTime() });
    return n;
  }

  /** A slot of the current fixed window: its id, or the seconds until the window ends. */
  private async claimInWindow(
    key: string,
    max: number,
    windowSeconds: number,
    now: number,
  ): Promise<{ slot: string } | { wait: number }> {
    const windowMs = windowSeconds * 1000;
    const start = Math.floor(now / windowMs) * windowMs;
    const bucket = `${key}@${start}`;
    const n = await this.takeOneOf(bucket, max, new Date(start + windowMs));
    return n > 0 ? { slot: `${bucket}#${n}` } : { wait: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
  }

  private sweep(now: number) {
    if (Math.random() < 0.02) {
      void this.slots.deleteMany({ expiresAt: { $lt: new Date(now) } }).exec();
      void this.failures.deleteMany({ at: { $lt: new Date(now - 24 * 3600 * 1000) } }).exec();
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

  /** Wrong answers of a key within the last `windowSeconds`. */
  failureCount(key: string, windowSeconds: number, now = Date.now()): Promise<number> {
    return this.failures.countDocuments({ key, at: { $gte: new Date(now - windowSeconds * 1000) } });
  }

  async recordFailure(...keys: string[]): Promise<void> {
    const at = new Date();
    await this.failures.insertMany(keys.map((key) => ({ key, at })));
  }

  async clearFailures(key: string): Promise<void> {
    await this.failures.deleteMany({ key });
  }

  /**
   * One attempt under a throttle: `go` with a release to call when the attempt succeeded (a success is
   * not a guess, so it gives its slot back), else the seconds to wait. While earlier attempts of a
   * used-up window are still being checked (not yet failures), the answer is a short wait, so a parallel
   * burst never gets more than `free` checks.
   */
  async throttle(
    t: Throttle,
    now = Date.now(),
  ): Promise<{ go: true; release: () => Promise<void> } | { go: false; wait: number }> {
    const claimed = await this.claimInWindow(t.key, t.free, t.windowSeconds, now);
    if ('slot' in claimed) return { go: true, release: () => this.release(claimed.slot) };
    const failed = await this.failureCount(t.key, t.windowSeconds, now);
    if (failed < t.free) return { go: false, wait: 1 };
    // Then one try per delay after the last failure, the delay doubling with each failure. The slot
    // is named by that failure, so parallel tries after it race for one check.
    const last = await this.failures.findOne({ key: t.key }, { at: 1 }).sort({ at: -1 }).lean();
    const delayMs = Math.min(t.baseDelaySeconds * 2 ** (failed - t.free), t.capSeconds) * 1000;
    const readyAt = (last?.at.getTime() ?? now) + delayMs;
    if (now < readyAt) return { go: false, wait: Math.ceil((readyAt - now) / 1000) };
    if (await this.claim(`${t.key}@after`, readyAt, new Date(now + t.windowSeconds * 1000)))
      return { go: true, release: () => Promise.resolve() };
    return { go: false, wait: 1 };
  }

  private async release(slot: string): Promise<void> {
    await this.slots.deleteOne({ _id: slot });
  }

  /** Claims the single slot of a key for the window (e.g. one first try per account and address). */
  async once(key: string, windowSeconds: number, now = Date.now()): Promise<boolean> {
    return 'slot' in (await this.claimInWindow(key, 1, windowSeconds, now));
  }
}
