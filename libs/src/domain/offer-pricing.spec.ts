import { describe, expect, it } from 'vitest';
import { offerPricingKey } from '../security/offer-pricing-key';
import { OFFER_PRICING_FRESH_MS, offerPricingInputs, pricedFresh } from './offer-pricing';

const answers = {
  business: { businessStartDate: '2015-01-01', annualRevenue: 900_000, businessName: 'Engines Ltd' },
  ownerSet: { owners: [{ creditReport: 720 }, { creditReport: 600 }] },
};
const now = Date.parse('2026-11-29T12:00:00Z');
const stampAt = (ms: number) => ({ pricedAt: new Date(now - ms), pricedFor: offerPricingKey(answers) });

describe('the offers’ pricing and its freshness', () => {
  it('sends the offer service the first owner’s score, the start date and the revenue, 0 or empty when missing', () => {
    expect(offerPricingInputs(answers)).toEqual({
      score: 720,
      businessStartDate: '2015-01-01',
      annualRevenue: 900_000,
    });
    expect(offerPricingInputs({ business: null, ownerSet: { owners: [{ creditReport: '' }] } })).toEqual({
      score: 0,
      businessStartDate: '',
      annualRevenue: 0,
    });
  });

  it('keys the pricing by those inputs only, without holding them in the clear', () => {
    const key = offerPricingKey(answers);
    expect(key).not.toContain('720');
    expect(offerPricingKey({ ...answers, business: { ...answers.business, businessName: 'Other' } })).toBe(key);
    expect(offerPricingKey({ ...answers, ownerSet: { owners: [{ creditReport: 720 }] } })).toBe(key);
    expect(offerPricingKey({ ...answers, business: { ...answers.business, annualRevenue: 900_001 } })).not.toBe(key);
    expect(
      offerPricingKey({ ...answers, business: { ...answers.business, businessStartDate: '2015-01-02' } }),
    ).not.toBe(key);
    expect(offerPricingKey({ ...answers, ownerSet: { owners: [{ creditReport: 721 }] } })).not.toBe(key);
  });

  it('is fresh for the same answers within ten minutes, and not past them', () => {
    expect(OFFER_PRICING_FRESH_MS).toBe(10 * 60_000);
    expect(pricedFresh(stampAt(0), offerPricingKey(answers), now)).toBe(true);
    expect(pricedFresh(stampAt(OFFER_PRICING_FRESH_MS - 1), offerPricingKey(answers), now)).toBe(true);
    expect(pricedFresh(stampAt(OFFER_PRICING_FRESH_MS), offerPricingKey(answers), now)).toBe(false);
    // The worker's clock a little ahead of the api's: still fresh; a stamp far in the future is not trusted.
    expect(pricedFresh(stampAt(-30_000), offerPricingKey(answers), now)).toBe(true);
    expect(pricedFresh(stampAt(-OFFER_PRICING_FRESH_MS), offerPricingKey(answers), now)).toBe(false);
  });

  it('is not fresh for changed answers, nor without a stamp', () => {
    const changed = { ...answers, business: { ...answers.business, annualRevenue: 1 } };
    expect(pricedFresh(stampAt(0), offerPricingKey(changed), now)).toBe(false);
    expect(pricedFresh({}, offerPricingKey(answers), now)).toBe(false);
    expect(pricedFresh({ pricedAt: new Date(now) }, offerPricingKey(answers), now)).toBe(false);
  });
});
