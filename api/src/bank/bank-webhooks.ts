import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { RateLimiter } from '../common/rate-limit';
import { BankLink } from './bank-link.schema';
import { BankService } from './bank.service';
import { PlaidClient, plaidCode } from './plaid-client';
import { plaidOutcome } from './plaid-outcome';
import { plaidWebhookRefusal, type PlaidWebhookKey, type WebhookRefusal } from './plaid-webhook';
import { WebhookKeys } from './webhook-keys';

type PlaidEvent = { itemId: string; type: string; code: string; errorCode: unknown; failed: boolean };

/** What a Plaid webhook's body says, when it names an item, a type and a code (each a short text). */
function eventOf(body: unknown): PlaidEvent | undefined {
  const event = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.length <= 200 ? v : undefined);
  const itemId = text(event.item_id);
  const type = text(event.webhook_type);
  const code = text(event.webhook_code);
  const error = event.error && typeof event.error === 'object' ? (event.error as Record<string, unknown>) : {};
  if (!itemId || !type || !code) return undefined;
  return { itemId, type, code, errorCode: error.error_code, failed: event.result === 'FAILURE' };
}

/** Webhooks Plaid signed about one item that are acted on in an hour. */
export const WEBHOOKS_PER_ITEM_HOUR = 60;

/** ITEM events that need the applicant at their bank again. */
const needsLogin = (e: PlaidEvent) =>
  e.type === 'ITEM' &&
  ((e.code === 'ERROR' && e.errorCode === 'ITEM_LOGIN_REQUIRED') ||
    e.code === 'PENDING_EXPIRATION' ||
    e.code === 'PENDING_DISCONNECT');

/** Plaid's webhooks about the items the applicants connected. */
@Injectable()
export class BankWebhooks {
  private readonly logger = new Logger(BankWebhooks.name);
  /** Plaid's webhook verification keys by kid: bounded, and a made-up kid costs a bounded share of Plaid calls. */
  private readonly keys = new WebhookKeys((kid) => this.askPlaid(kid));

  constructor(
    @InjectModel(BankLink.name) private readonly links: Model<BankLink>,
    private readonly plaid: PlaidClient,
    private readonly bank: BankService,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * A Plaid webhook (POST /webhooks/plaid): refused (401) unless its Plaid-Verification JWT proves it; then
   * ITEM errors that need the applicant's login mark the link for a reconnect, LOGIN_REPAIRED clears it,
   * and statements ready start the fetch (in the background: Plaid wants its answer at once).
   */
  async receive(rawBody: Buffer, verification: string | undefined, body: unknown): Promise<WebhookRefusal | undefined> {
    if (!this.plaid.api) return 'unknownKey';
    const refusal = await plaidWebhookRefusal(rawBody, verification, (kid) => this.keys.keyOf(kid));
    if (refusal) {
      this.logger.warn({ msg: 'plaid webhook refused', reason: refusal });
      return refusal;
    }
    const event = eventOf(body);
    const link = event && (await this.links.findOne({ itemId: event.itemId }));
    // A removed item's events change nothing: its statements are in, or its application ended.
    if (!event || !link || link.removedAt) return undefined;
    // Plaid sends an item a few webhooks a day; a signed one replayed (its JWT holds 5 minutes) acts at most
    // this often. Past it, 429: Plaid retries a webhook it could not deliver.
    await this.limiter.hit({
      key: `plaid-webhook:item:${event.itemId}`,
      max: WEBHOOKS_PER_ITEM_HOUR,
      windowSeconds: 3600,
    });
    if (needsLogin(event))
      await link.updateOne({
        $set: { needsReconnect: true, ...(event.code === 'PENDING_DISCONNECT' ? { pendingDisconnect: true } : {}) },
      });
    else if (event.type === 'ITEM' && event.code === 'LOGIN_REPAIRED')
      await link.updateOne({ $unset: { needsReconnect: 1 } });
    else if (
      event.type === 'STATEMENTS' &&
      event.code === 'STATEMENTS_REFRESH_COMPLETE' &&
      !event.failed &&
      link.userId
    )
      void this.bank
        .fetchStatements(String(link.applicationId), String(link.userId))
        .catch((e: Error) => this.logger.warn({ msg: 'statements not fetched on the webhook', error: e.message }));
    return undefined;
  }

  /** A kid's key from Plaid; undefined when Plaid says it knows none; throws when Plaid could not say. */
  private async askPlaid(kid: string): Promise<PlaidWebhookKey | undefined> {
    try {
      return (await this.plaid.client().webhookVerificationKeyGet({ key_id: kid })).data
        .key as unknown as PlaidWebhookKey;
    } catch (e) {
      this.logger.warn({ msg: 'plaid webhook key not read', code: plaidCode(e) });
      if (plaidOutcome(e).kind === 'unavailable') throw e;
      return undefined;
    }
  }
}
