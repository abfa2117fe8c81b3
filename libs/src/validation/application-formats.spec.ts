import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BN_PATTERN,
  CA_POSTAL_PATTERN,
  EIN_PATTERN,
  OWNER_RULES,
  SIN_PATTERN,
  SSN_PATTERN,
  US_ZIP_PATTERN,
  checkOwnerSet,
  isIssuableSsn,
  requiredStatementCount,
} from './application';
import { normalizeZip } from './formats';
import { validateForm } from './rules';
import { english } from './application.spec-setup';

// Number formats (properties), the owner set on submit and the bank statements each state asks for.

describe('SSNs the SSA never issues (properties)', () => {
  const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
  it('refuses area 000, 666 and 900-999, group 00 and serial 0000, and accepts every other 9 digits', () => {
    fc.assert(
      fc.property(digits(3), digits(2), digits(4), (area, group, serial) => {
        const never = area === '000' || area === '666' || area >= '900' || group === '00' || serial === '0000';
        expect(isIssuableSsn(`${area}-${group}-${serial}`)).toBe(!never);
        expect(english(validateForm(OWNER_RULES, { ssn: `${area}${group}${serial}` }).ssn)).toBe(
          never ? 'Invalid social security number' : undefined,
        );
      }),
    );
    for (const s of ['000-12-3456', '666-12-3456', '900-12-3456', '999-99-9999', '123-00-4567', '123-45-0000'])
      expect(isIssuableSsn(s)).toBe(false);
  });
});

describe('owner set on submit', () => {
  const a = { ownershipPercent: 60, phoneNumber: '(212) 555-0123', ownerEmailId: 'a@example.com' };
  const b = { ownershipPercent: 40, phoneNumber: '(212) 555-0143', ownerEmailId: 'b@example.com' };
  it('accepts a valid set', () => expect(checkOwnerSet([a, b])).toBeUndefined());
  it('refuses a total over 100', () =>
    expect(english(checkOwnerSet([a, { ...b, ownershipPercent: 41 }])?.message)).toBe(
      'Total ownership percentage cannot exceed 100%',
    ));
  it('refuses repeated phones', () =>
    expect(english(checkOwnerSet([a, { ...b, phoneNumber: '2125550123' }])?.message)).toBe(
      'Each phone number must be unique.',
    ));
  it('refuses repeated emails in any case', () =>
    expect(english(checkOwnerSet([a, { ...b, ownerEmailId: 'A@Example.com' }])?.message)).toBe(
      'Each email must be unique.',
    ));
  it('asks for a second owner below 51%', () =>
    expect({
      ...checkOwnerSet([{ ...a, ownershipPercent: 50 }]),
      message: english(checkOwnerSet([{ ...a, ownershipPercent: 50 }])?.message),
    }).toEqual({
      message: 'If your percent ownership is below 51% we require a second owner.',
      addSecondOwner: true,
    }));
});

it('requires 4 bank statements in GA, FL, CA, VA, UT and NY, else 3', () => {
  for (const s of ['GA', 'FL', 'CA', 'VA', 'UT', 'NY']) expect(requiredStatementCount(s)).toBe(4);
  expect(requiredStatementCount('TX')).toBe(3);
  expect(requiredStatementCount(undefined)).toBe(3);
});

describe('format rules (properties)', () => {
  const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
  it('accepts every 2-7 EIN and refuses any other digit count', () => {
    fc.assert(
      fc.property(digits(2), digits(7), (a, b) => {
        expect(EIN_PATTERN.test(`${a}-${b}`)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,12}$/), (d) => {
        expect(EIN_PATTERN.test(d)).toBe(false);
      }),
    );
  });
  it('accepts 3-3-3 BNs with optional dashes and program suffix', () => {
    fc.assert(
      fc.property(
        digits(3),
        digits(3),
        digits(3),
        fc.constantFrom('', 'RP0001', 'RC1234', 'RT0002', 'RM9999'),
        (a, b, c, s) => {
          expect(BN_PATTERN.test(`${a}-${b}-${c}${s}`)).toBe(true);
          expect(BN_PATTERN.test(`${a}${b}${c}${s}`)).toBe(true);
        },
      ),
    );
    expect(BN_PATTERN.test('123-456-789RX0001')).toBe(false);
  });
  it('accepts 9-digit SSNs and SINs in their groupings, dashes optional', () => {
    fc.assert(
      fc.property(digits(9), (d) => {
        expect(SSN_PATTERN.test(d)).toBe(true);
        expect(SSN_PATTERN.test(`${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`)).toBe(true);
        expect(SIN_PATTERN.test(`${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`)).toBe(true);
        expect(SSN_PATTERN.test(`${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,8}$/), (d) => {
        expect(SSN_PATTERN.test(d) || SIN_PATTERN.test(d)).toBe(false);
      }),
    );
  });
  it('accepts 5 and 5+4 zips and A1A 1A1 postal codes', () => {
    fc.assert(
      fc.property(digits(5), digits(4), (a, b) => {
        expect(US_ZIP_PATTERN.test(a)).toBe(true);
        expect(US_ZIP_PATTERN.test(`${a}-${b}`)).toBe(true);
        expect(CA_POSTAL_PATTERN.test(a)).toBe(false);
      }),
    );
    const letter = fc.constantFrom(...'ABCEGHJKLMNPRSTVXY'.split(''));
    const digit = fc.constantFrom(...'0123456789'.split(''));
    fc.assert(
      fc.property(letter, digit, letter, digit, letter, digit, (a, b, c, d, e, f) => {
        expect(CA_POSTAL_PATTERN.test(`${a}${b}${c} ${d}${e}${f}`)).toBe(true);
        expect(CA_POSTAL_PATTERN.test(`${a}${b}${c}${d}${e}${f}`)).toBe(true);
        expect(US_ZIP_PATTERN.test(`${a}${b}${c}${d}${e}${f}`)).toBe(false);
      }),
    );
  });
});

describe('a zip or postal code in its one written form', () => {
  it('upper-cases a Canadian code with one space and trims a US zip', () => {
    for (const written of ['h2x 1y4', 'h2x1y4', ' H2x  1Y4 ', 'H2X 1Y4']) expect(normalizeZip(written)).toBe('H2X 1Y4');
    expect(normalizeZip(' k1a ')).toBe('K1A');
    expect(normalizeZip(' 78701 ')).toBe('78701');
    expect(normalizeZip('78701-1234\t')).toBe('78701-1234');
    // What no rule takes is left as typed (trimmed) for the rule to refuse.
    expect(normalizeZip(' h2x 1y ')).toBe('h2x 1y');
  });
});
