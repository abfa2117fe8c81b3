// Valid bodies of the application saves, as the web forms send them: each attack changes one field of
// these, so the changed field is the only thing wrong with the request.
import { createHmac } from 'node:crypto';
import { API_SETTINGS } from '../libs/src/config/settings';

export const FINANCIAL = { section: 'financial', annualRevenue: '$1,200,000', amountRequested: '$150,000' };

export const QUESTION = {
  section: 'question',
  businessStarted: 'Yes',
  businessStartDate: '2015-06-01',
  useOfProceeds: 'Working Capital',
};

export const DETAILS = {
  section: 'details',
  businessName: 'Hostile Engines LLC',
  dbaName: '',
  legalEntity: 'LLC',
  acceptsCreditCards: 'Yes',
  otherBusinessLoans: 'No',
  federalTaxId: '12-3456789',
  avgDailyBalance: '$2,500',
  openLoanBalances: '',
  phoneNumber: '(555) 123-4567',
  country: 'US',
  address: '1 Main St',
  suiteFloor: 'Suite 200',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  industry: 'Professional, Scientific, and Technical Services',
  naics: '541',
  numberOfEmployees: 12,
  website: 'https://engines.example.com',
  productsInterestedIn: ['Line of Credit', 'Term Loan'],
};

export const OWNER = {
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
  creditReport: '720',
  ssn: '123-45-6789',
  isUSCitizen: 'Yes',
};

/** A Box webhook signed with the api's configured primary key (the stack runs with the defaults). */
export function signedWebhook(body: string): Record<string, string> {
  const key = process.env.BOX_WEBHOOK_PRIMARY_KEY ?? API_SETTINGS.BOX_WEBHOOK_PRIMARY_KEY.default ?? '';
  const ts = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    'content-type': 'application/json',
    'box-delivery-timestamp': ts,
    'box-signature-version': '1',
    'box-signature-algorithm': 'HmacSHA256',
    'box-signature-primary': createHmac('sha256', key).update(body).update(ts).digest('base64'),
    'box-signature-secondary': 'x',
  };
}
