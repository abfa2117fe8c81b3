import { describe, expect, it } from 'vitest';
import { BUSINESS_DETAILS_RULES, OWNER_RULES } from './application';
import { isMasked, keepMasked, typedOverMask, withShownMasks } from './masked';

describe('masked answers round-trip', () => {
  it('keeps what is on file only for the exact mask the api shows for it', () => {
    expect(keepMasked('**-***6789', '12-3456789', '**-***6789')).toBe('12-3456789');
    expect(keepMasked('**-***1111', '12-3456789', '**-***6789')).toBe('**-***1111');
    expect(keepMasked('*****6789', undefined, '')).toBe('*****6789');
    expect(keepMasked('98-7654321', '12-3456789', '**-***6789')).toBe('98-7654321');
    expect(isMasked('****-**-**')).toBe(true);
    expect(isMasked('1980-01-01')).toBe(false);
    expect(isMasked(42)).toBe(false);
  });

  it('lets the form send back the mask it was given, and judges anything else by the field rule', () => {
    const rules = withShownMasks(BUSINESS_DETAILS_RULES, { federalTaxId: '**-***6789' });
    const form = { country: 'US' };
    expect(rules.federalTaxId!('**-***6789', form)).toBeUndefined();
    expect(rules.federalTaxId!('**-***1111', form)).toBe(BUSINESS_DETAILS_RULES.federalTaxId('**-***1111', form));
    expect(rules.federalTaxId!('**-***1111', form)).toBeDefined();
    expect(rules.federalTaxId!('12-3456789', form)).toBeUndefined();
    // Nothing masked on file (a new owner card): the rules as they are.
    expect(withShownMasks(OWNER_RULES, { ssn: '', dateOfBirth: '' })).toBe(OWNER_RULES);
    const owner = withShownMasks(OWNER_RULES, { ssn: '*****6789', dateOfBirth: '****-**-**' });
    expect(owner.dateOfBirth!('****-**-**', { country: 'US' })).toBeUndefined();
    expect(owner.ssn!('*****6789', { country: 'US' })).toBeUndefined();
    expect(owner.ssn!('*****0000', { country: 'US' })).toBeDefined();
  });
});

describe('typing over a mask', () => {
  it('starts the field afresh: what is typed after the mask, or nothing', () => {
    expect(typedOverMask('**-***6789', '**-***67891')).toBe('1');
    expect(typedOverMask('**-***6789', '**-***678')).toBe('');
    // The whole mask replaced (typed over it selected, pasted, filled in): what was typed, not a lost key.
    expect(typedOverMask('**-***6789', '1')).toBe('1');
    expect(typedOverMask('****-**-**', '1980-09-20')).toBe('1980-09-20');
    expect(typedOverMask('**-***6789', '**1-***6789')).toBe('');
    expect(typedOverMask('', '12')).toBe('12');
    expect(typedOverMask('12-3', '12-34')).toBe('12-34');
  });
});
