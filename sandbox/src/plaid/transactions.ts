// The sandbox checking account's transactions (Plaid's /transactions/get shapes; positive amounts are money
// out, negative money in), one ledger from 14 months before `today` to yesterday, and the current balance
// it ends at (what /accounts/balance/get answers): the portal works each day's balance back from it.
import { createHash } from 'node:crypto';

export type StandinTransaction = {
  transaction_id: string;
  account_id: string;
  amount: number;
  iso_currency_code: 'USD';
  unofficial_currency_code: null;
  date: string;
  authorized_date: string;
  name: string;
  merchant_name: string | null;
  pending: boolean;
  pending_transaction_id: null;
  payment_channel: 'other' | 'in store';
  transaction_type: 'special' | 'place';
  category: string[];
  category_id: string;
};

const OPENING = 18_000;

/**
 * Every business day a card settlement (4,200 to 4,650), payroll each Friday, supplies each Tuesday, rent the
 * 1st: about 22,000 in and 21,700 out a week, a business the sandbox offers (150,000 asked) fit.
 */
function dayMoves(d: Date): { name: string; amount: number; category: string[] }[] {
  const weekday = d.getUTCDay();
  const moves: { name: string; amount: number; category: string[] }[] = [];
  if (d.getUTCDate() === 1) moves.push({ name: 'Rent', amount: 8_000, category: ['Payment', 'Rent'] });
  if (weekday === 0 || weekday === 6) return moves;
  moves.push({
    name: 'Card settlement',
    amount: -(4_200 + 150 * (d.getUTCDate() % 4)),
    category: ['Transfer', 'Deposit'],
  });
  if (weekday === 2) moves.push({ name: 'Supplies', amount: 5_800, category: ['Shops', 'Supplies'] });
  if (weekday === 5) moves.push({ name: 'Payroll', amount: 14_000, category: ['Transfer', 'Payroll'] });
  return moves;
}

/** The account's ledger up to yesterday, oldest first, and the balance it ends at. */
export function ledger(accountId: string, today: Date): { transactions: StandinTransaction[]; current: number } {
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 14, 1);
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const transactions: StandinTransaction[] = [];
  let balance = OPENING;
  for (let t = start; t < end; t += 86_400_000) {
    const d = new Date(t);
    const date = d.toISOString().slice(0, 10);
    for (const [i, m] of dayMoves(d).entries()) {
      balance += -m.amount;
      transactions.push({
        transaction_id: createHash('sha256').update(`${accountId}|${date}|${i}`).digest('hex').slice(0, 32),
        account_id: accountId,
        amount: m.amount,
        iso_currency_code: 'USD',
        unofficial_currency_code: null,
        date,
        authorized_date: date,
        name: m.name,
        merchant_name: m.amount > 0 ? m.name : null,
        pending: false,
        pending_transaction_id: null,
        payment_channel: 'other',
        transaction_type: 'special',
        category: m.category,
        category_id: m.amount > 0 ? '16000000' : '21007000',
      });
    }
  }
  return { transactions, current: Math.round(balance * 100) / 100 };
}
