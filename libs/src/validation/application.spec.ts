import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BN_PATTERN,
  BUSINESS_DETAILS_RULES,
  BUSINESS_QUESTION_RULES,
  CA_POSTAL_PATTERN,
  EIN_PATTERN,
  FINANCIAL_RULES,
  OWNER_RULES,
  SIN_PATTERN,
  SSN_PATTERN,
  US_ZIP_PATTERN,
  checkOwnerSet,
  isIssuableSsn,
  monthlyRevenue,
  requiredStatementCount,
} from './application';
import { todayIso, yearsBefore } from './dates';
import { validateForm, type RuleSet } from './rules';
import { messageText } from './codes';

/** The rules answer codes; the English the api answers for them is what the specification words. */
const english = (code: string | undefined) => (code === undefined ? undefined : messageText(code));
const inEnglish = (found: Record<string, string>) =>
  Object.fromEntries(Object.entries(found).map(([k, v]) => [k, messageText(v)]));

const check = (rules: RuleSet, valid: Record<string, unknown>) => (change: Record<string, unknown>) =>
  inEnglish(validateForm(rules, { ...valid, ...change }));

describe('financial (section 5)', () => {
  const errors = check(FINANCIAL_RULES, { annualRevenue: '$1,200,000', amountRequested: 50000 });
  it.each([
    [{}, 'annualRevenue', undefined],
    [{ annualRevenue: '' }, 'annualRevenue', 'Annual revenue is required'],
    [{ amountRequested: '' }, 'amountRequested', 'Amount requested is required'],
    [{ annualRevenue: '$0' }, 'annualRevenue', 'Value cannot be zero'],
    [{ amountRequested: '$99,000,001' }, 'amountRequested', 'Value cannot exceed $99,000,000'],
    [{ amountRequested: '$99,000,000' }, 'amountRequested', undefined],
  ])('%o -> %s: %s', (change, field, message) => expect(errors(change)[field]).toBe(message));

  it('sends monthly revenue as annual / 12 with two decimals', () => {
    expect(monthlyRevenue(1_000_000)).toBe(83333.33);
    expect(monthlyRevenue(120)).toBe(10);
  });
});

describe('business question', () => {
  const errors = check(BUSINESS_QUESTION_RULES, { businessStartDate: '2020-01-15', useOfProceeds: 'Working Capital' });
  it.each([
    [{}, 'businessStartDate', undefined],
    [{ businessStartDate: '' }, 'businessStartDate', 'Business start date is required'],
    [{ businessStartDate: '2999-01-01' }, 'businessStartDate', 'Future dates are not allowed'],
    [{ useOfProceeds: '' }, 'useOfProceeds', 'Selection is required'],
  ])('%o -> %s: %s', (change, field, message) => expect(errors(change)[field]).toBe(message));
});

describe('financial: invalid values of issue 10', () => {
  const errors = check(FINANCIAL_RULES, { annualRevenue: '$1,200,000', amountRequested: 50000 });
  it.each([
    [{ annualRevenue: '0x10' }, 'annualRevenue', 'Enter a number'],
    [{ annualRevenue: '1e5' }, 'annualRevenue', 'Enter a number'],
    [{ annualRevenue: 'Infinity' }, 'annualRevenue', 'Enter a number'],
    [{ annualRevenue: { $ne: null } }, 'annualRevenue', 'Invalid value'],
    [{ annualRevenue: 1e308 }, 'annualRevenue', 'Value cannot exceed $99,000,000'],
    [{ amountRequested: -5 }, 'amountRequested', 'Value cannot be zero'],
    [{ amountRequested: '$1,234.' }, 'amountRequested', undefined],
  ])('%o -> %s: %s', (change, field, message) => expect(errors(change)[field]).toBe(message));
});

describe('business question: invalid values of issue 10', () => {
  const errors = check(BUSINESS_QUESTION_RULES, { businessStartDate: '2020-01-15', useOfProceeds: 'Working Capital' });
  it.each([
    [{ businessStartDate: '2020-99-99' }, 'businessStartDate', 'Enter a valid date'],
    [{ businessStartDate: '0000-00-00' }, 'businessStartDate', 'Enter a valid date'],
    [{ businessStartDate: '0415-01-01' }, 'businessStartDate', 'Business start date must be after 1800'],
    [{ businessStartDate: '415-01-01' }, 'businessStartDate', 'Enter a valid date'],
    [{ businessStartDate: '1800-12-31' }, 'businessStartDate', 'Business start date must be after 1800'],
    [{ businessStartDate: '1801-01-01' }, 'businessStartDate', undefined],
    [{ businessStartDate: todayIso() }, 'businessStartDate', undefined],
    [{ businessStartDate: { $ne: null } }, 'businessStartDate', 'Invalid value'],
    [{ useOfProceeds: { $ne: null } }, 'useOfProceeds', 'Selection is required'],
    [{ useOfProceeds: 'Bitcoin' }, 'useOfProceeds', 'Selection is required'],
    [{ businessStarted: 'Maybe' }, 'businessStarted', 'Selection is required'],
    [{ businessStarted: 'No' }, 'businessStarted', undefined],
  ])('%o -> %s: %s', (change, field, message) => expect(errors(change)[field]).toBe(message));
});

describe('business details: invalid values of issue 10', () => {
  const errors = check(BUSINESS_DETAILS_RULES, {
    businessName: 'Acme',
    legalEntity: 'LLC',
    acceptsCreditCards: 'Yes',
    otherBusinessLoans: 'No',
    federalTaxId: '12-3456789',
    avgDailyBalance: '$2,500',
    phoneNumber: '(555) 123-4567',
    country: 'US',
    address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    industry: 'Truck Transportation',
    naics: '484',
    numberOfEmployees: '12',
    website: 'https://acme.example.com',
    productsInterestedIn: ['Line of Credit'],
  });
  it('accepts the valid details', () => expect(errors({})).toEqual({}));
  it.each([
    [{ legalEntity: { $ne: null } }, 'legalEntity', 'Legal entity is required'],
    [{ legalEntity: 'Banana Republic' }, 'legalEntity', 'Legal entity is required'],
    [{ acceptsCreditCards: 'Maybe' }, 'acceptsCreditCards', 'Selection is required'],
    [{ otherBusinessLoans: true }, 'otherBusinessLoans', 'Selection is required'],
    [{ country: 'MX' }, 'country', 'Country of business required'],
    [{ state: 'ZZ' }, 'state', 'State is required'],
    [{ state: 'toString' }, 'state', 'State is required'],
    [{ industry: 'Retail' }, 'industry', 'Industry is required'],
    [{ naics: '999' }, 'naics', 'NAICS code does not match the industry'],
    [{ naics: '' }, 'naics', undefined],
    [{ numberOfEmployees: -1 }, 'numberOfEmployees', 'Must be 0 or more'],
    [{ numberOfEmployees: 1e308 }, 'numberOfEmployees', 'Must be 99,999,999 or less'],
    [{ numberOfEmployees: '0x10' }, 'numberOfEmployees', 'Enter a number'],
    [{ numberOfEmployees: '' }, 'numberOfEmployees', undefined],
    [{ productsInterestedIn: ['Free money'] }, 'productsInterestedIn', 'Choose products from the list'],
    [{ productsInterestedIn: ['Other', 'Other'] }, 'productsInterestedIn', 'Choose products from the list'],
    [{ productsInterestedIn: 'Other' }, 'productsInterestedIn', 'Choose products from the list'],
    [{ productsInterestedIn: [] }, 'productsInterestedIn', undefined],
    [{ website: 'javascript:alert(1)' }, 'website', 'Enter a website address such as https://example.com'],
    [
      { website: 'data:text/html,<script>1</script>' },
      'website',
      'Enter a website address such as https://example.com',
    ],
    [{ website: 'ftp://acme.example.com' }, 'website', 'Enter a website address such as https://example.com'],
    [{ website: 'acme.example.com' }, 'website', undefined],
    [{ website: 'http://acme.example.com:8080/a?b=c#d' }, 'website', undefined],
    [{ website: '' }, 'website', undefined],
    [{ businessName: 'x'.repeat(90_000) }, 'businessName', 'Must be 200 characters or less'],
    [{ businessName: 'Acme\u0000' }, 'businessName', 'Control characters are not allowed'],
    [{ businessName: { $ne: null } }, 'businessName', 'Invalid value'],
    [{ dbaName: 'x'.repeat(201) }, 'dbaName', 'Must be 200 characters or less'],
    [{ businessDescription: 'x'.repeat(201) }, 'businessDescription', 'Must be 200 characters or less'],
    [{ avgDailyBalance: '$99,000,001' }, 'avgDailyBalance', 'Value cannot exceed $99,000,000'],
    [{ openLoanBalances: '-$5' }, 'openLoanBalances', 'Must be 0 or more'],
    [{ hasRealEstate: 'yes' }, 'hasRealEstate', 'Selection is required'],
    [{ hasRealEstate: { $ne: null } }, 'hasRealEstate', 'Selection is required'],
    [{ hasRealEstate: true }, 'hasRealEstate', undefined],
    [{ hasRealEstate: 'No' }, 'hasRealEstate', undefined],
  ])('%o -> %s: %s', (change, field, message) => expect(errors(change)[field]).toBe(message));
});

describe('business details', () => {
  const errors = check(BUSINESS_DETAILS_RULES, {
    businessName: 'Acme',
    legalEntity: 'LLC',
    acceptsCreditCards: 'Yes',
    otherBusinessLoans: 'No',
    federalTaxId: '12-3456789',
    avgDailyBalance: '$2,500',
    phoneNumber: '(555) 123-4567',
    country: 'US',
    address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    industry: 'Truck Transportation',
  });
  it.each([
    [{}, 'businessName', undefined],
    [{ businessName: '' }, 'businessName', 'Business name is required'],
    [{ legalEntity: '' }, 'legalEntity', 'Legal entity is required'],
    [{ acceptsCreditCards: '' }, 'acceptsCreditCards', 'Selection is required'],
    [{ otherBusinessLoans: '' }, 'otherBusinessLoans', 'Selection is required'],
    [{ federalTaxId: '' }, 'federalTaxId', 'EIN / Tax ID is required'],
    [{ federalTaxId: '123456789' }, 'federalTaxId', 'Invalid EIN / Tax ID'],
    [{ country: 'CA', federalTaxId: '' }, 'federalTaxId', 'BN is required'],
    [{ country: 'CA', federalTaxId: '123-456-789' }, 'federalTaxId', undefined],
    [{ country: 'CA', federalTaxId: '123456789RT0001' }, 'federalTaxId', undefined],
    [{ country: 'CA', federalTaxId: '12-3456789' }, 'federalTaxId', 'Invalid BN'],
    [{ avgDailyBalance: '' }, 'avgDailyBalance', 'Average daily balance is required'],
    [{ avgDailyBalance: '$499.99' }, 'avgDailyBalance', 'Average daily balance must be $500 or greater'],
    [{ phoneNumber: '' }, 'phoneNumber', 'Business phone number is required'],
    [{ phoneNumber: '5551234567' }, 'phoneNumber', 'Invalid phone number format'],
    [{ country: '' }, 'country', 'Country of business required'],
    [{ address: '' }, 'address', 'Address is required'],
    [{ city: '' }, 'city', 'City is required'],
    [{ city: 'x'.repeat(41) }, 'city', 'City must be 40 characters or less'],
    [{ state: '' }, 'state', 'State is required'],
    [{ country: 'CA', state: '' }, 'state', 'Province / territory is required'],
    [{ zip: '' }, 'zip', 'Zip code is required'],
    [{ zip: '7870' }, 'zip', 'Invalid US zip code'],
    [{ zip: '78701-1234' }, 'zip', undefined],
    [{ country: 'CA', zip: '' }, 'zip', 'Postal code is required'],
    [{ country: 'CA', zip: 'K1A 0B1' }, 'zip', undefined],
    [{ country: 'CA', zip: 'K1A' }, 'zip', undefined],
    [{ country: 'CA', zip: '12345' }, 'zip', 'Invalid postal code'],
    [{ industry: '' }, 'industry', 'Industry is required'],
  ])('%o -> %s: %s', (change, field, message) => expect(errors(change)[field]).toBe(message));
});

describe('owner card', () => {
  const errors = check(OWNER_RULES, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'US',
    address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    ownerEmailId: 'ada@example.com',
    dateOfBirth: '1980-12-10',
    phoneNumber: '(555) 123-4567',
    ownershipPercent: 60,
    creditReport: 700,
    ssn: '123-45-6789',
    isUSCitizen: 'Yes',
  });
  it.each([
    [{}, 'firstName', undefined],
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ country: '' }, 'country', 'Country of residence required'],
    [{ zip: 'K1A 0B1' }, 'zip', undefined],
    [{ zip: '7870' }, 'zip', 'Invalid zip code'],
    [{ country: 'CA', zip: '7870' }, 'zip', 'Invalid postal code'],
    [{ ownerEmailId: '' }, 'ownerEmailId', 'Email is required'],
    [{ ownerEmailId: 'a@b.xyz' }, 'ownerEmailId', 'Please enter a valid email address'],
    [{ dateOfBirth: '' }, 'dateOfBirth', 'Date of birth is required'],
    [{ dateOfBirth: '80-12-10' }, 'dateOfBirth', 'Enter a 4 digit year'],
    [{ ownershipPercent: '' }, 'ownershipPercent', 'Percent ownership is required'],
    [{ ownershipPercent: 101 }, 'ownershipPercent', 'Percent cannot exceed 100%'],
    [{ ownershipPercent: -1 }, 'ownershipPercent', 'Percent cannot be negative'],
    [{ creditReport: '' }, 'creditReport', 'Credit score is required'],
    [{ creditReport: 299 }, 'creditReport', 'Credit score must be at least 300'],
    [{ creditReport: 851 }, 'creditReport', 'Credit score must be no more than 850'],
    [{ country: 'CA', zip: 'K1A 0B1', creditReport: 900 }, 'creditReport', undefined],
    [{ country: 'CA', creditReport: 901 }, 'creditReport', 'Credit score must be no more than 900'],
    [{ ssn: '' }, 'ssn', 'Social security number is required'],
    [{ ssn: '123456789' }, 'ssn', undefined],
    [{ ssn: '12-345-6789' }, 'ssn', 'Invalid social security number'],
    [{ country: 'CA', ssn: '' }, 'ssn', 'Social insurance number is required'],
    [{ country: 'CA', ssn: '123-456-789' }, 'ssn', undefined],
    [{ country: 'CA', ssn: '123-45-6789' }, 'ssn', 'Invalid social insurance number'],
    [{ isUSCitizen: '' }, 'isUSCitizen', 'A selection is required'],
  ])('%o -> %s: %s', (change, field, message) => expect(errors(change)[field]).toBe(message));
});

describe('owner card: invalid values of issue 10', () => {
  const errors = check(OWNER_RULES, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'US',
    address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    ownerEmailId: 'ada@example.com',
    dateOfBirth: '1980-12-10',
    phoneNumber: '(555) 123-4567',
    ownershipPercent: '100',
    creditReport: '700',
    ssn: '123-45-6789',
    isUSCitizen: 'Yes',
  });
  it('accepts the valid card', () => expect(errors({})).toEqual({}));
  it.each([
    [{ country: { $ne: null } }, 'country', 'Country of residence required'],
    [{ country: 'MX' }, 'country', 'Country of residence required'],
    [{ state: 'ZZ' }, 'state', 'State is required'],
    [{ country: 'CA', zip: 'K1A 0B1', state: 'TX' }, 'state', 'Province / territory is required'],
    [{ country: 'CA', zip: 'K1A 0B1', state: 'ON' }, 'state', undefined],
    [{ firstName: { $ne: null } }, 'firstName', 'Invalid value'],
    [{ firstName: 42 }, 'firstName', 'Invalid value'],
    [{ firstName: 'Ada\u0000' }, 'firstName', 'Control characters are not allowed'],
    [{ lastName: 'x'.repeat(90_000) }, 'lastName', 'Last name must be 80 characters or less'],
    [{ firstName: 'x'.repeat(41) }, 'firstName', 'First name must be 40 characters or less'],
    [
      { ownerEmailId: `${'a'.repeat(60)}@${'b'.repeat(16)}.com` },
      'ownerEmailId',
      'Email must be 80 characters or less',
    ],
    [{ address: '1 Main St\r\nBcc: x' }, 'address', 'Control characters are not allowed'],
    [{ dateOfBirth: '1980-13-45' }, 'dateOfBirth', 'Enter a valid date'],
    [{ dateOfBirth: '0000-00-00' }, 'dateOfBirth', 'Enter a valid date'],
    [{ dateOfBirth: '2099-12-31' }, 'dateOfBirth', 'Future dates are not allowed'],
    [{ dateOfBirth: yearsBefore(10) }, 'dateOfBirth', 'Owners must be at least 18 years old'],
    [{ dateOfBirth: yearsBefore(18) }, 'dateOfBirth', undefined],
    [{ dateOfBirth: '1850-01-01' }, 'dateOfBirth', 'Owners must be no more than 120 years old'],
    [{ dateOfBirth: yearsBefore(121) }, 'dateOfBirth', 'Owners must be no more than 120 years old'],
    [{ dateOfBirth: { $ne: null } }, 'dateOfBirth', 'Invalid value'],
    [{ ssn: '000-00-0000' }, 'ssn', 'Invalid social security number'],
    [{ ssn: '666-12-3456' }, 'ssn', 'Invalid social security number'],
    [{ ssn: '900-12-3456' }, 'ssn', 'Invalid social security number'],
    [{ ssn: '123-00-4567' }, 'ssn', 'Invalid social security number'],
    [{ ssn: '123-45-0000' }, 'ssn', 'Invalid social security number'],
    [{ ssn: 123456789 }, 'ssn', 'Invalid value'],
    [{ ownershipPercent: '0x32' }, 'ownershipPercent', 'Enter a number'],
    [{ ownershipPercent: { $gt: 0 } }, 'ownershipPercent', 'Invalid value'],
    [{ creditReport: '1e3' }, 'creditReport', 'Enter a number'],
    [{ creditReport: 1e308 }, 'creditReport', 'Credit score must be no more than 850'],
    [{ isUSCitizen: 'Maybe' }, 'isUSCitizen', 'A selection is required'],
    [{ isUSCitizen: true }, 'isUSCitizen', undefined],
    [{ isUSCitizen: { $ne: null } }, 'isUSCitizen', 'A selection is required'],
    [{ ownerEmailId: ['ada@example.com'] }, 'ownerEmailId', 'Invalid value'],
  ])('%o -> %s: %s', (change, field, message) => expect(errors(change)[field]).toBe(message));
});

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
  const a = { ownershipPercent: 60, phoneNumber: '(555) 123-4567', ownerEmailId: 'a@example.com' };
  const b = { ownershipPercent: 40, phoneNumber: '(555) 765-4321', ownerEmailId: 'b@example.com' };
  it('accepts a valid set', () => expect(checkOwnerSet([a, b])).toBeUndefined());
  it('refuses a total over 100', () =>
    expect(english(checkOwnerSet([a, { ...b, ownershipPercent: 41 }])?.message)).toBe(
      'Total ownership percentage cannot exceed 100%',
    ));
  it('refuses repeated phones', () =>
    expect(english(checkOwnerSet([a, { ...b, phoneNumber: '5551234567' }])?.message)).toBe(
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
