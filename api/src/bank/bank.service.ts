import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { CountryCode, Products } from 'plaid';
import { BANK_CODES } from '@portal/libs';
import { ApplicationsService } from '../applications/applications.service';
import { PiiCipher } from '../common/pii';
import { BankLink } from './bank-link.schema';
import { LinkTokens } from './link-tokens';
import { PlaidClient, plaidCode, type BankFetch } from './plaid-client';
import { StatementFetch } from './statement-fetch';

export type { BankFetch } from './plaid-client';

/**
 * The applicant's bank through Plaid: connecting it (a Link token, then the public token exchanged for the
 * item's access token, kept sealed), fetching its statements into the slots (StatementFetch), and
 * disconnecting it. A public token is exchanged only for the user and application whose Link token gave
 * it (LinkTokens).
 */
@Injectable()
export class BankService {
  private readonly logger = new Logger(BankService.name);
  /** One fetch per application and user at a time (two tabs pressing at once fill each month once). */
  private readonly fetching = new Map<string, Promise<BankFetch>>();

  constructor(
    @InjectModel(BankLink.name) private readonly links: Model<BankLink>,
    private readonly plaid: PlaidClient,
    private readonly applications: ApplicationsService,
    private readonly statements: StatementFetch,
    private readonly pii: PiiCipher,
    private readonly linkTokens: LinkTokens,
  ) {}

  async status(applicationId: string, userId: string) {
    const app = await this.applications.owned(applicationId, userId);
    const link = await this.links.findOne({ applicationId: app._id });
    return {
      available: !!this.plaid.api,
      connected: !!link,
      institution: link?.institution,
      ...(link?.needsReconnect ? { reconnect: true } : {}),
    };
  }

  async linkToken(applicationId: string, userId: string): Promise<{ linkToken: string }> {
    // The owner check kept in memory (recording the token reads and writes a document of its own).
    const id = new Types.ObjectId(await this.applications.checkOwner(applicationId, userId));
    const plaid = this.plaid.client();
    let made: { link_token: string; expiration: string };
    try {
      const r = await plaid.linkTokenCreate({
        user: { client_user_id: userId },
        client_name: 'Fundwise',
        language: 'en',
        country_codes: [CountryCode.Us, CountryCode.Ca],
        products: [Products.Statements, Products.Transactions],
        ...(this.plaid.webhookUrl ? { webhook: this.plaid.webhookUrl } : {}),
        statements: { start_date: monthStart(-14), end_date: monthStart(0) },
      });
      made = r.data;
    } catch (e) {
      this.plaid.failed(e);
    }
    await this.linkTokens.record(id, userId, made.link_token, made.expiration);
    return { linkToken: made.link_token };
  }

  async exchange(applicationId: string, userId: string, publicToken: string) {
    const app = await this.applications.owned(applicationId, userId);
    const plaid = this.plaid.client();
    // Before the exchange: a public token some other applicant's Link gave stays theirs to exchange.
    await this.linkTokens.checkGiven(plaid, app._id, userId, publicToken);
    let token: string, itemId: string;
    try {
      const r = await plaid.itemPublicTokenExchange({ public_token: publicToken });
      token = r.data.access_token;
      itemId = r.data.item_id;
    } catch (e) {
      this.plaid.failed(e);
    }
    let institution: string | undefined;
    try {
      institution = (await plaid.itemGet({ access_token: token })).data.item.institution_name ?? undefined;
    } catch {
      institution = undefined;
    }
    const earlier = await this.links.findOneAndUpdate(
      { applicationId: app._id },
      {
        $set: { itemId, accessTokenSealed: this.pii.encrypt(token), institution, userId: new Types.ObjectId(userId) },
        $unset: { needsReconnect: 1 },
      },
      { upsert: true },
    );
    // A reconnect replaces the item: the old one is removed at Plaid too.
    if (earlier && earlier.itemId !== itemId)
      await plaid.itemRemove({ access_token: this.pii.decrypt(earlier.accessTokenSealed) }).catch(() => undefined);
    return { connected: true, institution };
  }

  async fetchStatements(applicationId: string, userId: string): Promise<BankFetch> {
    // Keyed by the user too: another user's call joining the owner's run would be handed its answer
    // (the months filled) without the ownership check; alone, it runs and is refused (404).
    const key = `${applicationId}:${userId}`;
    const running = this.fetching.get(key);
    if (running) {
      // A run started before a disconnect (a webhook's) is not joined once the link is gone.
      const app = await this.applications.owned(applicationId, userId);
      if (!(await this.links.exists({ applicationId: app._id }))) throw new NotFoundException(BANK_CODES.notConnected);
      return running;
    }
    const run = this.statements.fetch(applicationId, userId).finally(() => this.fetching.delete(key));
    this.fetching.set(key, run);
    return run;
  }

  /** Removes the item at Plaid and deletes the token; the statements already fetched stay. */
  async disconnect(applicationId: string, userId: string) {
    const app = await this.applications.owned(applicationId, userId);
    const link = await this.links.findOne({ applicationId: app._id });
    if (!link) return { connected: false };
    if (this.plaid.api)
      await this.plaid.api
        .itemRemove({ access_token: this.pii.decrypt(link.accessTokenSealed) })
        .catch((e: Error) => this.logger.warn({ msg: 'plaid item not removed', code: plaidCode(e), error: e.message }));
    await link.deleteOne();
    return { connected: false };
  }
}

/** The first day of the month `offset` months from now, as YYYY-MM-DD. */
function monthStart(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
}
