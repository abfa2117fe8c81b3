// One fetch's view of the bank (bank-accounts.ts): listing and downloading the statements never waits on
// /accounts/balance/get (a real-time call that can take 30 s or more); a balance that times out leaves the
// month's cash as its text gave it and the download intact; a month older than the transactions history
// Plaid fetched is never worked from a partial ledger; the transactions come from /transactions/sync, paged by
// its cursor with each page's changes applied.
import type { PlaidApi } from 'plaid';
import { describe, expect, it } from 'vitest';
import { cashFromTransactions } from '@portal/libs';
import { BankAccounts } from './bank-accounts';

const SYNCED = {
  added: [],
  modified: [],
  removed: [],
  has_more: false,
  transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
};
const moved = (id: string, date: string, amount: number) => ({
  transaction_id: id,
  account_id: 'chk',
  date,
  amount,
  pending: false,
});

function fakePlaid(o: { balance: 'timeout' | 'ok'; sync?: Record<string, unknown> }) {
  const calls: string[] = [];
  const plaid = {
    statementsList: () => {
      calls.push('statements/list');
      return Promise.resolve({
        data: { accounts: [{ account_id: 'chk', statements: [{ statement_id: 's-oct', month: 10, year: 2026 }] }] },
      });
    },
    statementsDownload: () => {
      calls.push('statements/download');
      return Promise.resolve({ data: new TextEncoder().encode('%PDF-1.7').buffer });
    },
    accountsBalanceGet: () => {
      calls.push('accounts/balance/get');
      return o.balance === 'timeout'
        ? Promise.reject(Object.assign(new Error('timeout of 20000ms exceeded'), { code: 'ECONNABORTED' }))
        : Promise.resolve({ data: { accounts: [{ account_id: 'chk', balances: { current: 1000 } }] } });
    },
    transactionsSync: (req: { cursor?: string }) => {
      calls.push(`transactions/sync ${req.cursor ?? ''}`);
      return Promise.resolve({ data: o.sync?.[req.cursor ?? ''] ?? { ...SYNCED, next_cursor: 'c1' } });
    },
  } as unknown as PlaidApi;
  return { plaid, calls };
}

describe("a fetch's view of the bank", () => {
  it('lists and downloads with no balance asked; a balance timeout leaves the download and the text alone', async () => {
    const { plaid, calls } = fakePlaid({ balance: 'timeout' });
    const accounts = await BankAccounts.read(plaid, 'access-sandbox-x', ['October 2026']);
    const [october] = accounts.statementsOf('October 2026');
    expect(october).toBeDefined();
    expect(new TextDecoder().decode(await accounts.download(october!))).toBe('%PDF-1.7');
    expect(calls).toEqual(['statements/list', 'statements/download']);
    // Only a statement whose text is not readable enough asks for the balance: its failure is no cash.
    expect(await accounts.aggregatorCash(october!)()).toBeUndefined();
    expect(calls).toContain('accounts/balance/get');
  });

  it('never reads a month older than the transactions history Plaid fetched', async () => {
    const { plaid, calls } = fakePlaid({ balance: 'ok' });
    const accounts = await BankAccounts.read(plaid, 'access-sandbox-x', ['October 2026'], '2026-10-15');
    expect(await accounts.aggregatorCash(accounts.statementsOf('October 2026')[0]!)()).toBeUndefined();
    expect(calls).toEqual(['statements/list']);
    const covered = await BankAccounts.read(plaid, 'access-sandbox-x', ['October 2026'], '2026-09-01');
    expect(await covered.aggregatorCash(covered.statementsOf('October 2026')[0]!)()).toMatchObject({ readable: true });
  });

  it("reads the transactions through /transactions/sync's pages, applying what each modified and removed", async () => {
    const { plaid, calls } = fakePlaid({
      balance: 'ok',
      sync: {
        '': {
          ...SYNCED,
          added: [moved('a', '2026-10-02', 100), moved('b', '2026-10-03', 50)],
          has_more: true,
          next_cursor: 'c1',
        },
        c1: {
          ...SYNCED,
          added: [moved('c', '2026-10-04', -400)],
          modified: [moved('a', '2026-10-02', 120)],
          removed: [{ transaction_id: 'b', account_id: 'chk' }],
          next_cursor: 'c2',
        },
      },
    });
    const accounts = await BankAccounts.read(plaid, 'access-sandbox-x', ['October 2026']);
    const cash = await accounts.aggregatorCash(accounts.statementsOf('October 2026')[0]!)();
    expect(calls.filter((c) => c.startsWith('transactions/'))).toEqual(['transactions/sync ', 'transactions/sync c1']);
    // From the current 1,000 back: a (120 out, as modified) and c (400 in) are the month's; b was removed.
    const october = { start: '2026-10-01', end: '2026-10-31' };
    const expected = cashFromTransactions(
      october,
      [moved('a', '2026-10-02', 120), moved('c', '2026-10-04', -400)],
      1000,
    );
    expect(cash).toEqual({ readable: true, cash: expected });
  });

  it('reads no cash while Plaid has not pulled the history yet (NOT_READY)', async () => {
    const { plaid } = fakePlaid({
      balance: 'ok',
      sync: { '': { ...SYNCED, transactions_update_status: 'NOT_READY', next_cursor: '' } },
    });
    const accounts = await BankAccounts.read(plaid, 'access-sandbox-x', ['October 2026']);
    expect(await accounts.aggregatorCash(accounts.statementsOf('October 2026')[0]!)()).toBeUndefined();
  });
});
