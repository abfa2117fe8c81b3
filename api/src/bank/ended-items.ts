import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { APPLICATION_ENDS } from '@portal/workflows';
import { Application } from '../applications/application.schema';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { BankLink } from './bank-link.schema';
import { PlaidClient } from './plaid-client';
import { StatementFetch } from './statement-fetch';

const BATCH = 500;

/**
 * No Plaid item outlives its application. An item is removed when its statements are all in, on a
 * disconnect, or when a bank call finds the application submitted; an application that ends with no later
 * bank call (withdrawn by an operator, abandoned by the stall clock, submitted and never opened again)
 * would keep its item, billed by Plaid and sending webhooks, for ever. So each api replica sweeps on a
 * schedule: every item not yet removed whose application's record says it ended is removed at Plaid. The
 * records are the queue (an item Plaid fails to remove now is tried at the next sweep), and a removal is
 * idempotent (the second replica's call finds ITEM_NOT_FOUND, which counts as removed).
 */
@Injectable()
export class EndedItems implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(EndedItems.name);
  private sweeper?: NodeJS.Timeout;
  private sweeping?: Promise<number>;

  constructor(
    @InjectModel(BankLink.name) private readonly links: Model<BankLink>,
    @InjectModel(Application.name) private readonly applications: Model<Application>,
    private readonly plaid: PlaidClient,
    private readonly statements: StatementFetch,
    @Inject(SETTINGS) private readonly settings: ApiSettings,
  ) {}

  onModuleInit() {
    if (!this.plaid.api) return;
    // Spread over the interval's first tenth: replicas started together do not sweep together.
    const every = this.settings.PLAID_ITEM_SWEEP_INTERVAL;
    this.sweeper = setInterval(() => void this.sweep(), every + Math.floor(Math.random() * (every / 10)));
    this.sweeper.unref();
  }

  async onModuleDestroy() {
    clearInterval(this.sweeper);
    await this.sweeping;
  }

  /** Removes the items of ended applications; how many were removed. One sweep at a time per replica. */
  sweep(): Promise<number> {
    this.sweeping ??= this.sweepAll().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async sweepAll(): Promise<number> {
    let removed = 0;
    let after: Types.ObjectId | undefined;
    try {
      for (;;) {
        const live = await this.links
          .find({ removedAt: { $exists: false }, ...(after ? { _id: { $gt: after } } : {}) }, { applicationId: 1 })
          .sort({ _id: 1 })
          .limit(BATCH)
          .lean();
        if (!live.length) break;
        after = live.at(-1)!._id;
        const ended = await this.applications
          .find(
            {
              _id: { $in: live.map((l) => l.applicationId) },
              $or: [
                { applicationStatus: { $in: APPLICATION_ENDS } },
                { sfOpportunityId: { $exists: true, $ne: null } },
              ],
            },
            { _id: 1 },
          )
          .lean();
        for (const app of ended) removed += await this.removeOf(app._id);
        if (live.length < BATCH) break;
      }
    } catch (e) {
      this.logger.warn({ msg: 'ended applications’ items not swept', error: (e as Error).message });
    }
    if (removed) this.logger.log({ msg: 'plaid items of ended applications removed', count: removed });
    return removed;
  }

  private async removeOf(applicationId: Types.ObjectId): Promise<number> {
    const link = await this.links.findById(applicationId);
    if (!link || link.removedAt) return 0;
    await this.statements.removeItem(link);
    return link.removedAt ? 1 : 0;
  }
}
