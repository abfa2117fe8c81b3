import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDate, yearsBefore } from './dates';

describe('calendar dates (2020-99-99 and 0000-00-00 were accepted)', () => {
  it.each([
    ['2020-02-29', true],
    ['2000-02-29', true],
    ['1980-12-10', true],
    ['2021-02-29', false],
    ['1900-02-29', false],
    ['2020-99-99', false],
    ['0000-00-00', false],
    ['1980-13-45', false],
    ['2020-04-31', false],
    ['2020-00-10', false],
    ['415-01-01', false],
    ['2020-1-1', false],
    ['20201-01-01', false],
  ])('%s is %s', (s, ok) => expect(isCalendarDate(s)).toBe(ok));

  it('agrees with the calendar for every day from year 1 to 9999', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }),
        (d) => {
          expect(isCalendarDate(d.toISOString().slice(0, 10))).toBe(true);
        },
      ),
    );
  });

  it('counts whole years back, 29 February becoming the 28th', () => {
    expect(yearsBefore(18, new Date('2026-05-10T12:00:00Z'))).toBe('2008-05-10');
    expect(yearsBefore(1, new Date('2024-02-29T12:00:00Z'))).toBe('2023-02-28');
  });
});
