import { describe, expect, it } from 'vitest';
import { estimatedApr, offerTerms } from './offers';

describe('estimated APR', () => {
  it('solves the rate of a payment schedule', () => {
    // 12 monthly payments of 888.49 repay 10,000 at 12% a year.
    expect(estimatedApr(10_000, 888.49, 12, 12)).toBe(12);
  });
  it('shows what a factor rate costs: 1.22 over 12 months paid daily is far above 22%', () => {
    const apr = estimatedApr(180_000, 871.43, 252, 252);
    expect(apr).toBeGreaterThan(38);
    expect(apr).toBeLessThan(42);
  });
  it('answers 0 for a schedule that repays no more than the amount', () => {
    expect(estimatedApr(1000, 100, 10, 12)).toBe(0);
    expect(estimatedApr(0, 100, 10, 12)).toBe(0);
  });
});

describe('the offers side by side', () => {
  it('a line of credit, fully drawn: 10,000 at 1.5 % a month over 2 years is 499.24 a month, 18 % a year', () => {
    // 10,000 × 0.015 / (1 - 1.015^-24) = 499.24; 24 × 499.24 = 11,981.76.
    expect(offerTerms({ id: 'loc', maxAmount: '10000.00', termYears: '2', monthlyPayments: '499.24' })).toEqual({
      amount: 10_000,
      termMonths: 24,
      payment: 499.24,
      frequency: 'monthly',
      payments: 24,
      totalPayback: 11_981.76,
      costOfCapital: 1_981.76,
      apr: 18,
    });
  });

  it('a standard offer by its daily schedule: 21 payments of 100.00 repaying 2,000 cost 100.00, 112.9 % a year', () => {
    // The rate r with 100 × (1 - (1 + r)^-21) / r = 2,000: at r = 0.447 % the payments are worth 2,000.19,
    // at 0.448 % 1,999.97, so r = 0.4479 % a business day; × 252 = 112.9 % a year.
    const terms = offerTerms({
      id: 'std-1',
      offeredAmount: '2000.00',
      dailyPayment: '100.00',
      noOfdailyPayments: '21',
      monthlyTerm: '1',
      totalPayment: '2100.00',
    });
    expect(terms).toMatchObject({ amount: 2_000, termMonths: 1, payment: 100, frequency: 'daily', payments: 21 });
    expect(terms.totalPayback).toBe(2_100);
    expect(terms.costOfCapital).toBe(100);
    expect(terms.apr).toBe(112.9);
  });
});
