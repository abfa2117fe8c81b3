import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { HydratedDocument, Model } from 'mongoose';
import { BANK_CODES, FILE_TYPES, statementMonths } from '@portal/libs';
import { ApplicationsService } from '../applications/applications.service';
import { BusinessesService } from '../businesses/businesses.service';
import { PiiCipher } from '../common/pii';
import { FetchedStatements } from '../files/fetched-statements';
import { FilesService } from '../files/files.service';
import { BankAccounts } from './bank-accounts';
import { BankLink } from './bank-link.schema';
import { historyFrom } from './link-request';
import { PlaidClient, plaidCode, type BankFetch } from './plaid-client';
import { plaidOutcome } from './plaid-outcome';

/**
 * The statements of the months the slots ask for (statementMonths, as the page counts them), fetched from
 * the applicant's bank and stored through FetchedStatements, the upload's own path to S3, the File rows
 * and the CRM. A month already filled from the bank is not fetched again. Once every month is in, the item
 * is removed at Plaid (/item/remove ends Transactions' subscription billing:
 * https://plaid.com/docs/api/items/#itemremove).
 */
@Injectable()
export class StatementFetch {
  private readonly logger = new Logger(StatementFetch.name);

  constructor(
    @InjectModel(BankLink.name) private readonly links: Model<BankLink>,
    private readonly plaid: PlaidClient,
    private readonly applications: ApplicationsService,
    private readonly businesses: BusinessesService,
    private readonly files: FilesService,
    private readonly fetched: FetchedStatements,
    private readonly pii: PiiCipher,
  ) {}

  async fetch(applicationId: string, userId: string): Promise<BankFetch> {
    const app = await this.applications.owned(applicationId, userId);
    const link = await this.links.findById(app._id);
    if (app.sfOpportunityId) {
      if (link) await this.removeItem(link);
      throw new ConflictException(BANK_CODES.alreadySubmitted);
    }
    if (!link) throw new NotFoundException(BANK_CODES.notConnected);
    // Removed once every month was in: nothing more to fetch.
    if (link.removedAt) return { state: 'done', filled: [], missing: [] };
    const plaid = this.plaid.client();
    const access_token = this.pii.decrypt(link.accessTokenSealed);
    const business = await this.businesses.viewFor(app._id);
    const months = statementMonths(business?.addressData?.state, new Date());
    let accounts: BankAccounts;
    try {
      const from = link.linkedAt ? historyFrom(link.linkedAt) : undefined;
      accounts = await BankAccounts.read(plaid, access_token, months, from);
    } catch (e) {
      if (plaidOutcome(e).kind === 'reconnect') await link.updateOne({ $set: { needsReconnect: true } });
      return this.plaid.fetchFailed(e);
    }
    // Plaid shows only the accounts the applicant shared in Link (Account Select): none is not "no
    // statements for these months" but a choice to make again, in Link's update mode.
    if (accounts.none) {
      await link.updateOne({ $set: { needsReconnect: true, noAccounts: true } });
      return { state: 'noAccounts' };
    }
    const done = await this.fill(applicationId, userId, months, accounts);
    if (done.state === 'done' && !done.missing.length) await this.removeItem(link);
    return done;
  }

  /** Removes the link's item at Plaid, once (a failure is logged: the item stays billed until removed). */
  async removeItem(link: HydratedDocument<BankLink>) {
    if (link.removedAt || !this.plaid.api) return;
    try {
      await this.plaid.api.itemRemove({ access_token: this.pii.decrypt(link.accessTokenSealed) });
    } catch (e) {
      // Already gone at Plaid (removed, or revoked by the applicant) is removed all the same.
      if (plaidCode(e) !== 'ITEM_NOT_FOUND') {
        this.logger.warn({ msg: 'plaid item not removed', code: plaidCode(e), error: (e as Error).message });
        return;
      }
    }
    await link.updateOne({ $set: { removedAt: new Date() } });
    link.removedAt = new Date();
  }

  /** Each asked month not yet filled from the bank: its statements stored, or the month said missing. */
  private async fill(
    applicationId: string,
    userId: string,
    months: string[],
    accounts: BankAccounts,
  ): Promise<BankFetch> {
    const have = (await this.files.list(applicationId, userId)).filter(
      (f) => f.fileType === FILE_TYPES.bankStatement && f.source === 'bank',
    );
    const filled: string[] = [];
    const missing: string[] = [];
    for (const month of months) {
      if (have.some((f) => f.monthLabel === month)) continue;
      const found = accounts.statementsOf(month);
      if (!found.length) {
        missing.push(month);
        continue;
      }
      for (const statement of found) {
        let bytes: Uint8Array;
        try {
          bytes = await accounts.download(statement);
        } catch (e) {
          return this.plaid.fetchFailed(e);
        }
        await this.fetched.store(applicationId, userId, month, bytes, accounts.aggregatorCash(statement));
      }
      filled.push(month);
    }
    return { state: 'done', filled, missing };
  }
}
