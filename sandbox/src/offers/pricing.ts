/**
 * The pricing model of the offer-calculation stand-in (documented with its table in README.md).
 * Inputs: the first owner's credit score, the business start date and annual revenue.
 */
export type OfferInput = { score: number; businessStartDate: string; annualRevenue: number };

export type StandardOffer = {
  id: string;
  offeredAmount: string;
  noOfdailyPayments: string;
  dailyPayment: string;
  dailyPayments: string;
  totalDailyPayments: string;
  noOfweeklyPayments: string;
  weeklyPayment: string;
  weeklyPayments: string;
  monthlyTerm: string;
  monthlyPayment: string;
  totalPayment: string;
  factorRate: string;
  offerIndex: string;
  offerLabel: string;
  isSelected: string;
};
export type LineOfCreditOffer = {
  id: string;
  maxAmount: string;
  termYears: string;
  monthlyInterestRate: string;
  monthlyPayments: string;
  isSelected: string;
};

export const MIN_SCORE = 550;
export const MIN_MONTHS_IN_BUSINESS = 3;
export const MIN_ANNUAL_REVENUE = 60_000;
export const MIN_OFFER = 5_000;
export const MAX_STANDARD = 500_000;
export const MAX_LINE = 250_000;

type Band = {
  name: 'A' | 'B' | 'C' | 'D';
  min: number;
  factor: number;
  revenueShare: number;
  terms: number[];
  loc?: { rate: number; years: number };
};
/** Credit score bands: base factor rate, share of annual revenue offered, terms (months), line of credit. */
export const BANDS: Band[] = [
  { name: 'A', min: 720, factor: 1.18, revenueShare: 0.15, terms: [6, 9, 12], loc: { rate: 0.015, years: 2 } },
  { name: 'B', min: 660, factor: 1.25, revenueShare: 0.15, terms: [6, 9, 12], loc: { rate: 0.022, years: 1 } },
  { name: 'C', min: 600, factor: 1.32, revenueShare: 0.1, terms: [6, 9] },
  { name: 'D', min: MIN_SCORE, factor: 1.4, revenueShare: 0.1, terms: [6] },
];
/** Added to the factor rate for each 3 months beyond 6, and for a business younger than 2 years. */
export const TERM_STEP_FACTOR = 0.02;
export const YOUNG_BUSINESS_FACTOR = 0.03;
/** Share of the maximum offered on the shortest to the longest term. */
export const TERM_SHARES: Record<number, number> = { 6: 0.6, 9: 0.8, 12: 1 };
export const BUSINESS_DAYS_PER_MONTH = 21;

const money = (n: number) => n.toFixed(2);
const floorTo = (n: number, step: number) => Math.floor(n / step) * step;

export function monthsBetween(start: Date, today: Date): number {
  return (
    (today.getFullYear() - start.getFullYear()) * 12 +
    (today.getMonth() - start.getMonth()) -
    (today.getDate() < start.getDate() ? 1 : 0)
  );
}

export function priceOffers(input: OfferInput, today = new Date()): (StandardOffer | LineOfCreditOffer)[] {
  const start = new Date(`${input.businessStartDate}T00:00:00`);
  const months = Number.isNaN(start.getTime()) ? -1 : monthsBetween(start, today);
  const band = BANDS.find((b) => input.score >= b.min);
  if (!band || months < MIN_MONTHS_IN_BUSINESS || input.annualRevenue < MIN_ANNUAL_REVENUE) return [];
  const young = months < 24 ? YOUNG_BUSINESS_FACTOR : 0;
  const max = Math.min(floorTo(input.annualRevenue * band.revenueShare, 1000), MAX_STANDARD);
  const offers: (StandardOffer | LineOfCreditOffer)[] = [];
  band.terms.forEach((term, i) => {
    const amount = floorTo(max * (TERM_SHARES[term] ?? 1), 1000);
    if (amount < MIN_OFFER) return;
    const factor = band.factor + young + ((term - 6) / 3) * TERM_STEP_FACTOR;
    const total = amount * factor;
    const daily = term * BUSINESS_DAYS_PER_MONTH;
    const weekly = Math.round((term * 52) / 12);
    offers.push({
      id: `std-${term}`,
      offeredAmount: money(amount),
      noOfdailyPayments: String(daily),
      dailyPayment: money(total / daily),
      dailyPayments: money(total / daily),
      totalDailyPayments: money(total),
      noOfweeklyPayments: String(weekly),
      weeklyPayment: money(total / weekly),
      weeklyPayments: money(total),
      monthlyTerm: String(term),
      monthlyPayment: money(total / term),
      totalPayment: money(total),
      factorRate: factor.toFixed(2),
      offerIndex: String(i),
      offerLabel: `${term}-month term`,
      isSelected: 'false',
    });
  });
  if (band.loc) {
    const limit = Math.min(floorTo(input.annualRevenue * 0.1, 1000), MAX_LINE);
    if (limit >= MIN_OFFER) {
      const r = band.loc.rate;
      const n = band.loc.years * 12;
      offers.push({
        id: 'loc',
        maxAmount: money(limit),
        termYears: String(band.loc.years),
        monthlyInterestRate: (r * 100).toFixed(2),
        monthlyPayments: money((limit * r) / (1 - (1 + r) ** -n)),
        isSelected: 'false',
      });
    }
  }
  return offers;
}
