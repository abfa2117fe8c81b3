import { describe, expect, it } from 'vitest';
import { priceOffers, type LineOfCreditOffer, type StandardOffer } from './pricing';

const today = new Date(2026, 10, 23);
const std = (o: unknown) => o as StandardOffer;

describe('offer pricing model (README table)', () => {
  it('prices band A: three terms and a line of credit, numbers as strings', () => {
    const offers = priceOffers({ score: 730, businessStartDate: '2018-01-15', annualRevenue: 1_200_000 }, today);
    expect(offers.map((o) => o.id)).toEqual(['std-6', 'std-9', 'std-12', 'loc']);
    const twelve = std(offers[2]);
    expect(twelve).toMatchObject({
      offeredAmount: '180000.00',
      factorRate: '1.22',
      totalPayment: '219600.00',
      noOfdailyPayments: '252',
      dailyPayment: '871.43',
      noOfweeklyPayments: '52',
      weeklyPayment: '4223.08',
      monthlyTerm: '12',
      monthlyPayment: '18300.00',
    });
    expect(std(offers[0]).offeredAmount).toBe('108000.00');
    const loc = offers[3] as LineOfCreditOffer;
    expect(loc).toMatchObject({ maxAmount: '120000.00', termYears: '2', monthlyInterestRate: '1.50' });
    expect(Number(loc.monthlyPayments)).toBeCloseTo(5990.93, 1);
  });

  it('charges more to young businesses and lower bands, with fewer terms', () => {
    const young = priceOffers({ score: 730, businessStartDate: '2025-06-01', annualRevenue: 1_200_000 }, today);
    expect(std(young[0]).factorRate).toBe('1.21');
    const c = priceOffers({ score: 620, businessStartDate: '2018-01-15', annualRevenue: 600_000 }, today);
    expect(c.map((o) => o.id)).toEqual(['std-6', 'std-9']);
    expect(std(c[0])).toMatchObject({ offeredAmount: '36000.00', factorRate: '1.32' });
  });

  it('caps amounts by revenue and at the maximums', () => {
    const big = priceOffers({ score: 800, businessStartDate: '2010-01-01', annualRevenue: 90_000_000 }, today);
    expect(std(big[2]).offeredAmount).toBe('500000.00');
    expect((big[3] as LineOfCreditOffer).maxAmount).toBe('250000.00');
  });

  it('offers nothing below the thresholds', () => {
    expect(priceOffers({ score: 549, businessStartDate: '2018-01-15', annualRevenue: 1_200_000 }, today)).toEqual([]);
    expect(priceOffers({ score: 700, businessStartDate: '2026-09-01', annualRevenue: 1_200_000 }, today)).toEqual([]);
    expect(priceOffers({ score: 700, businessStartDate: '2018-01-15', annualRevenue: 59_999 }, today)).toEqual([]);
  });
});
