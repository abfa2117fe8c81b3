/**
 * What each offer's payment schedule costs against the business's cash: the share of its deposits the
 * payments take, and the lowest balance they would have left, so the applicant can compare the offers
 * on their own figures.
 */
import { joinCash, round2, type CashEntry, type CashReading } from './cash-flow';

/**
 * The day of the week of an ISO date ('2026-08-03'), 0 for Sunday: by arithmetic (Sakamoto's), as
 * `Date.getUTCDay` answers it, without parsing a Date for each of the statements' days and each offer.
 */
const T = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
export function weekday(date: string): number {
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  const y = Number(date.slice(0, 4)) - (m < 3 ? 1 : 0);
  return (y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + T[m - 1]! + d) % 7;
}
const isBusinessDay = (date: string) => {
  const day = weekday(date);
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
  if (frequency === 'weekly') return weekday(date) === 1;
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
 * What a schedule costs against the statements' days, defined as:
 * - share: the schedule's cost per business day (payment × payments a year ÷ 252; the daily payment
 *   itself for a daily schedule) ÷ the average deposits per business day (averageDailyDeposits);
 * - lowest balance: the statements' period replayed with the schedule's payments taken out (every
 *   business day for daily, each Monday for weekly, each month's first business day for monthly; holidays
 *   are not known and count as business days): each day's balance is the statement's end-of-day balance
 *   less all payments up to and including that day, and the lowest of those is answered.
 * Undefined when the run has no deposits (a share of nothing says nothing).
 */
export function affordability(
  days: CashEntry[],
  schedule: PaymentSchedule,
  average = averageDailyDeposits(days),
): Affordability | undefined {
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

/** What each offer costs against the statements, with the offers (the api answers it beside them). */
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
    // The days' average is the same for every option: computed once above.
    const figures = schedule && affordability(days, schedule, average);
    if (schedule && figures && o.id) measured.push({ id: o.id, ...schedule, ...figures });
  }
  return { readable: true, averageDailyDeposits: round2(average), options: measured };
}
