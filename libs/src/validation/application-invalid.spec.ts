import { describe, expect, it } from 'vitest';
import { BUSINESS_DETAILS_RULES, BUSINESS_QUESTION_RULES, FINANCIAL_RULES, OWNER_RULES } from './application';
import { VALID_DETAILS, VALID_FINANCIAL, VALID_OWNER, VALID_QUESTION, check } from './application.spec-setup';
import { todayIso, yearsBefore } from './dates';

// Values no form sends, which a hostile client may (operators, exotic numbers, impossible dates), refused with the
// section's messages.

describe('financial: values no form sends', () => {
  const errors = check(FINANCIAL_RULES, VALID_FINANCIAL);
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

describe('business question: values no form sends', () => {
  const errors = check(BUSINESS_QUESTION_RULES, VALID_QUESTION);
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

describe('business details: values no form sends', () => {
  const errors = check(BUSINESS_DETAILS_RULES, {
    ...VALID_DETAILS,
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
    // SBA financing is for US businesses; a Canadian business is never offered it.
    [{ productsInterestedIn: ['SBA Financing'] }, 'productsInterestedIn', undefined],
    [
      { country: 'CA', state: 'ON', zip: 'M5X 1A9', productsInterestedIn: ['SBA Financing'] },
      'productsInterestedIn',
      'Choose products from the list',
    ],
    [
      { country: 'CA', state: 'ON', zip: 'M5X 1A9', productsInterestedIn: ['Term Loan'] },
      'productsInterestedIn',
      undefined,
    ],
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

describe('owner card: values no form sends', () => {
  const errors = check(OWNER_RULES, { ...VALID_OWNER, ownershipPercent: '100', creditReport: '700' });
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
