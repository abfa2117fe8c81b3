import { describe, expect, it } from 'vitest';
import { pageStepFor } from './page-step';

const at = (pageName: string, pageStep: number) => ({ pageName, pageStep });

describe('page-step mapping', () => {
  it('gives FINANCIAL and PERSONAL step 1 without a stage, else the stage step', () => {
    expect(pageStepFor('FINANCIAL')).toBe(1);
    expect(pageStepFor('PERSONAL')).toBe(1);
    expect(pageStepFor('FINANCIAL', at('FINANCIAL', 1))).toBe(1);
    expect(pageStepFor('PERSONAL', at('BUSINESS', 2))).toBe(2);
  });

  it('maps BUSINESS by the saved stage', () => {
    expect(pageStepFor('BUSINESS')).toBe(1);
    expect(pageStepFor('BUSINESS', at('SIGNATURE', 1))).toBe(3);
    expect(pageStepFor('BUSINESS', at('DOCUMENTS', 2))).toBe(3);
    expect(pageStepFor('BUSINESS', at('BUSINESS', 3))).toBe(2);
    expect(pageStepFor('BUSINESS', at('BUSINESS', 1))).toBe(1);
    expect(pageStepFor('BUSINESS', at('BUSINESS', 2))).toBe(2);
    expect(pageStepFor('BUSINESS', at('FINANCIAL', 1))).toBe(1);
  });

  it('gives OWNER 4 whatever the stage', () => {
    expect(pageStepFor('OWNER')).toBe(4);
    expect(pageStepFor('OWNER', at('BUSINESS', 3))).toBe(4);
  });

  it('gives OFFER the DOCUMENTS step other than 1, else 2', () => {
    expect(pageStepFor('OFFER')).toBe(2);
    expect(pageStepFor('OFFER', at('DOCUMENTS', 1))).toBe(2);
    expect(pageStepFor('OFFER', at('DOCUMENTS', 3))).toBe(3);
    expect(pageStepFor('OFFER', at('SIGNATURE', 1))).toBe(2);
  });
});
