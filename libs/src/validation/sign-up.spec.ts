import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, formatBn, formatCurrency, formatMoney, formatEin, formatSsn, formatTaxId } from './formats';
import { validateForm } from './rules';
import { CONFIRM_SIGN_UP_RULES, LOGIN_RULES } from './account';
import { SIGN_UP_RULES, type SignUpForm } from './sign-up';
import { messageText } from './codes';
// The phone rule reads with the library phone.ts gives it as it loads (the libs index loads it).
import './phone';

/** The rules answer codes; the English the api answers for them is what the specification words. */
const english = (code: string | undefined) => (code === undefined ? undefined : messageText(code));
const inEnglish = (found: Record<string, string>) =>
  Object.fromEntries(Object.entries(found).map(([k, v]) => [k, messageText(v)]));

const valid: SignUpForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  businessName: 'Analytical Engines',
  phone: '(212) 555-0123',
  email: 'ada@example.com',
  password: 'correct horse',
  confirmPassword: 'correct horse',
};
const errorsFor = (change: Partial<SignUpForm>) => inEnglish(validateForm(SIGN_UP_RULES, { ...valid, ...change }));

describe('sign-up rules', () => {
  it('accepts a valid form', () => expect(errorsFor({})).toEqual({}));

  it.each([
    [{ firstName: '' }, 'firstName', 'This field is required'],
    [{ lastName: '' }, 'lastName', 'This field is required'],
    [{ businessName: '' }, 'businessName', 'This field is required'],
    [{ firstName: '   ' }, 'firstName', 'Input cannot be only whitespace'],
    // The lengths of the CRM lead the sign-up becomes: a longer value is refused here, not by Salesforce.
    [{ businessName: 'x'.repeat(255) }, 'businessName', undefined],
    [{ businessName: 'x'.repeat(256) }, 'businessName', 'Business name must be 255 characters or less'],
    [{ firstName: 'x'.repeat(40) }, 'firstName', undefined],
    [{ firstName: 'x'.repeat(41) }, 'firstName', 'First name must be 40 characters or less'],
    [{ lastName: 'x'.repeat(80) }, 'lastName', undefined],
    [{ lastName: 'x'.repeat(81) }, 'lastName', 'Last name must be 80 characters or less'],
    [{ email: `${'a'.repeat(60)}@${'b'.repeat(15)}.com` }, 'email', undefined],
    [{ email: `${'a'.repeat(60)}@${'b'.repeat(16)}.com` }, 'email', 'Email must be 80 characters or less'],
    [{ phone: '' }, 'phone', 'Phone number is required'],
    [{ phone: '(555) 123-456' }, 'phone', 'Invalid phone number format'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'ada@example' }, 'email', 'Please enter a valid email address'],
    [{ email: 'ada@example.xyz' }, 'email', 'Please enter a valid email address'],
    [{ password: '', confirmPassword: '' }, 'password', 'This field is required'],
    [{ password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 8 characters'],
    [
      { password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) },
      'password',
      'Password must be 128 characters or less',
    ],
    [{ confirmPassword: '' }, 'confirmPassword', 'This field is required'],
    [{ confirmPassword: 'different' }, 'confirmPassword', 'Passwords do not match'],
  ])('%o -> %s: %s', (change, field, message) => {
    expect(errorsFor(change)[field]).toBe(message);
  });

  it('accepts every listed top-level domain, case-insensitively', () => {
    // The spec's list as it words it ('Sign-up'), apart from the code's ALLOWED_EMAIL_TLDS.
    const specList =
      'com, org, net, edu, gov, mil, io, co, info, biz, us, uk, ca, au, de, fr, jp, it, es, nl, se, no, ch, be, br, in, mx';
    for (const tld of specList.split(', ')) {
      expect(EMAIL_PATTERN.test(`owner@shop.${tld}`)).toBe(true);
      expect(EMAIL_PATTERN.test(`owner@shop.${tld.toUpperCase()}`)).toBe(true);
    }
    expect(EMAIL_PATTERN.test('owner@shop.dev')).toBe(false);
  });

  it('refuses markup in a name: the CRM, email subjects and the PDF take names as they are', () => {
    const form = { firstName: 'Ada', lastName: 'Lovelace', businessName: 'x' } as Record<string, unknown>;
    for (const field of ['firstName', 'lastName', 'businessName'] as const)
      expect(validateForm(SIGN_UP_RULES, { ...form, [field]: 'A <b>bold</b> name' })[field]).toBe('common.markup');
    expect(validateForm(SIGN_UP_RULES, { ...form, businessName: 'Smith & Sons, Inc.' }).businessName).toBeUndefined();
  });

  it('refuses a local part Salesforce refuses: a leading or trailing dot, or two dots in a row', () => {
    for (const bad of ['.owner@shop.com', 'owner.@shop.com', 'own..er@shop.com'])
      expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
    for (const good of ['o.wner@shop.com', 'o_w+n%er-1@shop.ca']) expect(EMAIL_PATTERN.test(good), good).toBe(true);
  });
});

describe('currency mask', () => {
  it('adds $ and separators and keeps at most 2 decimals', () => {
    expect(formatCurrency('1234567')).toBe('$1,234,567');
    expect(formatCurrency('$1,234.567')).toBe('$1,234.56');
    expect(formatCurrency('0.5')).toBe('$0.5');
    expect(formatCurrency('abc')).toBe('');
  });
  it('keeps the digits typed, in order (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{0,7}$/), (d) => {
        const out = formatCurrency(d);
        expect(out.replace(/[$,]/g, '')).toBe(d);
        expect(out.startsWith('$')).toBe(true);
      }),
    );
  });
});

describe('tax id masks', () => {
  it('formats an EIN as xx-xxxxxxx and a BN as xxx-xxx-xxx', () => {
    expect(formatTaxId('US', '123456789')).toBe('12-3456789');
    expect(formatTaxId(undefined, '12-345678999')).toBe('12-3456789');
    expect(formatTaxId('CA', '123456789')).toBe('123-456-789');
    expect(formatTaxId('CA', '1234')).toBe('123-4');
  });
  it('always yields a valid EIN from 9 digits (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (d) => {
        expect(formatEin(d)).toMatch(/^\d{2}-\d{7}$/);
        expect(formatBn(d)).toMatch(/^\d{3}-\d{3}-\d{3}$/);
      }),
    );
  });
});

describe('SSN and SIN masks', () => {
  it('groups 9 digits by country', () => {
    expect(formatSsn('US', '123456789')).toBe('123-45-6789');
    expect(formatSsn('CA', '123456789')).toBe('123-456-789');
    expect(formatSsn('US', '1234567890')).toBe('123-45-6789');
  });
});

describe('formatMoney', () => {
  it('shows amounts as dollars and cents', () => {
    expect(formatMoney('219600')).toBe('$219,600.00');
    expect(formatMoney(871.4285)).toBe('$871.43');
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatMoney('not a number')).toBe('$0.00');
  });
});

describe('account rules refuse what is not text (a non-string password crashed argon2)', () => {
  it.each([
    ['password', 'Invalid value', LOGIN_RULES, { username: 'ada@example.com', password: 12345678 }],
    ['password', 'Invalid value', LOGIN_RULES, { username: 'ada@example.com', password: { $ne: null } }],
    ['username', 'Invalid value', LOGIN_RULES, { username: { $ne: null }, password: 'correct horse' }],
    [
      'password',
      'Password must be 128 characters or less',
      LOGIN_RULES,
      { username: 'a@b.com', password: 'p'.repeat(129) },
    ],
    [
      'username',
      'Must be 200 characters or less',
      LOGIN_RULES,
      { username: `${'a'.repeat(200)}@b.com`, password: 'x' },
    ],
    ['code', 'Invalid value', CONFIRM_SIGN_UP_RULES, { username: 'ada@example.com', password: 'x', code: 123456 }],
    ['firstName', 'Invalid value', SIGN_UP_RULES, { ...valid, firstName: { $ne: null } }],
    ['lastName', 'Invalid value', SIGN_UP_RULES, { ...valid, lastName: 42 }],
    ['password', 'Invalid value', SIGN_UP_RULES, { ...valid, password: 12345678, confirmPassword: 12345678 }],
    ['businessName', 'Control characters are not allowed', SIGN_UP_RULES, { ...valid, businessName: 'Acme\u0000' }],
  ])('%s: %s', (field, message, rules, form) => expect(english(validateForm(rules, form)[field])).toBe(message));
});
