import { describe, expect, it } from 'vitest';
import { FINANCIAL_RULES, OWNER_RULES } from './application';
import { COMMON_CODES, messageText } from './codes';
import { localeNumberRules, parseLocaleAmount, parseLocaleNumber } from './locale-numbers';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const C = COMMON_CODES;

describe('parseLocaleAmount in Canadian French (450 000,50 was read as 45,000,050)', () => {
  it.each([
    ['450 000,50', 450000.5],
    [`450${NBSP}000,50`, 450000.5],
    [`450${NNBSP}000,50`, 450000.5],
    [`450${NBSP}000,50${NBSP}$`, 450000.5],
    ['450 000,50 $', 450000.5],
    ['450 000,50$', 450000.5],
    ['$450 000,50', 450000.5],
    ['$ 450 000', 450000],
    ['  1 200 000  ', 1200000],
    ['1200000', 1200000],
    ['1 234 567,8', 1234567.8],
    ['12,5', 12.5],
    ['0,75', 0.75],
    [',5', 0.5],
    ['450 000,', 450000],
    ['-5', -5],
    ['-5 $', -5],
  ])('%j is %d', (text, n) => expect(parseLocaleAmount(text, 'fr-CA')).toBe(n));

  it.each([
    ['1.234', C.frenchDecimalPoint],
    ['1.5', C.frenchDecimalPoint],
    ['1 234.50', C.frenchDecimalPoint],
    ['$1,234.56', C.frenchDecimalPoint],
    ['1.234.567', C.frenchDecimalPoint],
    ['1,234', C.thousandsOrCents],
    ['999,000', C.thousandsOrCents],
    ['1,2,3', C.ambiguous],
    ['45 00', C.ambiguous],
    ['1 23 456', C.ambiguous],
    ['1234 567', C.ambiguous],
    ['1,23 4', C.ambiguous],
    ['1 234,567', C.thousandsOrCents],
    ['1234,567', C.thousandsOrCents],
    ['0,125', C.tooManyDecimals],
    ['0,1250', C.tooManyDecimals],
    ['abc', C.notANumber],
    ['', C.notANumber],
    ['$', C.notANumber],
    ['$5$', C.notANumber],
    ['5 €', C.notANumber],
    ['0x10', C.notANumber],
    ['1e5', C.notANumber],
    ['1'.repeat(41), C.notANumber],
  ])('%j is refused with %s', (text, code) => expect(parseLocaleAmount(text, 'fr-CA')).toBe(code));
});

describe('parseLocaleAmount in English', () => {
  it.each([
    ['450,000.50', 450000.5],
    ['$450,000.50', 450000.5],
    ['450,000.50 $', 450000.5],
    [`450${NBSP}000.50`, 450000.5],
    [`450${NNBSP}000`, 450000],
    ['1,234', 1234],
    ['1234.5', 1234.5],
    ['.5', 0.5],
    ['450,000.', 450000],
    ['-$5', -5],
    ['$-5', -5],
  ])('%j is %d', (text, n) => expect(parseLocaleAmount(text, 'en')).toBe(n));

  it.each([
    ['1.234', C.thousandsOrCents],
    ['1,5', C.ambiguous],
    ['12,34', C.ambiguous],
    ['450 000,50', C.ambiguous],
    ['1.234,56', C.ambiguous],
    ['1.234.567', C.ambiguous],
    ['1,234 567', C.ambiguous],
    ['1,234.567', C.thousandsOrCents],
    ['0.125', C.tooManyDecimals],
    ['twelve', C.notANumber],
  ])('%j is refused with %s', (text, code) => expect(parseLocaleAmount(text, 'en')).toBe(code));

  it('takes a number as it is, and refuses what is neither text nor a finite number', () => {
    expect(parseLocaleAmount(1234.5, 'en')).toBe(1234.5);
    expect(parseLocaleAmount(Infinity, 'fr-CA')).toBe(C.notANumber);
    expect(parseLocaleAmount({}, 'en')).toBe(C.invalidValue);
  });
});

describe('parseLocaleAmount in US Spanish: written as Intl es-US writes it ($1,234.56)', () => {
  it('reads what es-US Intl writes, and refuses a decimal comma as English does', () => {
    const written = new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(450000.5);
    expect(parseLocaleAmount(written, 'es-US')).toBe(450000.5);
    expect(parseLocaleAmount('450,000.50', 'es-US')).toBe(450000.5);
    expect(parseLocaleAmount('$1,234', 'es-US')).toBe(1234);
    expect(parseLocaleAmount('1.234', 'es-US')).toBe(C.thousandsOrCents);
    expect(parseLocaleAmount('450 000,50', 'es-US')).toBe(C.ambiguous);
    // Only French refuses a decimal point with its own message.
    expect(parseLocaleAmount('1.5', 'es-US')).toBe(1.5);
    expect(parseLocaleAmount('1.5', 'fr')).toBe(C.frenchDecimalPoint);
  });
});

describe('an amount that reads as thousands or as cents is refused, never cut to its cents (450,000 was stored 450)', () => {
  it.each([
    ['450 000', 'fr-CA', 450000],
    [`450${NBSP}000 $`, 'fr-CA', 450000],
    ['450000,50', 'fr-CA', 450000.5],
    ['1,5', 'fr-CA', 1.5],
    ['60 000', 'fr-CA', 60000],
    ['450,000', 'en', 450000],
    ['1.50', 'en', 1.5],
    ['$60,000', 'en', 60000],
  ])('%j in %s is %d', (text, lng, n) => expect(parseLocaleAmount(text, lng)).toBe(n));

  it.each([
    ['450,000', 'fr-CA'],
    ['60,000', 'fr-CA'],
    ['450,000 $', 'fr-CA'],
    ['1 450,000', 'fr-CA'],
    ['450.000', 'en'],
    ['$60.000', 'en'],
  ])('%j in %s is refused with its advice', (text, lng) =>
    expect(parseLocaleAmount(text, lng)).toBe(C.thousandsOrCents),
  );

  it('says in English how to write it', () =>
    expect(messageText(C.thousandsOrCents)).toBe(
      'Write 450,000 or 450000: a period marks the cents, as in 450,000.50.',
    ));

  it('is judged the same by the form rules, in both languages', () => {
    const kinds = { annualRevenue: 'money', amountRequested: 'money' } as const;
    expect(localeNumberRules(FINANCIAL_RULES, kinds, 'fr-CA').amountRequested('450,000', {})).toBe(C.thousandsOrCents);
    expect(localeNumberRules(FINANCIAL_RULES, kinds, 'en').amountRequested('450.000', {})).toBe(C.thousandsOrCents);
    expect(localeNumberRules(FINANCIAL_RULES, kinds, 'en').amountRequested('450,000', {})).toBeUndefined();
  });

  it('leaves the other numbers to their own messages (no cents in a share or a score)', () => {
    expect(parseLocaleNumber('51,555', 'fr-CA', { symbol: '%' })).toBe(C.ambiguous);
    expect(parseLocaleNumber('51,5555', 'fr-CA', { symbol: '%' })).toBe(C.tooManyDecimals);
    expect(parseLocaleNumber('7,500', 'fr-CA', { maxDecimals: 0 })).toBe(C.ambiguous);
  });
});

describe('percentages and scores', () => {
  it('reads a share with % before or after, in either language', () => {
    expect(parseLocaleNumber('51,5 %', 'fr-CA', { symbol: '%' })).toBe(51.5);
    expect(parseLocaleNumber(`51,5${NBSP}%`, 'fr-CA', { symbol: '%' })).toBe(51.5);
    expect(parseLocaleNumber('51.5%', 'en', { symbol: '%' })).toBe(51.5);
    expect(parseLocaleNumber('51.5 $', 'en', { symbol: '%' })).toBe(C.notANumber);
  });
  it('refuses decimals in a whole number, and a separator that could be a group', () => {
    expect(parseLocaleNumber('750', 'fr-CA', { maxDecimals: 0 })).toBe(750);
    expect(parseLocaleNumber('750,5', 'fr-CA', { maxDecimals: 0 })).toBe(C.wholeNumber);
    expect(parseLocaleNumber('7,500', 'fr-CA', { maxDecimals: 0 })).toBe(C.ambiguous);
    expect(parseLocaleNumber('750.5', 'en', { maxDecimals: 0 })).toBe(C.wholeNumber);
    expect(parseLocaleNumber('7,', 'fr-CA', { maxDecimals: 0 })).toBe(C.wholeNumber);
  });
});

describe('localeNumberRules: the text is read in the language, the number judged by the api rule', () => {
  const fr = localeNumberRules(FINANCIAL_RULES, { annualRevenue: 'money', amountRequested: 'money' }, 'fr-CA');
  const en = localeNumberRules(FINANCIAL_RULES, { annualRevenue: 'money', amountRequested: 'money' }, 'en');

  it('passes a French amount the api takes as a number', () => {
    expect(fr.annualRevenue('450 000,50 $', {})).toBeUndefined();
    expect(FINANCIAL_RULES.annualRevenue(450000.5, {})).toBeUndefined();
  });
  it('answers the spec words for the number checks, the same as the api for the number sent', () => {
    expect(fr.amountRequested('', {})).toBe(FINANCIAL_RULES.amountRequested('', {}));
    expect(messageText(fr.amountRequested('', {})!)).toBe('Amount requested is required');
    expect(fr.annualRevenue('0 $', {})).toBe(FINANCIAL_RULES.annualRevenue(0, {}));
    expect(fr.annualRevenue('99 000 000,01 $', {})).toBe(FINANCIAL_RULES.annualRevenue(99000000.01, {}));
    expect(en.annualRevenue('$99,000,000.01', {})).toBe(FINANCIAL_RULES.annualRevenue(99000000.01, {}));
  });
  it('refuses an ambiguous entry with its own message, in either language', () => {
    expect(fr.annualRevenue('1.234', {})).toBe(C.frenchDecimalPoint);
    expect(fr.annualRevenue('1,234', {})).toBe(C.thousandsOrCents);
    expect(en.annualRevenue('1.234', {})).toBe(C.thousandsOrCents);
    expect(en.annualRevenue('1,5', {})).toBe(C.ambiguous);
    expect(messageText(C.ambiguous)).toMatch(/read two ways/);
  });
  it('judges an owner share and score by the owner rules (the country decides the score maximum)', () => {
    const owner = localeNumberRules(OWNER_RULES, { ownershipPercent: 'percent', creditReport: 'score' }, 'fr-CA');
    expect(owner.ownershipPercent('100,5 %', {})).toBe(OWNER_RULES.ownershipPercent(100.5, {}));
    expect(owner.creditReport('875', { country: 'CA' })).toBeUndefined();
    expect(owner.creditReport('875', { country: 'US' })).toBe(OWNER_RULES.creditReport(875, { country: 'US' }));
    expect(owner.firstName).toBe(OWNER_RULES.firstName);
  });
});
