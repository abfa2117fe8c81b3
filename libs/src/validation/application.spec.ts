import { describe, expect, it } from 'vitest';
import {
  BUSINESS_DETAILS_RULES,
  BUSINESS_QUESTION_RULES,
  FINANCIAL_RULES,
  OWNER_RULES,
  monthlyRevenue,
} from './application';
import { VALID_DETAILS, VALID_FINANCIAL, VALID_OWNER, VALID_QUESTION, check } from './application.spec-setup';

// The rules of each journey section, message by message (values no form sends: application-invalid.spec.ts;
// formats, owner sets and statements: application-formats.spec.ts).

describe('financial', () => {
  const errors = check(FINANCIAL_RULES, VALID_FINANCIAL);
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
  const errors = check(BUSINESS_QUESTION_RULES, VALID_QUESTION);
  it.each([
    [{}, 'businessStartDate', undefined],
    [{ businessStartDate: '' }, 'businessStartDate', 'Business start date is required'],
    [{ businessStartDate: '2999-01-01' }, 'businessStartDate', 'Future dates are not allowed'],
    [{ useOfProceeds: '' }, 'useOfProceeds', 'Selection is required'],
  ])('%o -> %s: %s', (change, field, message) => expect(errors(change)[field]).toBe(message));
});

describe('business details', () => {
  const errors = check(BUSINESS_DETAILS_RULES, VALID_DETAILS);
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
    [{ phoneNumber: '(212) 555-012' }, 'phoneNumber', 'Invalid phone number format'],
    [{ phoneNumber: '+12125550123' }, 'phoneNumber', undefined],
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
    [{ country: 'CA', zip: 'h2x 1y4' }, 'zip', undefined],
    [{ country: 'CA', zip: ' h2x1y4 ' }, 'zip', undefined],
    [{ zip: ' 78701 ' }, 'zip', undefined],
    [{ industry: '' }, 'industry', 'Industry is required'],
  ])('%o -> %s: %s', (change, field, message) => expect(errors(change)[field]).toBe(message));
});

describe('owner card', () => {
  const errors = check(OWNER_RULES, VALID_OWNER);
  it.each([
    [{}, 'firstName', undefined],
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ country: '' }, 'country', 'Country of residence required'],
    [{ zip: 'K1A 0B1' }, 'zip', undefined],
    [{ zip: '7870' }, 'zip', 'Invalid zip code'],
    [{ zip: 'k1a0b1' }, 'zip', undefined],
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
