// The item's accounts as Plaid's product calls show them: only the accounts the applicant shared in Link's
// Account Select (https://plaid.com/docs/link/customization/#account-select), each with its balance, its
// transactions and its statements.
import type { PlaidAnswer } from './api';
import { refused, requestId } from './errors';
import { sharedAccounts, type Item, type PlaidState } from './state';
import { statementPdf } from './statements';
import { ledger } from './transactions';
import { syncPage } from './transactions-sync';

type Input = Record<string, unknown>;

/**
 * The item's accounts: their balances, transactions and statements. An item in error answers that error;
 * all but the balance answer PRODUCT_NOT_READY for a moment after linking, as Plaid's do.
 */
export async function accountData(state: PlaidState, path: string, item: Item, input: Input): Promise<PlaidAnswer> {
  if (item.error) return refused(item.error);
  const ready = Date.now() - item.linkedAt >= state.readyAfter;
  const now = new Date();
  // One ledger per account (transactions.ts): its end is the current balance, so the two always agree.
  const accounts = sharedAccounts(item).map((account) => ({ account, book: ledger(account.account_id, now) }));
  // Only the history Plaid fetched at the link: days_requested back from the link day.
  const from = new Date(item.linkedAt - item.daysRequested * 86_400_000).toISOString().slice(0, 10);
  const history = accounts
    .flatMap((a) => a.book.transactions)
    .filter((t) => t.date >= from)
    .sort((a, b) => a.date.localeCompare(b.date));
  // /transactions/sync is never PRODUCT_NOT_READY: it answers NOT_READY, empty, until the first pull.
  if (path === '/transactions/sync') return syncPage(history, input, ready);
  if (path !== '/accounts/balance/get' && !ready) return refused('PRODUCT_NOT_READY');
  const withBalances = accounts.map(({ account, book }) => ({
    ...account,
    balances: { available: book.current - 750, current: book.current, limit: null, iso_currency_code: 'USD' },
  }));
  const itemRef = { item_id: item.item_id, institution_id: item.institution.institution_id };
  if (path === '/accounts/balance/get')
    return { status: 200, body: { accounts: withBalances, item: itemRef, request_id: requestId() } };
  if (path === '/transactions/get') {
    const page = transactionsPage(history, input);
    if ('status' in page) return page;
    return { status: 200, body: { accounts: withBalances, ...page, item: itemRef, request_id: requestId() } };
  }
  if (path === '/statements/list') return { status: 200, body: statementList(item) };
  // A statement of an account not shared is not found, as an unknown one.
  const statement = item.statements.find(
    (s) => s.statement_id === input.statement_id && item.accounts.includes(s.account),
  );
  if (!statement) return refused('INVALID_FIELD', 'statement_id not found');
  state.downloads++;
  const account = accounts.find((a) => a.account.account_id === `${item.item_id}-${statement.account}`)!.account;
  return { status: 200, pdf: await statementPdf(statement.month, statement.year, account.name) };
}

type Transactions = ReturnType<typeof ledger>['transactions'];

/** /transactions/get's page of the ledger, newest first as Plaid lists them, or its refusal of the options. */
function transactionsPage(
  all: Transactions,
  input: Input,
): { transactions: Transactions; total_transactions: number } | PlaidAnswer {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const { start_date: from, end_date: to } = input;
  if (typeof from !== 'string' || typeof to !== 'string' || !day.test(from) || !day.test(to) || from > to)
    return refused('INVALID_FIELD', 'start_date and end_date must be YYYY-MM-DD');
  const options = (input.options ?? {}) as { count?: unknown; offset?: unknown; account_ids?: unknown };
  const count = options.count ?? 100;
  const offset = options.offset ?? 0;
  if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > 500)
    return refused('INVALID_FIELD', 'count must be an integer from 1 to 500');
  if (!Number.isInteger(offset) || (offset as number) < 0)
    return refused('INVALID_FIELD', 'offset must be a non-negative integer');
  const ids = Array.isArray(options.account_ids) ? (options.account_ids as unknown[]) : undefined;
  const matching = all.filter((t) => t.date >= from && t.date <= to && (!ids || ids.includes(t.account_id))).reverse();
  return {
    transactions: matching.slice(offset as number, (offset as number) + (count as number)),
    total_transactions: matching.length,
  };
}

/** /statements/list: the shared accounts, each with its statements. */
function statementList(item: Item) {
  return {
    item_id: item.item_id,
    institution_id: item.institution.institution_id,
    institution_name: item.institution.name,
    accounts: sharedAccounts(item).map((account) => ({
      account_id: account.account_id,
      account_mask: account.mask,
      account_name: account.name,
      account_official_name: account.official_name,
      account_type: account.type,
      account_subtype: account.subtype,
      statements: item.statements
        .filter((s) => `${item.item_id}-${s.account}` === account.account_id)
        .map(({ account: _account, ...s }) => ({
          ...s,
          date_posted: new Date(Date.UTC(s.year, s.month, 2)).toISOString().slice(0, 10),
        })),
    })),
    request_id: requestId(),
  };
}
