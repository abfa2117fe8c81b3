/**
 * A business's cash day by day (daily balances and deposits), from a bank aggregator's data or from a
 * statement's rows (statement-cash.ts), so each offer's payment schedule can be measured against it
 * (affordability.ts). Pure: the api feeds it the aggregator's transactions and balance or the text the
 * statement check reads (pdf.js, pdf-inspection.worker.mts).
 */
import type { Period } from '../validation/statement-period';

/** One day's or one transaction's figures: money in that day (never negative) and the balance after. */
export type CashEntry = { date: string; deposit: number; balance: number };
/** One statement's days, from its period's first to its last day, each with the balance at its end. */
export type CashDays = { period: Period; days: CashEntry[] };
export type Unreadable =
  'noPeriod' | 'noOpeningBalance' | 'noRows' | 'rowWithoutBalance' | 'balancesDisagree' | 'datesUnclear';
export type CashReading = { readable: true; cash: CashDays } | { readable: false; reason: Unreadable };

/** Every day of a period, ISO. */
export function periodDays(period: Period): string[] {
  const out: string[] = [];
  for (let t = Date.parse(period.start); t <= Date.parse(period.end); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * Plain data (a transaction or a day each, any order, e.g. from a bank aggregator) to a period's days:
 * deposits of a day added up, the balance of its last entry kept, days without entries carrying the
 * previous day's balance. `opening` is the balance before the first day (else the first entry's balance
 * less its deposit).
 */
export function cashFromEntries(period: Period, entries: CashEntry[], opening?: number): CashDays {
  const byDay = new Map<string, { deposit: number; balance: number }>();
  for (const e of entries) {
    if (e.date < period.start || e.date > period.end) continue;
    const day = byDay.get(e.date);
    byDay.set(e.date, { deposit: (day?.deposit ?? 0) + Math.max(0, e.deposit), balance: e.balance });
  }
  const first = [...entries].sort((a, b) => a.date.localeCompare(b.date))[0];
  let balance = opening ?? (first ? first.balance - Math.max(0, first.deposit) : 0);
  return {
    period,
    days: periodDays(period).map((date) => {
      const day = byDay.get(date);
      if (day) balance = day.balance;
      return { date, deposit: round2(day?.deposit ?? 0), balance: round2(balance) };
    }),
  };
}

/** Money to the cent. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** A bank aggregator's transaction, signed as Plaid signs them: positive is money out, negative money in. */
export type AggregatorTransaction = { date: string; amount: number; pending?: boolean };

/**
 * An account's transactions and its current balance (an aggregator's data, e.g. Plaid's /transactions/sync
 * and /accounts/balance/get) to a period's days. Transactions carry no balance, so each day's is worked
 * back from the current one: the balance at the end of a day is the current balance plus every posted
 * transaction's amount after that day (money out put back, money in taken away). Pending transactions are
 * left out (the current balance does not count them yet). `transactions` must hold every posted one from
 * the period's start to now.
 */
export function cashFromTransactions(
  period: Period,
  transactions: AggregatorTransaction[],
  currentBalance: number,
): CashDays {
  const posted = transactions.filter((t) => !t.pending && Number.isFinite(t.amount) && t.date >= period.start);
  const byDay = new Map<string, { deposit: number; net: number }>();
  let after = 0; // the amounts of the transactions after the period
  for (const t of posted) {
    if (t.date > period.end) {
      after += t.amount;
      continue;
    }
    const day = byDay.get(t.date) ?? { deposit: 0, net: 0 };
    byDay.set(t.date, { deposit: day.deposit + Math.max(0, -t.amount), net: day.net + t.amount });
  }
  // Backwards from the period's last day: the balance at the end of each day with transactions.
  let balance = currentBalance + after;
  const entries: CashEntry[] = [];
  for (const date of [...byDay.keys()].sort().reverse()) {
    const day = byDay.get(date)!;
    entries.push({ date, deposit: round2(day.deposit), balance: round2(balance) });
    balance += day.net;
  }
  return cashFromEntries(period, entries, round2(balance));
}

/** Several statements' days as one run, in date order (a day two statements both cover: the later one's). */
export function joinCash(statements: CashDays[]): CashEntry[] {
  const byDay = new Map<string, CashEntry>();
  for (const s of [...statements].sort((a, b) => a.period.start.localeCompare(b.period.start)))
    for (const d of s.days) byDay.set(d.date, d);
  return [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
}
