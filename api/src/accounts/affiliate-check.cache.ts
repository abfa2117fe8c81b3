import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { AffiliateCheck } from '@portal/workflows';
import { RateLimiter } from '../common/rate-limit';

/** What the CRM answered about one id (found or not), shared by every api replica. */
@Schema({ collection: 'affiliatechecks', versionKey: false })
export class AffiliateCheckRecord {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) accepted: boolean;
  @Prop() recordTypeId?: string;
  @Prop() status?: string;
  @Prop({ required: true }) checkedAt: Date;
}
export const AffiliateCheckRecordSchema = SchemaFactory.createForClass(AffiliateCheckRecord);

/** An answer is reused for 10 minutes: an affiliate's status changes rarely, and a link is followed often. */
const FRESH_MS = 10 * 60 * 1000;
/**
 * The CRM checks the anonymous endpoint may make, across all addresses and replicas: a spread of addresses
 * asking for made-up ids spends at most this much of the org's daily API allowance.
 */
export const UPSTREAM_PER_MINUTE = 10;
export const UPSTREAM_PER_DAY = 500;

/**
 * The anonymous affiliate check costs nothing upstream for an id asked before (answers, including
 * "not found", are cached), one CRM query for parallel first asks of an id on a replica, and never more
 * than the budget above in all: past it, ids not cached answer 429 for everyone until the window turns.
 */
@Injectable()
export class AffiliateCheckCache {
  private readonly inFlight = new Map<string, Promise<AffiliateCheck>>();

  constructor(
    @InjectModel(AffiliateCheckRecord.name) private readonly checks: Model<AffiliateCheckRecord>,
    private readonly limiter: RateLimiter,
  ) {}

  async check(affiliateId: string, ask: () => Promise<AffiliateCheck>): Promise<AffiliateCheck> {
    const cached = await this.checks.findById(affiliateId).lean();
    if (cached && Date.now() - cached.checkedAt.getTime() < FRESH_MS)
      return { accepted: cached.accepted, recordTypeId: cached.recordTypeId, status: cached.status };
    const running = this.inFlight.get(affiliateId);
    if (running) return running;
    const asking = this.askOnce(affiliateId, ask).finally(() => this.inFlight.delete(affiliateId));
    this.inFlight.set(affiliateId, asking);
    return asking;
  }

  private async askOnce(affiliateId: string, ask: () => Promise<AffiliateCheck>): Promise<AffiliateCheck> {
    await this.limiter.hit(
      { key: 'affiliate-status:upstream', max: UPSTREAM_PER_MINUTE, windowSeconds: 60 },
      { key: 'affiliate-status:upstream-day', max: UPSTREAM_PER_DAY, windowSeconds: 24 * 3600 },
    );
    const answer = await ask();
    await this.checks.updateOne(
      { _id: affiliateId },
      {
        $set: {
          accepted: answer.accepted,
          recordTypeId: answer.recordTypeId,
          status: answer.status,
          checkedAt: new Date(),
        },
      },
      { upsert: true },
    );
    return answer;
  }
}
