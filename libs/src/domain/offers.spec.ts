import { describe, expect, it } from 'vitest';
import { estimatedApr } from './offers';

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
