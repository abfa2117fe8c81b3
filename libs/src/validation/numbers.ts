/**
 * Numbers as the forms type them. Only plain decimal is a number here: JavaScript's Number() also reads
 * hex ('0x10' is 16), exponents ('1e308'), 'Infinity' and whitespace as 0, none of which a person means.
 */
import { COMMON_CODES } from './codes';
import { isAbsent, type Rule } from './rules';

/** The most any number input holds (the specification: 'number inputs at most 99999999'). */
export const NUMBER_INPUT_MAX = 99_999_999;

/** Currency as the mask writes it: optional minus and $, digits (commas between groups of three), decimals. */
const CURRENCY = /^-?\$?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?$/;
/** A number input's value: optional minus, digits, optional decimals ('.5' as a browser may give it). */
const PLAIN = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;
/** Longer than any amount the rules allow, with room for the mask: a cap before the patterns run. */
const MAX_NUMBER_TEXT = 24;

const parseWith =
  (re: RegExp) =>
  (v: unknown): number => {
    if (typeof v === 'number') return Number.isFinite(v) ? v : NaN;
    if (typeof v !== 'string') return NaN;
    const s = v.trim();
    return s.length <= MAX_NUMBER_TEXT && re.test(s) ? Number(s.replace(/[$,]/g, '')) : NaN;
  };

/** A currency value as typed ('$1,234.50') or sent (1234.5); NaN when it is not plain decimal. */
export const parseAmount = parseWith(CURRENCY);

/** A number input's value ('42', 42); NaN when it is not plain decimal. */
export const parseNumber = parseWith(PLAIN);

/**
 * A number field: absent answers `requiredMessage` (undefined for an optional field); a value that is not
 * a number or text answers 'Invalid value', text that is not plain decimal 'Enter a number'; otherwise
 * `check` judges the number.
 */
export const numberRule =
  (
    parse: (v: unknown) => number,
    requiredMessage: string | undefined,
    check: (n: number, form: Readonly<Record<string, unknown>>) => string | undefined,
  ): Rule =>
  (v, form) => {
    if (isAbsent(v)) return requiredMessage;
    if (typeof v !== 'number' && typeof v !== 'string') return COMMON_CODES.invalidValue;
    const n = parse(v);
    return Number.isNaN(n) ? COMMON_CODES.notANumber : check(n, form);
  };

/**
 * An amount field: numberRule over parseAmount, for amounts a client sends as text. Three digits after the
 * point ('450.000') are thousands written another way, or a slip, never cents: refused with that advice
 * rather than read as 450 (the forms send numbers, read by parseLocaleNumber under the same rule).
 */
export const amountNumberRule = (
  requiredMessage: string | undefined,
  check: (n: number, form: Readonly<Record<string, unknown>>) => string | undefined,
): Rule => {
  const rule = numberRule(parseAmount, requiredMessage, check);
  return (v, form) =>
    typeof v === 'string' && /\.\d{3}$/.test(v.trim()) ? COMMON_CODES.thousandsOrCents : rule(v, form);
};

/** A count such as the number of employees: a whole number from 0 to 99,999,999. */
export const countCheck = (n: number): string | undefined =>
  !Number.isInteger(n)
    ? COMMON_CODES.wholeNumber
    : n < 0
      ? COMMON_CODES.negative
      : n > NUMBER_INPUT_MAX
        ? COMMON_CODES.numberTooLarge
        : undefined;
