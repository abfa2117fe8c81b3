import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { BankLink } from './bank-link.schema';
import { BankService } from './bank.service';
import { PlaidClient, plaidCode } from './plaid-client';
import { plaidWebhookRefusal, type PlaidWebhookKey, type WebhookRefusal } from './plaid-webhook';

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
  /** Plaid's webhook verification keys by kid (a kid Plaid did not know: undefined, asked again after 5 minutes). */
  private readonly keys = new Map<string, { key?: PlaidWebhookKey; until: number }>();

  constructor(
    @InjectModel(BankLink.name) private readonly links: Model<BankLink>,
    private readonly plaid: PlaidClient,
    private readonly bank: BankService,
  ) {}

  /**
   * A Plaid webhook (POST /webhooks/plaid): refused (401) unless its Plaid-Verification JWT proves it; then
   * ITEM errors that need the applicant's login mark the link for a reconnect, LOGIN_REPAIRED clears it,
   * and statements ready start the fetch (in the background: Plaid wants its answer at once).
   */
  async receive(rawBody: Buffer, verification: string | undefined, body: unknown): Promise<WebhookRefusal | undefined> {
    if (!this.plaid.api) return 'unknownKey';
    const refusal = await plaidWebhookRefusal(rawBody, verification, (kid) => this.key(kid));
    if (refusal) {
      this.logger.warn({ msg: 'plaid webhook refused', reason: refusal });
      return refusal;
    }
    const event = eventOf(body);
    const link = event && (await this.links.findOne({ itemId: event.itemId }));
    if (!event || !link) return undefined;
    if (needsLogin(event)) await link.updateOne({ $set: { needsReconnect: true } });
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

  private async key(kid: string): Promise<PlaidWebhookKey | undefined> {
    const known = this.keys.get(kid);
    if (known && (known.key || known.until > Date.now())) return known.key;
    let key: PlaidWebhookKey | undefined;
    try {
      key = (await this.plaid.client().webhookVerificationKeyGet({ key_id: kid })).data
        .key as unknown as PlaidWebhookKey;
    } catch (e) {
      this.logger.warn({ msg: 'plaid webhook key not found', code: plaidCode(e) });
    }
    // A kid Plaid did not know is not asked about again for 5 minutes; the map stays small.
    if (this.keys.size > 100) this.keys.clear();
    this.keys.set(kid, { key, until: Date.now() + 5 * 60_000 });
    return key;
  }
}
