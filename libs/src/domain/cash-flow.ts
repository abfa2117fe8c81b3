/**
 * Issue 27 item 3: a business's cash from its bank statements (daily balances and deposits), and what each
 * offer's payment schedule costs against it. Pure: the api feeds it the text the statement check reads
 * (pdf.js, pdf-inspection.worker.mts) or a bank aggregator's transactions and balance (`cashFromTransactions`).
 *
 * Only certainty counts, as for the statement period: a text whose rows do not add up, whose dates read
 * two ways, or that has no opening balance is 'not readable enough', never guessed at.
 */
import { MONTH_NUMBERS, MONTH_PATTERN, statementPeriods, type Period } from '../validation/statement-period';

/** One day's or one transaction's figures: money in that day (never negative) and the balance after. */
export type CashEntry = { date: string; deposit: number; balance: number };
/** One statement's days, from its period's first to its last day, each with the balance at its end. */
export type CashDays = { period: Period; days: CashEntry[] };
export type Unreadable =
  'noPeriod' | 'noOpeningBalance' | 'noRows' | 'rowWithoutBalance' | 'balancesDisagree' | 'datesUnclear';
export type CashReading = { readable: true; cash: CashDays } | { readable: false; reason: Unreadable };

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
function iso(y: number, m: number, d: number): string | undefined {
  const year = y < 100 ? 2000 + y : y;
  if (m < 1 || m > 12 || d < 1 || d > daysIn(year, m)) return undefined;
  return `${year}-${pad(m)}-${pad(d)}`;
}
const plain = (line: string) =>
  line
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * An amount with exactly two decimals, as statements print them: '1,234.56', '1 234,56 $', '$1234.56',
 * '(12.00)' or '-12.00' or '12.00-' negative. Group separators: comma, dot, space, no-break spaces.
 */
const AMOUNT =
  /(?<![\d.,/])(\(?-?\$?\s?)(\d{1,3}(?:[ ,.\u00a0\u202f]\d{3})+|\d+)([.,]\d{2})(\s?\$?\)?-?)(?!\d|[.,/-]\d)/g;

function amountsIn(line: string): number[] {
  const out: number[] = [];
  for (const m of line.matchAll(AMOUNT)) {
    const [, before, whole, cents, after] = m;
    const value = Number(whole!.replace(/[ ,.\u00a0\u202f]/g, '')) + Number(cents!.slice(1)) / 100;
    const negative = before!.includes('-') || before!.includes('(') || after!.trim().endsWith('-');
    out.push(negative ? -value : value);
  }
  return out;
}

// A row's date at the start of its line: the readings it may have, by the order numeric dates are written.
type RowDate = { mdy?: string; dmy?: string; any?: string };
const ROW_ISO = /^(\d{4})-(\d{2})-(\d{2})\b/;
const ROW_NUMERIC = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{4}|\d{2}))?(?![\d/.-])/;
const ROW_NAMED_MD = new RegExp(`^(${MONTH_PATTERN})\\.? (\\d{1,2})(?:st|nd|rd|th)?,?(?: (\\d{4}))?\\b`);
const ROW_NAMED_DM = new RegExp(`^(\\d{1,2})(?:er|st|nd|rd|th)? (${MONTH_PATTERN})\\.?,?(?: (\\d{4}))?\\b`);

/** The date a row starts with, in each reading, its year from the period when the row leaves it out. */
function rowDate(line: string, period: Period): RowDate | undefined {
  const year = (written: string | undefined, month: number) =>
    written ? +written : month < +period.start.slice(5, 7) ? +period.end.slice(0, 4) : +period.start.slice(0, 4);
  let m = ROW_ISO.exec(line);
  if (m) return { any: iso(+m[1]!, +m[2]!, +m[3]!) };
  m = ROW_NUMERIC.exec(line);
  if (m) {
    const [, a, b, y] = m;
    return { mdy: iso(year(y, +a!), +a!, +b!), dmy: iso(year(y, +b!), +b!, +a!) };
  }
  m = ROW_NAMED_MD.exec(line);
  if (m) return { any: iso(year(m[3], MONTH_NUMBERS[m[1]!]!), MONTH_NUMBERS[m[1]!]!, +m[2]!) };
  m = ROW_NAMED_DM.exec(line);
  if (m) return { any: iso(year(m[3], MONTH_NUMBERS[m[2]!]!), MONTH_NUMBERS[m[2]!]!, +m[1]!) };
  return undefined;
}

const OPENING =
  /\b(?:opening|beginning|starting|previous) balance\b|\bbalance (?:forward|brought forward)\b|\bsolde (?:d'ouverture|d’ouverture|precedent|initial|anterieur|reporte)\b/;
const CENTS = 0.005;
const MAX_LINE = 400;

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

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A bank aggregator's transaction, signed as Plaid signs them: positive is money out, negative money in. */
export type AggregatorTransaction = { date: string; amount: number; pending?: boolean };

/**
 * An account's transactions and its current balance (an aggregator's data, e.g. Plaid's /transactions/get
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

/**
 * A statement's text (lines; pdf.js's items joined per line) to its days. What is read:
 * - the period (statementPeriods, the heading's range);
 * - the opening balance ('Opening balance 10,000.00', 'Solde d'ouverture 10 000,00 $');
 * - each row: a line starting with a date and ending with its amount and the balance after it. Each row's
 *   balance must differ from the one before by exactly its amount: a rise is money in (a deposit), a fall
 *   money out. A row that does not add up, a dated row with a single amount, or dates that read two ways
 *   (03/08 as March 8 and as August 3, both inside the period) make the statement not readable enough.
 */
export function readStatementCash(text: string): CashReading {
  const periods = statementPeriods(text);
  if (!periods.length) return { readable: false, reason: 'noPeriod' };
  // A statement's lines are short: a longer one (a file built to make the patterns below slow) is not read.
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.length <= MAX_LINE)
    .map(plain)
    .filter(Boolean);
  let opening: number | undefined;
  const rows: { line: string; amount: number; balance: number }[] = [];
  for (const line of lines) {
    if (opening === undefined && OPENING.test(line)) {
      const amounts = amountsIn(line);
      if (amounts.length) opening = amounts[amounts.length - 1];
      continue;
    }
    const dated = /^(\d|[a-z]{3,9}\.? \d)/.test(line) && periods.some((p) => rowDate(line, p));
    if (!dated) continue;
    // The period's own line ('08/01/2026 - 08/31/2026') is not a row.
    if (statementPeriods(line).length) continue;
    const amounts = amountsIn(line);
    if (amounts.length === 0) continue;
    if (amounts.length === 1) return { readable: false, reason: 'rowWithoutBalance' };
    rows.push({ line, amount: Math.abs(amounts[amounts.length - 2]!), balance: amounts[amounts.length - 1]! });
  }
  if (opening === undefined) return { readable: false, reason: 'noOpeningBalance' };
  if (!rows.length) return { readable: false, reason: 'noRows' };

  // The readings under which every row falls in the period, in order: exactly one set of dates must remain.
  const candidates = new Map<string, { period: Period; dates: string[] }>();
  for (const period of periods)
    for (const order of ['mdy', 'dmy'] as const) {
      const dates = rows.map((r) => {
        const d = rowDate(r.line, period);
        return d?.any ?? d?.[order];
      });
      const fits = dates.every(
        (d, i) => !!d && d >= period.start && d <= period.end && (i === 0 || d >= dates[i - 1]!),
      );
      if (fits) candidates.set(`${period.start}|${period.end}|${dates.join()}`, { period, dates: dates as string[] });
    }
  if (candidates.size !== 1) return { readable: false, reason: 'datesUnclear' };
  const { period, dates } = [...candidates.values()][0]!;

  const entries: CashEntry[] = [];
  let before = opening;
  for (const [i, row] of rows.entries()) {
    const change = row.balance - before;
    if (Math.abs(Math.abs(change) - row.amount) > CENTS) return { readable: false, reason: 'balancesDisagree' };
    entries.push({ date: dates[i]!, deposit: change > 0 ? row.amount : 0, balance: row.balance });
    before = row.balance;
  }
  return { readable: true, cash: cashFromEntries(period, entries, opening) };
}

/** Several statements' days as one run, in date order (a day two statements both cover: the later one's). */
export function joinCash(statements: CashDays[]): CashEntry[] {
  const byDay = new Map<string, CashEntry>();
  for (const s of [...statements].sort((a, b) => a.period.start.localeCompare(b.period.start)))
    for (const d of s.days) byDay.set(d.date, d);
  return [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
}

const isBusinessDay = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
};

/** An offer's repayment schedule as affordability replays it. */
export type PaymentSchedule = { payment: number; frequency: 'daily' | 'weekly' | 'monthly' };
/** Payments a year of each frequency, and business days a year (as the offers' APR counts them). */
const PER_YEAR = { daily: 252, weekly: 52, monthly: 12 } as const;

/** Whether a payment of the schedule falls on that day: every business day, each Monday, each month's first business day. */
function paymentDay(date: string, frequency: PaymentSchedule['frequency'], days: CashEntry[], i: number): boolean {
  if (!isBusinessDay(date)) return false;
  if (frequency === 'daily') return true;
  if (frequency === 'weekly') return new Date(`${date}T00:00:00Z`).getUTCDay() === 1;
  // Monthly: the first business day of its month in the run.
  for (let j = i - 1; j >= 0 && days[j]!.date.slice(0, 7) === date.slice(0, 7); j--)
    if (isBusinessDay(days[j]!.date)) return false;
  return true;
}

export type Affordability = {
  /** The schedule's cost per business day over the average deposits per business day, in percent (1 decimal). */
  sharePercent: number;
  /** The lowest end-of-day balance of the statements' days once the schedule's payments are taken out. */
  lowestBalance: number;
  /** The day it happens. */
  lowestOn: string;
};

/** Average money in per business day: all deposits of the run over its business days (Monday to Friday). */
export function averageDailyDeposits(days: CashEntry[]): number {
  const business = days.filter((d) => isBusinessDay(d.date)).length;
  const total = days.reduce((sum, d) => sum + d.deposit, 0);
  return business ? total / business : 0;
}

/**
 * What a schedule costs against the statements' days (issue 27 item 3), defined as:
 * - share: the schedule's cost per business day (payment × payments a year ÷ 252; the daily payment
 *   itself for a daily schedule) ÷ the average deposits per business day (averageDailyDeposits);
 * - lowest balance: the statements' period replayed with the schedule's payments taken out (every
 *   business day for daily, each Monday for weekly, each month's first business day for monthly; holidays
 *   are not known and count as business days): each day's balance is the statement's end-of-day balance
 *   less all payments up to and including that day, and the lowest of those is answered.
 * Undefined when the run has no deposits (a share of nothing says nothing).
 */
export function affordability(days: CashEntry[], schedule: PaymentSchedule): Affordability | undefined {
  const average = averageDailyDeposits(days);
  if (!(average > 0) || !days.length) return undefined;
  const perBusinessDay = (schedule.payment * PER_YEAR[schedule.frequency]) / PER_YEAR.daily;
  let paid = 0;
  let lowest = { balance: Infinity, date: days[0]!.date };
  days.forEach((d, i) => {
    if (paymentDay(d.date, schedule.frequency, days, i)) paid += schedule.payment;
    const balance = d.balance - paid;
    if (balance < lowest.balance) lowest = { balance, date: d.date };
  });
  return {
    sharePercent: Math.round((perBusinessDay / average) * 1000) / 10,
    lowestBalance: round2(lowest.balance),
    lowestOn: lowest.date,
  };
}

/** What each offer costs against the statements, with the offers (issue 27 item 3). */
export type OfferAffordability =
  | {
      readable: true;
      /** Average deposits per business day over all statements. */
      averageDailyDeposits: number;
      options: ({ id: string } & PaymentSchedule & Affordability)[];
    }
  /** Some statement's text could not be read well enough (or there is none, or no money came in). */
  | { readable: false };

/**
 * The schedule each option is measured with: a standard offer's daily payment (each business day), a
 * line of credit's monthly payment if fully drawn.
 */
export function offerSchedule(o: Record<string, string>): PaymentSchedule | undefined {
  const [payment, frequency] = o.maxAmount
    ? [Number(o.monthlyPayments), 'monthly' as const]
    : [Number(o.dailyPayment), 'daily' as const];
  return payment > 0 ? { payment, frequency } : undefined;
}

/** Every option measured against every statement's days; not readable when any statement was not. */
export function offerAffordability(
  options: Record<string, string>[],
  statements: (CashReading | undefined)[],
): OfferAffordability {
  if (!statements.length || statements.some((s) => !s?.readable)) return { readable: false };
  const days = joinCash(statements.map((s) => (s as Extract<CashReading, { readable: true }>).cash));
  const average = averageDailyDeposits(days);
  if (!(average > 0)) return { readable: false };
  const measured: Extract<OfferAffordability, { readable: true }>['options'] = [];
  for (const o of options) {
    const schedule = offerSchedule(o);
    const figures = schedule && affordability(days, schedule);
    if (schedule && figures && o.id) measured.push({ id: o.id, ...schedule, ...figures });
  }
  return { readable: true, averageDailyDeposits: round2(average), options: measured };
}
