import { describe, expect, it } from 'vitest';
import { mobileWindow, progressFor, stageFills } from './progress';

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

describe('progressFor', () => {
  it('uses the page-step mapping for pages that have one', () => {
    expect(progressFor('/business', { pageName: 'BUSINESS', pageStep: 2 })).toEqual({ stage: 'BUSINESS', step: 2 });
    expect(progressFor('/owners', { pageName: 'BUSINESS', pageStep: 3 })).toEqual({ stage: 'BUSINESS', step: 4 });
    expect(progressFor('/offers', { pageName: 'DOCUMENTS', pageStep: 3 })).toEqual({ stage: 'DOCUMENTS', step: 3 });
    expect(progressFor('/signature')).toEqual({ stage: 'SIGNATURE', step: 1 });
    expect(progressFor('/login')).toBeUndefined();
  });
});
