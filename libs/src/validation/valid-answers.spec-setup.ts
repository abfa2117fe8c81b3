// No imports here: tests/support/journey.ts loads this file as it is (node's type stripping, no bundler),
// so the api specs, the bench and the libs specs share one set of valid answers.

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
  phoneNumber: '(212) 555-0123',
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
  phoneNumber: '(212) 555-0123',
  ownershipPercent: 60,
  creditReport: 700,
  ssn: '123-45-6789',
  isUSCitizen: 'Yes',
};
