import { perLanguage } from './language-table';
import type { ApplicantLanguage } from './languages';

/** Offer options as the api answers them: every value a string, as the offer service sends them. */
export type OfferOptionView = Record<string, string> & { id: string; isSelected: string };

export const isLineOfCredit = (o: Record<string, string>) => !!o.maxAmount;

/**
 * The estimated APR of a fixed payment schedule: the yearly rate at which `count` payments of `payment`,
 * `perYear` of them a year, repay `amount` (bisection on the period rate), in percent with 1 decimal.
 */
export function estimatedApr(amount: number, payment: number, count: number, perYear: number): number {
  if (!(amount > 0) || !(payment > 0) || !(count > 0) || payment * count <= amount) return 0;
  const presentValue = (r: number) => (payment * (1 - (1 + r) ** -count)) / r;
  let lo = 1e-9;
  let hi = 1;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (presentValue(mid) > amount) lo = mid;
    else hi = mid;
  }
  return Math.round(((lo + hi) / 2) * perYear * 1000) / 10;
}

const percents = perLanguage(
  (language) => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }),
);

/**
 * A rate as every place that shows one writes it (the offer card and table, the offer email): the figure
 * given in percent, at most two decimals and no trailing zero ('1.50' -> '1.5%', '1,5 %' in French).
 */
export function formatPercent(percent: number | string | undefined | null, language: ApplicantLanguage = 'en'): string {
  return percents(language).format((Number(percent ?? 0) || 0) / 100);
}

/** Business days a year for daily payments (21 a month), weeks for weekly ones. */
export const DAILY_PAYMENTS_PER_YEAR = 252;
export const WEEKLY_PAYMENTS_PER_YEAR = 52;

/** An option's figures side by side, as numbers, so options can be compared. */
export type OfferTerms = {
  amount: number;
  termMonths: number;
  payment: number;
  frequency: 'daily' | 'monthly';
  payments: number;
  totalPayback: number;
  /** What the money costs: the total payback less the amount. */
  costOfCapital: number;
  /** estimatedApr of the payment schedule (an internal rate of return made yearly). */
  apr: number;
};

/**
 * The comparison's figures: a standard offer by its daily schedule (noOfdailyPayments of dailyPayment,
 * 252 a year); a line of credit as if fully drawn at once and repaid by its monthly payment over its term.
 */
export function offerTerms(o: Record<string, string>): OfferTerms {
  const money = (n: number) => Math.round(n * 100) / 100;
  if (isLineOfCredit(o)) {
    const amount = Number(o.maxAmount);
    const payment = Number(o.monthlyPayments);
    const payments = Number(o.termYears) * 12;
    const totalPayback = money(payment * payments);
    return {
      amount,
      termMonths: payments,
      payment,
      frequency: 'monthly',
      payments,
      totalPayback,
      costOfCapital: money(totalPayback - amount),
      apr: estimatedApr(amount, payment, payments, 12),
    };
  }
  const amount = Number(o.offeredAmount);
  const payment = Number(o.dailyPayment);
  const payments = Number(o.noOfdailyPayments);
  const totalPayback = Number(o.totalPayment) || money(payment * payments);
  return {
    amount,
    termMonths: Number(o.monthlyTerm),
    payment,
    frequency: 'daily',
    payments,
    totalPayback,
    costOfCapital: money(totalPayback - amount),
    apr: estimatedApr(amount, payment, payments, DAILY_PAYMENTS_PER_YEAR),
  };
}
