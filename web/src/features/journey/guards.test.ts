import { describe, expect, it } from 'vitest';
import type { DbUser } from '@portal/libs';
import { guardRedirect } from './guards';

const user = (path: string, sfOpportunityId?: string): DbUser => ({
  _id: 'u',
  email: 'a@example.com',
  userName: 'a@example.com',
  firstName: 'A',
  lastName: 'B',
  applications: [
    { _id: 'a', applicationStatus: 'Created', sfOpportunityId, stage: { pageName: 'X', pageStep: 1, path } },
  ],
});

describe('journey guard (section 2)', () => {
  it('sends pages before the opportunity to /offers, or to a saved /bank-statements or /offers', () => {
    expect(guardRedirect('/business', user('/owners', 'opp'))).toBe('/offers');
    expect(guardRedirect('/owners', user('/bank-statements', 'opp'))).toBe('/bank-statements');
    expect(guardRedirect('/giggle-finance', user('/offers', 'opp'))).toBe('/offers');
  });
  it('lets the applicant stay on the saved stage or go back, never skip ahead', () => {
    expect(guardRedirect('/financial', user('/financial'))).toBeUndefined();
    expect(guardRedirect('/financial', user('/owners'))).toBeUndefined();
    expect(guardRedirect('/giggle-finance', user('/business'))).toBeUndefined();
    expect(guardRedirect('/signature', user('/financial'))).toBe('/financial');
    expect(guardRedirect('/Business'.toLowerCase(), user('/FINANCIAL'))).toBe('/financial');
  });
});
