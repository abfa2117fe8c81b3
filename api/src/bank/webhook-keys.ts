// Plaid's webhook verification keys, by kid, as the webhook check asks for them. Anyone can send a webhook
// naming any kid, so a kid is never worth more than a bounded share of Plaid calls:
// - keys Plaid gave are kept in their own small map, least recently used out first: a flood of made-up
//   kids never enters it, so it never evicts the key Plaid signs with;
// - a kid Plaid did not know is remembered as unknown for a while, in a separate bounded map;
// - new kids are asked about at most LOOKUPS_PER_WINDOW times per window; beyond that a new kid is refused
//   unasked (Plaid retries a webhook refused, so a genuine new key is asked about in a later window);
// - one question per kid at a time (concurrent webhooks with the same kid share it).
// Plaid expires a key by answering it with `expired_at` (https://plaid.com/docs/api/webhooks/webhook-verification/),
// so a kept key Plaid has not expired is asked about again: once it is KEY_FRESH_MS old, and at its next use
// after Plaid gave a new key (a new key is how a rotation shows). A key kept with its expired_at is never
// asked about again: the check refuses it from that time on (plaid-webhook.ts).
import type { PlaidWebhookKey } from './plaid-webhook';

export const KNOWN_KEYS_MAX = 16;
export const UNKNOWN_KIDS_MAX = 1000;
export const UNKNOWN_FOR_MS = 5 * 60_000;
export const LOOKUPS_PER_WINDOW = 10;
export const LOOKUP_WINDOW_MS = 60_000;
export const KEY_FRESH_MS = 60 * 60_000;
const RETRY_MS = 60_000;

/**
 * Asks Plaid for a kid's key: undefined when Plaid answered that it does not know it; throws when Plaid
 * could not be asked (an outage, its rate limit), which proves nothing about the key.
 */
export type AskPlaid = (kid: string) => Promise<PlaidWebhookKey | undefined>;

type Kept = { key: PlaidWebhookKey; checkedAt: number };

export class WebhookKeys {
  private readonly known = new Map<string, Kept>();
  private readonly unknown = new Map<string, number>();
  private readonly asking = new Map<string, Promise<PlaidWebhookKey | undefined>>();
  private window = { start: 0, lookups: 0 };

  constructor(
    private readonly ask: AskPlaid,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key of a kid, or undefined when Plaid did not know it, or new kids have had their share. */
  async keyOf(kid: string): Promise<PlaidWebhookKey | undefined> {
    const kept = this.known.get(kid);
    if (kept) {
      // Most recently used last: the eviction below takes the first.
      this.known.delete(kid);
      this.known.set(kid, kept);
      if (!this.due(kept)) return kept.key;
      return this.once(kid, () => this.refresh(kid, kept));
    }
    const until = this.unknown.get(kid);
    if (until !== undefined && until > this.now()) return undefined;
    this.unknown.delete(kid);
    if (this.asking.has(kid)) return this.asking.get(kid);
    if (!this.mayAsk()) return undefined;
    return this.once(kid, () => this.lookUp(kid));
  }

  /** A kept key Plaid has not expired, checked long enough ago (or before a newer key came): ask again. */
  private due(kept: Kept): boolean {
    return typeof kept.key.expired_at !== 'number' && this.now() - kept.checkedAt >= KEY_FRESH_MS;
  }

  private once(kid: string, question: () => Promise<PlaidWebhookKey | undefined>) {
    const pending = this.asking.get(kid);
    if (pending) return pending;
    const asked = question().finally(() => this.asking.delete(kid));
    this.asking.set(kid, asked);
    return asked;
  }

  private mayAsk(): boolean {
    const now = this.now();
    if (now - this.window.start >= LOOKUP_WINDOW_MS) this.window = { start: now, lookups: 0 };
    if (this.window.lookups >= LOOKUPS_PER_WINDOW) return false;
    this.window.lookups++;
    return true;
  }

  private async lookUp(kid: string): Promise<PlaidWebhookKey | undefined> {
    let key: PlaidWebhookKey | undefined;
    try {
      key = await this.ask(kid);
    } catch {
      return undefined; // not asked: nothing learnt, the kid is asked about again at its next webhook
    }
    if (!key) {
      this.unknown.set(kid, this.now() + UNKNOWN_FOR_MS);
      if (this.unknown.size > UNKNOWN_KIDS_MAX) this.unknown.delete(this.unknown.keys().next().value!);
      return undefined;
    }
    // A new key from Plaid: the keys kept may have been expired by the same rotation.
    for (const other of this.known.values()) other.checkedAt = -Infinity;
    this.keep(kid, key);
    return key;
  }

  private async refresh(kid: string, kept: Kept): Promise<PlaidWebhookKey | undefined> {
    let key: PlaidWebhookKey | undefined;
    try {
      key = await this.ask(kid);
    } catch {
      // Plaid could not be asked: the key stays as Plaid last gave it, asked about again a minute on (so
      // that webhooks naming it, forged ones too, cost no Plaid call each during an outage).
      kept.checkedAt = this.now() - KEY_FRESH_MS + RETRY_MS;
      return kept.key;
    }
    if (!key) {
      this.known.delete(kid);
      return undefined;
    }
    this.keep(kid, key);
    return key;
  }

  private keep(kid: string, key: PlaidWebhookKey) {
    this.known.delete(kid);
    this.known.set(kid, { key, checkedAt: this.now() });
    if (this.known.size > KNOWN_KEYS_MAX) this.known.delete(this.known.keys().next().value!);
  }
}
