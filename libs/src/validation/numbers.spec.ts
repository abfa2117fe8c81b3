import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCurrency } from './formats';
import { amountNumberRule, countCheck, numberRule, parseAmount, parseNumber } from './numbers';
import { FINANCIAL_RULES } from './application';
import { messageText } from './codes';

/** The rules answer codes; the English the api answers for them is what the specification words. */
const english = (code: string | undefined) => (code === undefined ? undefined : messageText(code));

describe('numbers are plain decimal only ("0x10" revenue became 16)', () => {
  it.each([
    ['$1,234.56', 1234.56],
    ['$1,234.', 1234],
    ['1234', 1234],
    [' $99,000,000 ', 99_000_000],
    ['-5', -5],
    [50_000, 50_000],
    ['0x10', NaN],
    ['0b11', NaN],
    ['0o17', NaN],
    ['1e5', NaN],
    ['Infinity', NaN],
    ['NaN', NaN],
    ['', NaN],
    ['   ', NaN],
    ['1,2,3', NaN],
    ['12,34', NaN],
    ['$', NaN],
    [Infinity, NaN],
    [NaN, NaN],
    [{ $ne: null }, NaN],
    [['5'], NaN],
    [true, NaN],
  ])('parseAmount(%j) is %s', (v, n) => expect(parseAmount(v)).toBe(n));

  it.each([
    ['42', 42],
    ['.5', 0.5],
    ['-1', -1],
    [720, 720],
    ['$42', NaN],
    ['4,200', NaN],
    ['1e3', NaN],
    ['0x2A', NaN],
  ])('parseNumber(%j) is %s', (v, n) => expect(parseNumber(v)).toBe(n));

  it('reads back every amount the currency mask writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_900_000_000 }), (cents) => {
        const typed = formatCurrency((cents / 100).toFixed(2));
        expect(parseAmount(typed)).toBeCloseTo(cents / 100, 2);
      }),
    );
  });

  it('refuses any text with a letter in it', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{0,6}$/),
        fc.stringMatching(/^[a-zA-Z]$/),
        fc.stringMatching(/^\d{0,6}$/),
        (a, l, b) => {
          expect(parseAmount(`${a}${l}${b}`)).toBeNaN();
          expect(parseNumber(`${a}${l}${b}`)).toBeNaN();
        },
      ),
    );
  });
});

describe('number fields', () => {
  const employees = numberRule(parseNumber, undefined, countCheck);
  it.each([
    ['', undefined],
    [null, undefined],
    ['12', undefined],
    [12, undefined],
    [0, undefined],
    [99_999_999, undefined],
    [-5, 'Must be 0 or more'],
    [1e308, 'Must be 99,999,999 or less'],
    [100_000_000, 'Must be 99,999,999 or less'],
    [2.5, 'Enter a whole number'],
    ['0x10', 'Enter a number'],
    ['1e308', 'Enter a number'],
    [{ $ne: null }, 'Invalid value'],
    [[12], 'Invalid value'],
    [true, 'Invalid value'],
  ])('employees %j -> %s', (v, message) => expect(english(employees(v, {}))).toBe(message));
});

describe('an amount sent as text with three digits after its point ("450.000" was read as 450)', () => {
  const amount = amountNumberRule('application.amountRequestedRequired', () => undefined);
  it.each(['450.000', '$60.000', ' $1,234.567 '])('%j is refused with its advice', (v) => {
    expect(amount(v, {})).toBe('common.thousandsOrCents');
    expect(FINANCIAL_RULES.amountRequested(v, {})).toBe('common.thousandsOrCents');
  });
  it.each(['450,000', '$450,000.50', '1.50', '450000', 450.5])('%j is read as the number it is', (v) =>
    expect(FINANCIAL_RULES.amountRequested(v, {})).toBeUndefined(),
  );
});
