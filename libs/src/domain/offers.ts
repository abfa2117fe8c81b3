/** Offer options as the api answers them (section 3): every value a string. */
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

/** Business days a year for daily payments (21 a month), weeks for weekly ones. */
export const DAILY_PAYMENTS_PER_YEAR = 252;
export const WEEKLY_PAYMENTS_PER_YEAR = 52;
