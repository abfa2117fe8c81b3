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
import type { Model } from 'mongoose';
import { Configuration, CountryCode, PlaidApi, Products, type StatementsAccount } from 'plaid';
import { FILE_TYPES, MONTH_NAMES, statementMonths } from '@portal/libs';
import { ApplicationsService } from '../applications/applications.service';
import { BusinessesService } from '../businesses/businesses.service';
import { PiiCipher } from '../common/pii';
import { SETTINGS, type ApiSettings } from '../config/settings.module';
import { FilesService } from '../files/files.service';
import { BankLink } from './bank-link.schema';
import { plaidError, plaidOutcome } from './plaid-outcome';

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

  constructor(
    @InjectModel(BankLink.name) private readonly links: Model<BankLink>,
    @Inject(SETTINGS) settings: ApiSettings,
    private readonly applications: ApplicationsService,
    private readonly businesses: BusinessesService,
    private readonly files: FilesService,
    private readonly pii: PiiCipher,
  ) {
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
    return { available: !!this.plaid, connected: !!link, institution: link?.institution };
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
        products: [Products.Statements],
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
      { $set: { itemId, accessTokenSealed: this.pii.encrypt(token), institution } },
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
    if (running) return running;
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
    try {
      accounts = (await plaid.statementsList({ access_token })).data.accounts;
      // Balances (Plaid's balance product) are read to know the item answers; kept out of the answer.
      await plaid.accountsBalanceGet({ access_token });
    } catch (e) {
      return this.fetchFailed(e);
    }
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
        .flatMap((a) => a.statements)
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
        await this.files.storeFetched(applicationId, userId, month, bytes);
      }
      filled.push(month);
    }
    return { state: 'done', filled, missing };
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

/** The first day of the month `offset` months from now, as YYYY-MM-DD. */
function monthStart(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
}
