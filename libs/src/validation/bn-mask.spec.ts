import { describe, expect, it } from 'vitest';
import { BN_INPUT_MAX_LENGTH, formatBn, formatTaxId } from './formats';
import { BN_PATTERN } from './application';

describe('BN mask', () => {
  it('keeps the program suffix as typed, in any case, with or without dashes', () => {
    for (const typed of ['123456789RT0001', '123-456-789rt0001', '123 456 789 RT 0001'])
      expect(formatBn(typed)).toBe('123-456-789RT0001');
    expect(formatBn('123456789RT0001').length).toBe(BN_INPUT_MAX_LENGTH);
    expect(BN_PATTERN.test(formatBn('123456789RT0001'))).toBe(true);
  });

  it('formats progressively and drops what no BN can hold', () => {
    expect(formatBn('12345')).toBe('123-45');
    expect(formatBn('123456789')).toBe('123-456-789');
    expect(formatBn('123456789R')).toBe('123-456-789R');
    expect(formatBn('123456789RX12')).toBe('123-456-789R');
    expect(formatBn('1234567890')).toBe('123-456-789');
    expect(formatBn('123456789RC123456')).toBe('123-456-789RC1234');
    expect(formatTaxId('US', '123456789RT0001')).toBe('12-3456789');
  });
});
