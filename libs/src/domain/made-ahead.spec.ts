import { describe, expect, it } from 'vitest';
import { madeFresh } from './made-ahead';

describe('work made ahead', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');
  const at = (msAgo: number) => new Date(now - msAgo);

  it('answers for the same key within its age, by either clock, stored as a date or its string', () => {
    expect(madeFresh({ at: at(0), for: 'sr-1' }, 'sr-1', 120_000, now)).toBe(true);
    expect(madeFresh({ at: at(119_999).toISOString(), for: 'sr-1' }, 'sr-1', 120_000, now)).toBe(true);
    expect(madeFresh({ at: at(120_000), for: 'sr-1' }, 'sr-1', 120_000, now)).toBe(false);
    // The stamping clock a little ahead: still fresh; far ahead: not trusted.
    expect(madeFresh({ at: at(-30_000), for: 'sr-1' }, 'sr-1', 120_000, now)).toBe(true);
    expect(madeFresh({ at: at(-120_000), for: 'sr-1' }, 'sr-1', 120_000, now)).toBe(false);
  });

  it('does not answer for another key, nor without a stamp', () => {
    expect(madeFresh({ at: at(0), for: 'sr-1' }, 'sr-2', 120_000, now)).toBe(false);
    expect(madeFresh({ at: at(0) }, 'sr-1', 120_000, now)).toBe(false);
    expect(madeFresh({ for: 'sr-1' }, 'sr-1', 120_000, now)).toBe(false);
  });
});
