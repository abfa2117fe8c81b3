import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import {
  Configuration,
  CountryCode,
  PlaidApi,
  Products,
  type AccountBase,
  type StatementsAccount,
  type Transaction,
} from 'plaid';
import { cashFromTransactions, FILE_TYPES, MONTH_NAMES, statementMonths, type CashReading } from '@portal/libs';
import { ApplicationsService } from '../applications/applications.service';
import { BusinessesService } from '../businesses/businesses.service';
import { PiiCipher } from '../common/pii';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { FilesService } from '../files/files.service';
import { BankLink } from './bank-link.schema';
import { plaidError, plaidOutcome } from './plaid-outcome';
import { plaidWebhookRefusal, type PlaidWebhookKey, type WebhookRefusal } from './plaid-webhook';

/** What the browser learns of a fetch: never a token. */
export type BankFetch =
  { state: 'done'; filled: string[]; missing: string[] } | { state: 'pending' } | { state: 'reconnect' };

const plaidCode = (e: unknown): string | undefined => plaidError(e).code;

/**
 * Issue 27 item 1: the applicant's bank through Plaid (the plaid Node client against PLAID_URL). The
 * statements of the months the slots ask for (statementMonths, as the page counts them) are fetched and
 * stored through FilesService.storeFetched, the upload's own path to S3, the File rows and the CRM.
 */
@Injectable()
export class BankService {
  private readonly logger = new Logger(BankService.name);
  private readonly plaid?: PlaidApi;
  /** One fetch per application and user at a time (two tabs pressing at once fill each month once). */
  private readonly fetching = new Map<string, Promise<BankFetch>>();
  /** Plaid's webhook verification keys by kid (a kid Plaid did not know: undefined, asked again after 5 minutes). */
  private readonly webhookKeys = new Map<string, { key?: PlaidWebhookKey; until: number }>();
  private readonly webhookUrl?: string;

  constructor(
    @InjectModel(BankLink.name) private readonly links: Model<BankLink>,
    @Inject(SETTINGS) settings: ApiSettings,
    private readonly applications: ApplicationsService,
    private readonly businesses: BusinessesService,
    private readonly files: FilesService,
    private readonly pii: PiiCipher,
  ) {
    if (settings.PLAID_WEBHOOK_URL !== 'none') this.webhookUrl = settings.PLAID_WEBHOOK_URL;
    if (settings.PLAID_URL !== 'none')
      this.plaid = new PlaidApi(
        new Configuration({
          basePath: settings.PLAID_URL,
          baseOptions: {
            headers: { 'PLAID-CLIENT-ID': settings.PLAID_CLIENT_ID, 'PLAID-SECRET': settings.PLAID_SECRET },
            timeout: 20_000,
          },
        }),
      );
  }

  private client(): PlaidApi {
    if (!this.plaid) throw new NotFoundException('BANK_CONNECTION_OFF');
    return this.plaid;
  }

  /**
   * Plaid's refusals of what the browser brought answer 400; its outages, and its refusals of the portal's
   * own keys (logged as errors: a setting to fix), 503: the applicant tries again or uploads.
   */
  private failed(e: unknown): never {
    const outcome = plaidOutcome(e);
    const entry = { msg: 'plaid call failed', code: plaidCode(e), error: (e as Error).message };
    if (outcome.kind === 'unavailable' && outcome.misconfigured) this.logger.error(entry);
    else this.logger.warn(entry);
    if (outcome.kind === 'refused') throw new BadRequestException(`BANK_${outcome.code}`);
    throw new ServiceUnavailableException('BANK_UNAVAILABLE');
  }

  /** A fetch's failed Plaid call: pending or reconnect for the page, else failed(). */
  private fetchFailed(e: unknown): BankFetch {
    const outcome = plaidOutcome(e);
    if (outcome.kind === 'pending' || outcome.kind === 'reconnect') return { state: outcome.kind };
    this.failed(e);
  }

  async status(applicationId: string, userId: string) {
    const app = await this.applications.owned(applicationId, userId);
    const link = await this.links.findOne({ applicationId: app._id });
    return {
      available: !!this.plaid,
      connected: !!link,
      institution: link?.institution,
      ...(link?.needsReconnect ? { reconnect: true } : {}),
    };
  }

  async linkToken(applicationId: string, userId: string): Promise<{ linkToken: string }> {
    await this.applications.checkOwner(applicationId, userId);
    const plaid = this.client();
    try {
      const r = await plaid.linkTokenCreate({
        user: { client_user_id: userId },
        client_name: 'Fundwise',
        language: 'en',
        country_codes: [CountryCode.Us, CountryCode.Ca],
        products: [Products.Statements, Products.Transactions],
        ...(this.webhookUrl ? { webhook: this.webhookUrl } : {}),
        statements: { start_date: monthStart(-14), end_date: monthStart(0) },
      });
      return { linkToken: r.data.link_token };
    } catch (e) {
      this.failed(e);
    }
  }

  async exchange(applicationId: string, userId: string, publicToken: string) {
    const app = await this.applications.owned(applicationId, userId);
    const plaid = this.client();
    let token: string, itemId: string;
    try {
      const r = await plaid.itemPublicTokenExchange({ public_token: publicToken });
      token = r.data.access_token;
      itemId = r.data.item_id;
    } catch (e) {
      this.failed(e);
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
      if (!(await this.links.exists({ applicationId: app._id }))) throw new NotFoundException('BANK_NOT_CONNECTED');
      return running;
    }
    const run = this.fetchOnce(applicationId, userId).finally(() => this.fetching.delete(key));
    this.fetching.set(key, run);
    return run;
  }

  private async fetchOnce(applicationId: string, userId: string): Promise<BankFetch> {
    const app = await this.applications.owned(applicationId, userId);
    if (app.sfOpportunityId) throw new ConflictException('BANK_ALREADY_SUBMITTED');
    const link = await this.links.findOne({ applicationId: app._id });
    if (!link) throw new NotFoundException('BANK_NOT_CONNECTED');
    const plaid = this.client();
    const access_token = this.pii.decrypt(link.accessTokenSealed);
    const business = await this.businesses.viewFor(app._id);
    const months = statementMonths(business?.addressData?.state, new Date());
    let accounts: StatementsAccount[];
    let balances: AccountBase[];
    try {
      accounts = (await plaid.statementsList({ access_token })).data.accounts;
      // Balances (Plaid's balance product): the current one is where the transactions' days are worked back from.
      balances = (await plaid.accountsBalanceGet({ access_token })).data.accounts;
    } catch (e) {
      if (plaidOutcome(e).kind === 'reconnect') await link.updateOne({ $set: { needsReconnect: true } });
      return this.fetchFailed(e);
    }
    // The transactions since the earliest month asked for, read once and only if a statement's text is not
    // readable enough for its cash (issue 27 item 3: "or the aggregator's data").
    let transactions: Promise<Transaction[] | undefined> | undefined;
    const aggregatorCash =
      (accountId: string, month: number, year: number) => async (): Promise<CashReading | undefined> => {
        const period = {
          start: isoDay(Date.UTC(year, month - 1, 1)),
          end: isoDay(Date.UTC(year, month, 0)),
        };
        transactions ??= this.transactionsSince(plaid, access_token, months);
        const all = await transactions;
        const current = balances.find((a) => a.account_id === accountId)?.balances.current;
        if (!all || typeof current !== 'number') return undefined;
        const own = all.filter((t) => t.account_id === accountId);
        return { readable: true, cash: cashFromTransactions(period, own, current) };
      };
    const have = (await this.files.list(applicationId, userId)).filter(
      (f) => f.fileType === FILE_TYPES.bankStatement && f.source === 'bank',
    );
    const filled: string[] = [];
    const missing: string[] = [];
    for (const month of months) {
      if (have.some((f) => f.monthLabel === month)) continue;
      const [name, year] = month.split(' ');
      const wanted = { month: MONTH_NAMES.indexOf(name!) + 1, year: Number(year) };
      const found = accounts
        .flatMap((a) => a.statements.map((st) => ({ ...st, account_id: a.account_id })))
        .filter((s) => s.month === wanted.month && s.year === wanted.year);
      if (!found.length) {
        missing.push(month);
        continue;
      }
      for (const statement of found) {
        let bytes: Uint8Array;
        try {
          const r = await plaid.statementsDownload(
            { access_token, statement_id: statement.statement_id },
            { responseType: 'arraybuffer' },
          );
          bytes = new Uint8Array(r.data as ArrayBuffer);
        } catch (e) {
          return this.fetchFailed(e);
        }
        await this.files.storeFetched(
          applicationId,
          userId,
          month,
          bytes,
          aggregatorCash(statement.account_id, statement.month, statement.year),
        );
      }
      filled.push(month);
    }
    return { state: 'done', filled, missing };
  }

  /** Every posted transaction from the first asked month's start to today (Plaid pages them by 500), or undefined. */
  private async transactionsSince(plaid: PlaidApi, access_token: string, months: string[]) {
    const firsts = months.map((m) => {
      const [name, year] = m.split(' ');
      return Date.UTC(Number(year), MONTH_NAMES.indexOf(name!), 1);
    });
    const start_date = isoDay(Math.min(...firsts));
    const end_date = isoDay(Date.now());
    const all: Transaction[] = [];
    try {
      for (let page = 0; page < 40; page++) {
        const r = await plaid.transactionsGet({
          access_token,
          start_date,
          end_date,
          options: { count: 500, offset: all.length },
        });
        all.push(...r.data.transactions);
        if (all.length >= r.data.total_transactions || !r.data.transactions.length) return all;
      }
      return undefined;
    } catch (e) {
      this.logger.warn({ msg: 'plaid transactions not read', code: plaidCode(e), error: (e as Error).message });
      return undefined;
    }
  }

  /**
   * A Plaid webhook (POST /webhooks/plaid): refused (401) unless its Plaid-Verification JWT proves it; then
   * ITEM errors that need the applicant's login mark the link for a reconnect, LOGIN_REPAIRED clears it,
   * and statements ready start the fetch (in the background: Plaid wants its answer at once).
   */
  async webhook(rawBody: Buffer, verification: string | undefined, body: unknown): Promise<WebhookRefusal | undefined> {
    if (!this.plaid) return 'unknownKey';
    const refusal = await plaidWebhookRefusal(rawBody, verification, (kid) => this.webhookKey(kid));
    if (refusal) {
      this.logger.warn({ msg: 'plaid webhook refused', reason: refusal });
      return refusal;
    }
    const event = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' && v.length <= 200 ? v : undefined);
    const itemId = text(event.item_id);
    const type = text(event.webhook_type);
    const code = text(event.webhook_code);
    const error = event.error && typeof event.error === 'object' ? (event.error as Record<string, unknown>) : {};
    if (!itemId || !type || !code) return undefined;
    const link = await this.links.findOne({ itemId });
    if (!link) return undefined;
    if (
      type === 'ITEM' &&
      ((code === 'ERROR' && error.error_code === 'ITEM_LOGIN_REQUIRED') ||
        code === 'PENDING_EXPIRATION' ||
        code === 'PENDING_DISCONNECT')
    )
      await link.updateOne({ $set: { needsReconnect: true } });
    else if (type === 'ITEM' && code === 'LOGIN_REPAIRED') await link.updateOne({ $unset: { needsReconnect: 1 } });
    else if (
      type === 'STATEMENTS' &&
      code === 'STATEMENTS_REFRESH_COMPLETE' &&
      event.result !== 'FAILURE' &&
      link.userId
    )
      void this.fetchStatements(String(link.applicationId), String(link.userId)).catch((e: Error) =>
        this.logger.warn({ msg: 'statements not fetched on the webhook', error: e.message }),
      );
    return undefined;
  }

  private async webhookKey(kid: string): Promise<PlaidWebhookKey | undefined> {
    const known = this.webhookKeys.get(kid);
    if (known && (known.key || known.until > Date.now())) return known.key;
    let key: PlaidWebhookKey | undefined;
    try {
      key = (await this.client().webhookVerificationKeyGet({ key_id: kid })).data.key as unknown as PlaidWebhookKey;
    } catch (e) {
      this.logger.warn({ msg: 'plaid webhook key not found', code: plaidCode(e) });
    }
    // A kid Plaid did not know is not asked about again for 5 minutes; the map stays small.
    if (this.webhookKeys.size > 100) this.webhookKeys.clear();
    this.webhookKeys.set(kid, { key, until: Date.now() + 5 * 60_000 });
    return key;
  }

  /** Removes the item at Plaid and deletes the token; the statements already fetched stay. */
  async disconnect(applicationId: string, userId: string) {
    const app = await this.applications.owned(applicationId, userId);
    const link = await this.links.findOne({ applicationId: app._id });
    if (!link) return { connected: false };
    if (this.plaid)
      await this.plaid
        .itemRemove({ access_token: this.pii.decrypt(link.accessTokenSealed) })
        .catch((e: Error) => this.logger.warn({ msg: 'plaid item not removed', code: plaidCode(e), error: e.message }));
    await link.deleteOne();
    return { connected: false };
  }
}

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The first day of the month `offset` months from now, as YYYY-MM-DD. */
function monthStart(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
}
