import { describe, expect, it } from 'vitest';
import { VALID_DETAILS, VALID_OWNER } from '../validation/application.spec-setup';
import { answeredSections } from './answers';
import { isStaleMove, missingAnswers, positionOf, type JourneyPosition } from './stages';

// A whole business as saved: the shared valid details, with the stored record's own values.
const business = {
  ...VALID_DETAILS,
  annualRevenue: 1_200_000,
  amountRequested: 150_000,
  businessStarted: 'Yes',
  businessStartDate: '2018-01-15',
  useOfProceeds: 'Working Capital',
  businessName: 'Analytical Engines LLC',
  avgDailyBalance: 2500,
  industry: 'Professional, Scientific, and Technical Services',
  naics: '541',
};
const owner = {
  ...VALID_OWNER,
  lastName: 'King',
  ownershipPercent: 100,
  creditReport: 720,
  ssn: '123456789',
  isUSCitizen: true,
};
const at = (name: JourneyPosition['pageName'], step: number) => positionOf(name, step)!;

describe('step answers', () => {
  it('knows which sections the saved answers complete', () => {
    expect(answeredSections({})).toEqual([]);
    expect(answeredSections({ business: { annualRevenue: 1000, amountRequested: 500 } })).toEqual(['financial']);
    expect(answeredSections({ business, owners: [owner], offerSelected: true })).toEqual([
      'financial',
      'businessQuestion',
      'businessDetails',
      'owners',
      'offer',
    ]);
    // A lone owner under 51% is not a complete owner set; the giggle path never completes the question.
    expect(answeredSections({ business, owners: [{ ...owner, ownershipPercent: 40 }] })).not.toContain('owners');
    expect(answeredSections({ business: { ...business, businessStarted: 'No' } })).not.toContain('businessQuestion');
  });

  it('holds a move forward past a step without its answers, never a move back', () => {
    const next = { to: 'next' as const };
    expect(missingAnswers(at('FINANCIAL', 1), at('BUSINESS', 1), next)).toBe('ANSWERS_MISSING');
    expect(missingAnswers(at('FINANCIAL', 1), at('BUSINESS', 1), { ...next, answered: ['financial'] })).toBeUndefined();
    expect(missingAnswers(at('BUSINESS', 3), at('SIGNATURE', 1), { ...next, answered: ['financial'] })).toBe(
      'ANSWERS_MISSING',
    );
    expect(missingAnswers(at('BUSINESS', 2), at('BUSINESS', 1), { to: 'back' })).toBeUndefined();
    expect(missingAnswers(at('SIGNATURE', 1), at('DOCUMENTS', 1), next)).toBeUndefined();
  });

  it('calls a move stale when it starts anywhere but the current position', () => {
    expect(isStaleMove(at('BUSINESS', 1), { to: 'next', from: { pageName: 'FINANCIAL', pageStep: 1 } })).toBe(true);
    expect(isStaleMove(at('BUSINESS', 1), { to: 'next', from: { pageName: 'BUSINESS', pageStep: 1 } })).toBe(false);
    expect(isStaleMove(at('BUSINESS', 1), { to: 'next' })).toBe(false);
  });
});
