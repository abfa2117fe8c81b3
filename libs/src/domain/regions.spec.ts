import { describe, expect, it } from 'vitest';
import { CA_PROVINCES, US_STATES, regionCode, regionName } from './regions';
import { maskEmail } from './entities';

describe('regions', () => {
  it('has 50 states plus DC and 13 provinces and territories', () => {
    expect(Object.keys(US_STATES)).toHaveLength(51);
    expect(Object.keys(CA_PROVINCES)).toHaveLength(13);
  });
  it('maps code to name and name to code', () => {
    expect(regionName('US', 'ny')).toBe('New York');
    expect(regionCode('CA', 'british columbia')).toBe('BC');
    expect(regionCode('US', 'Ontario')).toBeUndefined();
  });
});

describe('maskEmail', () => {
  it('keeps the first letters and the top-level domain', () =>
    expect(maskEmail('ada@example.com')).toBe('a***@e***.com'));
});
