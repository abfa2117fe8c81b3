// One fetch's view of the bank (bank-accounts.ts): listing and downloading the statements never waits on
// /accounts/balance/get (a real-time call that can take 30 s or more); a balance that times out leaves the
// month's cash as its text gave it and the download intact; a month older than the transactions history
// Plaid fetched is never worked from a partial ledger.
import type { PlaidApi } from 'plaid';
import { describe, expect, it } from 'vitest';
import { BankAccounts } from './bank-accounts';

function fakePlaid(o: { balance: 'timeout' | 'ok' }) {
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
    transactionsGet: () => {
      calls.push('transactions/get');
      return Promise.resolve({ data: { transactions: [], total_transactions: 0 } });
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
});
