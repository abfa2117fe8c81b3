// Plaid's webhook verification keys, by kid, as the webhook check asks for them. Anyone can send a webhook
// naming any kid, so a kid is never worth more than a bounded share of Plaid calls:
// - keys Plaid gave are kept in their own small map, least recently used out first: a flood of made-up
//   kids never enters it, so it never evicts the key Plaid signs with;
// - a kid Plaid did not know is remembered as unknown for a while, in a separate bounded map;
// - new kids are asked about at most LOOKUPS_PER_WINDOW times per window; beyond that a new kid is refused
//   unasked (Plaid retries a webhook refused, so a genuine new key is asked about in a later window);
// - one question per kid at a time (concurrent webhooks with the same kid share it).
import type { PlaidWebhookKey } from './plaid-webhook';

export const KNOWN_KEYS_MAX = 16;
export const UNKNOWN_KIDS_MAX = 1000;
export const UNKNOWN_FOR_MS = 5 * 60_000;
export const LOOKUPS_PER_WINDOW = 10;
export const LOOKUP_WINDOW_MS = 60_000;

/** Asks Plaid for a kid's key: undefined when Plaid does not know it (or could not be asked). */
export type AskPlaid = (kid: string) => Promise<PlaidWebhookKey | undefined>;

export class WebhookKeys {
  private readonly known = new Map<string, PlaidWebhookKey>();
  private readonly unknown = new Map<string, number>();
  private readonly asking = new Map<string, Promise<PlaidWebhookKey | undefined>>();
  private window = { start: 0, lookups: 0 };

  constructor(
    private readonly ask: AskPlaid,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key of a kid, or undefined when Plaid did not know it, or new kids have had their share. */
  async keyOf(kid: string): Promise<PlaidWebhookKey | undefined> {
    const key = this.known.get(kid);
    if (key) {
      // Most recently used last: the eviction below takes the first.
      this.known.delete(kid);
      this.known.set(kid, key);
      return key;
    }
    const until = this.unknown.get(kid);
    if (until !== undefined && until > this.now()) return undefined;
    this.unknown.delete(kid);
    const pending = this.asking.get(kid);
    if (pending) return pending;
    if (!this.mayAsk()) return undefined;
    const asked = this.lookUp(kid).finally(() => this.asking.delete(kid));
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
    const key = await this.ask(kid);
    if (key) {
      this.known.set(kid, key);
      if (this.known.size > KNOWN_KEYS_MAX) this.known.delete(this.known.keys().next().value!);
    } else {
      this.unknown.set(kid, this.now() + UNKNOWN_FOR_MS);
      if (this.unknown.size > UNKNOWN_KIDS_MAX) this.unknown.delete(this.unknown.keys().next().value!);
    }
    return key;
  }
}
