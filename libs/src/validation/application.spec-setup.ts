import { messageText } from './codes';
import { validateForm, type RuleSet } from './rules';

/** The rules answer codes; the English the api answers for them is what the specification words. */
export const english = (code: string | undefined) => (code === undefined ? undefined : messageText(code));
const inEnglish = (found: Record<string, string>) =>
  Object.fromEntries(Object.entries(found).map(([k, v]) => [k, messageText(v)]));

/**
 * A section's rules checked on its valid answers with `change` over them: the errors `validateForm` finds,
 * in the specification's English.
 */
export const check = (rules: RuleSet, valid: Record<string, unknown>) => (change: Record<string, unknown>) =>
  inEnglish(validateForm(rules, { ...valid, ...change }));

/** Valid answers of each journey section, as the forms send them: the specs change one value at a time. */
export const VALID_FINANCIAL = { annualRevenue: '$1,200,000', amountRequested: 50000 };
export const VALID_QUESTION = { businessStartDate: '2020-01-15', useOfProceeds: 'Working Capital' };
export const VALID_DETAILS = {
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
};
export const VALID_OWNER = {
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
};
