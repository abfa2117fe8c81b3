import { describe, expect, it } from 'vitest';
import { INITIAL_POSITION, positionOf, type StageName } from '@portal/libs';
import { progressOn } from '../../lib/journey/journey-routes';
import { mobileWindow, stageFills } from './progress';

describe('progress bar', () => {
  it('fills the current stage by step and earlier stages fully', () => {
    expect(stageFills('BUSINESS', 2).map((f) => f.percent)).toEqual([100, 100, 67, 0, 0]);
    expect(stageFills('DOCUMENTS', 3).map((f) => f.percent)).toEqual([100, 100, 100, 100, 100]);
    expect(stageFills('PERSONAL', 1).map((f) => f.percent)).toEqual([100, 0, 0, 0, 0]);
  });

  it('shows three stages on mobile, starting at the current one', () => {
    expect(mobileWindow(stageFills('FINANCIAL', 1)).map((f) => f.name)).toEqual(['FINANCIAL', 'BUSINESS', 'SIGNATURE']);
    expect(mobileWindow(stageFills('PERSONAL', 1)).map((f) => f.name)).toEqual(['PERSONAL', 'FINANCIAL', 'BUSINESS']);
    expect(mobileWindow(stageFills('DOCUMENTS', 1)).map((f) => f.name)).toEqual(['BUSINESS', 'SIGNATURE', 'DOCUMENTS']);
  });
});

describe('progressOn', () => {
  it('uses the page-step mapping for pages that have one', () => {
    const saved = (pageName: StageName, pageStep: number) => positionOf(pageName, pageStep) ?? INITIAL_POSITION;
    expect(progressOn('/business', saved('BUSINESS', 2))).toEqual({ stage: 'BUSINESS', step: 2 });
    expect(progressOn('/owners', saved('BUSINESS', 3))).toEqual({ stage: 'BUSINESS', step: 4 });
    expect(progressOn('/offers', saved('DOCUMENTS', 3))).toEqual({ stage: 'DOCUMENTS', step: 3 });
    expect(progressOn('/signature', INITIAL_POSITION)).toEqual({ stage: 'SIGNATURE', step: 1 });
    expect(progressOn('/login', INITIAL_POSITION)).toBeUndefined();
  });
});
