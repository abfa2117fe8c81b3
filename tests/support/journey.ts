// Valid answers for each journey step, saved through the api as the browser saves them: tests that walk
// the stage need them, because the workflow holds the journey at a step whose answers are missing.
import { VALID_OWNER } from '../../libs/src/validation/valid-answers.spec-setup.ts';
import type { ApiClient } from './api-client';

export const FINANCIAL_ANSWERS = { section: 'financial', annualRevenue: '$1,200,000', amountRequested: '$150,000' };
export const QUESTION_ANSWERS = {
  section: 'question',
  businessStarted: 'Yes',
  businessStartDate: '2018-01-15',
  useOfProceeds: 'Working Capital',
};
export const DETAILS_ANSWERS = {
  section: 'details',
  businessName: 'Analytical Engines LLC',
  dbaName: '',
  legalEntity: 'LLC',
  acceptsCreditCards: 'Yes',
  otherBusinessLoans: 'No',
  federalTaxId: '12-3456789',
  avgDailyBalance: '$2,500',
  openLoanBalances: '',
  phoneNumber: '(212) 555-0123',
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

export const ownerAnswers = (email: string, overrides: Record<string, unknown> = {}) => ({
  ...VALID_OWNER,
  lastName: 'King',
  ownerEmailId: email,
  ownershipPercent: 100,
  creditReport: 720,
  ...overrides,
});

/** Saves the financial, business (question and details) answers and, unless given, one owner. */
export async function saveAnswers(client: ApiClient, applicationId: string, owners?: Record<string, unknown>[]) {
  const businessId = (await client.get(`/business/application/${applicationId}`)).body._id as string;
  for (const body of [FINANCIAL_ANSWERS, QUESTION_ANSWERS, DETAILS_ANSWERS]) {
    const res = await client.patch(`/business/${businessId}`, body);
    if (res.status !== 200) throw new Error(`${body.section} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const email = ((await client.get('/auth/user')).body.data.email as string) ?? 'owner@example.com';
  const setId = (await client.post('/owner', { applicationId })).body._id as string;
  const res = await client.patch(`/owner/${setId}`, { owners: owners ?? [ownerAnswers(email)] });
  if (res.status !== 200) throw new Error(`owners answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/** Moves the stage one step on from where it is (naming it, as the web does). */
export async function stepOn(client: ApiClient, applicationId: string) {
  const { pageName, pageStep } = (await client.get(`/stage/${applicationId}`)).body;
  return stepOnFrom(client, applicationId, { pageName, pageStep });
}

export type StageFrom = { pageName: string; pageStep: number };
/**
 * One step on from the page the applicant is on. Pressed again after an error, it names the same page,
 * as the web does: if the first press did move, the server answers the current stage and moves nothing.
 */
export function stepOnFrom(client: ApiClient, applicationId: string, from: StageFrom) {
  return client.post(`/stage/${applicationId}/next`, { from });
}
