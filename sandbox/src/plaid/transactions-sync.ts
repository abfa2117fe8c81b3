// /transactions/sync as Plaid documents it (https://plaid.com/docs/api/products/transactions/#transactionssync):
// no cursor (or "") starts from the beginning of the item's history; each answer gives up to `count`
// (100 by default, 1 to 500) transactions `added`, oldest first, with `modified` and `removed` (the
// stand-in's ledger never changes a posted transaction: always empty), `has_more` while more remain, and
// `next_cursor` to ask from next. Before the item's first pull is done the answer is empty, with
// `transactions_update_status: 'NOT_READY'` and the cursor it was given (not PRODUCT_NOT_READY).
import { refused } from './errors';
import type { StandinTransaction } from './transactions';

type Input = Record<string, unknown>;
/** Where a cursor stands: the day of the last transaction given, and how many of that day's were given. */
type Position = { d: string; k: number };

const encode = (p: Position) => Buffer.from(JSON.stringify(p)).toString('base64url');
function decode(cursor: string): Position | undefined {
  try {
    const p = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Partial<Position>;
    return typeof p.d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(p.d) && Number.isInteger(p.k) && p.k! >= 0
      ? (p as Position)
      : undefined;
  } catch {
    return undefined;
  }
}

/** One answer of /transactions/sync over `history` (the item's, oldest first), or its refusal. */
export function syncPage(
  history: StandinTransaction[],
  input: Input,
  ready: boolean,
): { status: number; body: unknown } {
  const cursor = input.cursor ?? '';
  const count = input.count ?? 100;
  if (typeof cursor !== 'string') return refused('INVALID_FIELD', 'cursor must be a string');
  if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > 500)
    return refused('INVALID_FIELD', 'count must be an integer from 1 to 500');
  const from = cursor === '' ? { d: '', k: 0 } : decode(cursor);
  if (!from) return refused('INVALID_FIELD', 'cursor is not a cursor /transactions/sync gave');
  const empty = { added: [], modified: [], removed: [], accounts: [] };
  if (!ready)
    return {
      status: 200,
      body: { ...empty, next_cursor: cursor, has_more: false, transactions_update_status: 'NOT_READY' },
    };
  // Past the cursor: every later day, and the rest of its own day.
  let seen = 0;
  const after = history.filter((t) => t.date > from.d || (t.date === from.d && seen++ >= from.k));
  const added = after.slice(0, count as number);
  const last = added.at(-1);
  const next = last ? { d: last.date, k: history.filter((t) => t.date === last.date).indexOf(last) + 1 } : from;
  return {
    status: 200,
    body: {
      ...empty,
      added,
      next_cursor: encode(next),
      has_more: after.length > added.length,
      transactions_update_status: 'HISTORICAL_UPDATE_COMPLETE',
    },
  };
}
