import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ACCOUNT_MESSAGES } from '@portal/libs';

/** 429 with the seconds to wait; the exception filter turns retryAfter into a Retry-After header. */
export class TooManyRequestsError extends HttpException {
  constructor(
    readonly retryAfter: number,
    message: string = ACCOUNT_MESSAGES.tooManyAttempts(retryAfter),
  ) {
    super({ message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

@Schema({ collection: 'ratelimits' })
export class RateLimitBucket {
  @Prop({ required: true, unique: true }) key: string;
  @Prop({ default: 0 }) count: number;
  @Prop({ required: true }) expiresAt: Date;
}
export const RateLimitBucketSchema = SchemaFactory.createForClass(RateLimitBucket);

export type Limit = { key: string; max: number; windowSeconds: number };

/**
 * Fixed-window counters in MongoDB, so every api replica shares them. FerretDB has no TTL indexes:
 * expired buckets are swept now and then by the code instead.
 */
@Injectable()
export class RateLimiter {
  constructor(@InjectModel(RateLimitBucket.name) private readonly buckets: Model<RateLimitBucket>) {}

  /** Counts one attempt against every limit; throws 429 when any is exceeded. */
  async hit(...limits: Limit[]): Promise<void> {
    const now = Date.now();
    let wait = 0;
    for (const l of limits) {
      const windowMs = l.windowSeconds * 1000;
      const start = Math.floor(now / windowMs) * windowMs;
      const bucket = await this.buckets
        .findOneAndUpdate(
          { key: `${l.key}@${start}` },
          { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(start + windowMs) } },
          { upsert: true, new: true },
        )
        .orFail();
      if (bucket.count > l.max) wait = Math.max(wait, Math.ceil((start + windowMs - now) / 1000));
    }
    if (Math.random() < 0.02) void this.buckets.deleteMany({ expiresAt: { $lt: new Date(now) } }).exec();
    if (wait > 0) throw new TooManyRequestsError(wait);
  }
}
