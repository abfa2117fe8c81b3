import { Logger } from '@nestjs/common';
import type { AccountBase, PlaidApi, StatementsAccount, Transaction } from 'plaid';
import { cashFromTransactions, MONTH_NAMES, type CashReading } from '@portal/libs';
import { plaidCode } from './plaid-client';

const logger = new Logger('BankAccounts');

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** A statement Plaid lists, with the account it belongs to. */
export type ListedStatement = StatementsAccount['statements'][number] & { account_id: string };

/**
 * One fetch's view of the applicant's accounts at Plaid: their statements, read at once; their balances and
 * transactions, read once and only if a statement's text is not readable enough for its cash.
 * /accounts/balance/get asks the bank in real time (it can take 30 s or more, and is billed per call:
 * https://plaid.com/docs/api/products/balance/), so it is never on the path of a download, and its failure
 * only leaves that month's cash as its text gave it.
 */
export class BankAccounts {
  private transactions?: Promise<Transaction[] | undefined>;
  private balances?: Promise<AccountBase[] | undefined>;

  private constructor(
    private readonly plaid: PlaidApi,
    private readonly access_token: string,
    private readonly months: string[],
    private readonly accounts: StatementsAccount[],
    /** The first day of the transactions history Plaid fetched for the item (days_requested before its link). */
    private readonly historyFrom?: string,
  ) {}

  /** The accounts' statements (rejects with Plaid's error). */
  static async read(plaid: PlaidApi, access_token: string, months: string[], historyFrom?: string) {
    const accounts = (await plaid.statementsList({ access_token })).data.accounts;
    return new BankAccounts(plaid, access_token, months, accounts, historyFrom);
  }

  /** Whether the item shows no account: none was shared in Link's Account Select, or no longer is. */
  get none(): boolean {
    return this.accounts.length === 0;
  }

  /** Every shared account's statements of `month` ('October 2026'). */
  statementsOf(month: string): ListedStatement[] {
    const [name, year] = month.split(' ');
    const wanted = { month: MONTH_NAMES.indexOf(name!) + 1, year: Number(year) };
    return this.accounts
      .flatMap((a) => a.statements.map((st) => ({ ...st, account_id: a.account_id })))
      .filter((s) => s.month === wanted.month && s.year === wanted.year);
  }

  /** A statement's PDF (rejects with Plaid's error). */
  async download(statement: ListedStatement): Promise<Uint8Array> {
    const r = await this.plaid.statementsDownload(
      { access_token: this.access_token, statement_id: statement.statement_id },
      { responseType: 'arraybuffer' },
    );
    return new Uint8Array(r.data as ArrayBuffer);
  }

  /**
   * The cash of a statement's month from the bank's own data, when its text is not readable enough: the
   * account's transactions worked back from its current balance.
   */
  aggregatorCash(statement: ListedStatement) {
    const { account_id: accountId, month, year } = statement;
    return async (): Promise<CashReading | undefined> => {
      const period = { start: isoDay(Date.UTC(year, month - 1, 1)), end: isoDay(Date.UTC(year, month, 0)) };
      // A month older than the history Plaid fetched would be worked from a partial ledger: not read.
      if (this.historyFrom && period.start < this.historyFrom) return undefined;
      this.transactions ??= this.transactionsSince();
      this.balances ??= this.currentBalances();
      const [all, balances] = await Promise.all([this.transactions, this.balances]);
      const current = balances?.find((a) => a.account_id === accountId)?.balances.current;
      if (!all || typeof current !== 'number') return undefined;
      const own = all.filter((t) => t.account_id === accountId);
      return { readable: true, cash: cashFromTransactions(period, own, current) };
    };
  }

  /** The accounts' current balances (Plaid's balance product), or undefined when Plaid does not answer them. */
  private async currentBalances(): Promise<AccountBase[] | undefined> {
    try {
      return (await this.plaid.accountsBalanceGet({ access_token: this.access_token })).data.accounts;
    } catch (e) {
      logger.warn({ msg: 'plaid balances not read', code: plaidCode(e), error: (e as Error).message });
      return undefined;
    }
  }

  /**
   * Every posted transaction from the first asked month's start, through /transactions/sync (Plaid's
   * recommended way: https://plaid.com/docs/transactions/sync-migration/), paged by its cursor, 500 at a time,
   * each page's `modified` and `removed` applied; undefined when Plaid has not pulled the history yet
   * (NOT_READY) or does not answer.
   */
  private async transactionsSince(): Promise<Transaction[] | undefined> {
    const firsts = this.months.map((m) => {
      const [name, year] = m.split(' ');
      return Date.UTC(Number(year), MONTH_NAMES.indexOf(name!), 1);
    });
    const start = isoDay(Math.min(...firsts));
    const byId = new Map<string, Transaction>();
    let cursor: string | undefined;
    try {
      for (let page = 0; page < 40; page++) {
        const r = (await this.plaid.transactionsSync({ access_token: this.access_token, cursor, count: 500 })).data;
        if (r.transactions_update_status === 'NOT_READY') return undefined;
        for (const t of [...r.added, ...r.modified]) byId.set(t.transaction_id, t);
        for (const t of r.removed) byId.delete(t.transaction_id);
        cursor = r.next_cursor;
        if (!r.has_more) return [...byId.values()].filter((t) => !t.pending && t.date >= start);
      }
      return undefined;
    } catch (e) {
      logger.warn({ msg: 'plaid transactions not read', code: plaidCode(e), error: (e as Error).message });
      return undefined;
    }
  }
}
