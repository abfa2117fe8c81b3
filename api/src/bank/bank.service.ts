import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { BANK_CODES } from '@portal/libs';
import { APPLICATION_NOT_FOUND, ApplicationsService } from '../applications/applications.service';
import { BusinessesService } from '../businesses/businesses.service';
import { PiiCipher } from '../common/pii';
import { User } from '../users/user.schema';
import { BankLink } from './bank-link.schema';
import { linkRequest, refreshWindow, statementsOffered } from './link-request';
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
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly plaid: PlaidClient,
    private readonly applications: ApplicationsService,
    private readonly businesses: BusinessesService,
    private readonly statements: StatementFetch,
    private readonly pii: PiiCipher,
    private readonly linkTokens: LinkTokens,
  ) {}

  async status(applicationId: string, userId: string) {
    // The two fields it needs, through the driver, not the whole record made a Mongoose document.
    const app = await this.applications.ownedBy(applicationId, userId, { sfOpportunityId: 1 });
    if (!app) throw new NotFoundException(APPLICATION_NOT_FOUND);
    // By `_id` (a link's `_id` is its application's): FerretDB reads any other filter by scanning banklinks.
    const link = await this.links.findById(app._id);
    // An ended application needs its bank no more: the item is removed (no more Plaid billing).
    if (link && app.sfOpportunityId) await this.statements.removeItem(link);
    const offered = statementsOffered((await this.businesses.viewFor(app._id))?.addressData?.country);
    return {
      available: !!this.plaid.api,
      ...(offered ? {} : { notOffered: 'country' as const }),
      connected: !!link,
      institution: link?.institution,
      ...(link?.needsReconnect && !link.removedAt ? { reconnect: true } : {}),
    };
  }

  /**
   * A Link token: Statements for a US business (link-request.ts); Link in update mode for a connected
   * item that still is (working, or needing its login again), unless Plaid said it is going away.
   */
  async linkToken(applicationId: string, userId: string): Promise<{ linkToken: string }> {
    const app = await this.applications.owned(applicationId, userId);
    const plaid = this.plaid.client();
    if (!statementsOffered((await this.businesses.viewFor(app._id))?.addressData?.country))
      throw new ConflictException(BANK_CODES.notOfferedInCountry);
    const link = await this.links.findById(app._id);
    const update = link && !link.removedAt && !link.pendingDisconnect;
    const user = await this.users.findById(userId, { language: 1 }).lean();
    let made: { link_token: string; expiration: string };
    try {
      const r = await plaid.linkTokenCreate(
        linkRequest({
          userId,
          language: user?.language,
          webhook: this.plaid.webhookUrl,
          redirectUri: this.plaid.redirectUri,
          accessToken: update ? this.pii.decrypt(link.accessTokenSealed) : undefined,
          chooseAccounts: !!(update && link.noAccounts),
        }),
      );
      made = r.data;
    } catch (e) {
      this.plaid.failed(e);
    }
    await this.linkTokens.record(app._id, userId, made.link_token, made.expiration);
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
    const known = await this.links.findById(app._id, { itemId: 1, removedAt: 1 });
    const newItem = !known || known.itemId !== itemId || !!known.removedAt;
    const earlier = await this.links.findOneAndUpdate(
      { _id: app._id },
      {
        $set: {
          applicationId: app._id,
          itemId,
          accessTokenSealed: this.pii.encrypt(token),
          institution,
          userId: new Types.ObjectId(userId),
          ...(newItem ? { linkedAt: new Date() } : {}),
        },
        $unset: { needsReconnect: 1, pendingDisconnect: 1, removedAt: 1, noAccounts: 1 },
      },
      { upsert: true },
    );
    // A reconnect replaces the item: the old one is removed at Plaid too.
    if (earlier && earlier.itemId !== itemId && !earlier.removedAt)
      await plaid.itemRemove({ access_token: this.pii.decrypt(earlier.accessTokenSealed) }).catch(() => undefined);
    if (newItem) await this.askRefresh(token);
    return { connected: true, institution };
  }

  /**
   * With webhooks on: /statements/refresh, whose STATEMENTS_REFRESH_COMPLETE (the only webhook Plaid sends
   * about statements) starts the fetch. Without: the page's polling lists the statements extracted at the link.
   */
  private async askRefresh(access_token: string) {
    if (!this.plaid.webhookUrl) return;
    await this.plaid
      .client()
      .statementsRefresh({ access_token, ...refreshWindow() })
      .catch((e: Error) => this.logger.warn({ msg: 'plaid statements refresh refused', code: plaidCode(e) }));
  }

  async fetchStatements(applicationId: string, userId: string): Promise<BankFetch> {
    // Keyed by the user too: another user's call joining the owner's run would be handed its answer
    // (the months filled) without the ownership check; alone, it runs and is refused (404).
    const key = `${applicationId}:${userId}`;
    const running = this.fetching.get(key);
    if (running) {
      // A run started before a disconnect (a webhook's) is not joined once the link is gone.
      const app = await this.applications.owned(applicationId, userId);
      if (!(await this.links.exists({ _id: app._id }))) throw new NotFoundException(BANK_CODES.notConnected);
      return running;
    }
    const run = this.statements.fetch(applicationId, userId).finally(() => this.fetching.delete(key));
    this.fetching.set(key, run);
    return run;
  }

  /** Removes the item at Plaid and deletes the token; the statements already fetched stay. */
  async disconnect(applicationId: string, userId: string) {
    const app = await this.applications.owned(applicationId, userId);
    const link = await this.links.findById(app._id);
    if (!link) return { connected: false };
    if (this.plaid.api && !link.removedAt)
      await this.plaid.api
        .itemRemove({ access_token: this.pii.decrypt(link.accessTokenSealed) })
        .catch((e: Error) => this.logger.warn({ msg: 'plaid item not removed', code: plaidCode(e), error: e.message }));
    await link.deleteOne();
    return { connected: false };
  }
}
