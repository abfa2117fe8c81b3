/**
 * A signed application's answers are locked: the api refuses a change to them (409 SIGNED_ANSWERS_LOCKED).
 * Each page that holds signed answers (financial, business details, owners) shows the refusal's message
 * above the form, in the applicant's language, and keeps what was typed. The network is stubbed at fetch;
 * the pages, the hooks, the http client and the cache are the real ones.
 */
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JOURNEY_CODES, messageText } from '@portal/libs';
import { loadLanguage } from '../../i18n/i18n';
import type { BusinessView, OwnerSetView } from '../../lib/journey/journey-api';
import { applicantAt, businessOf, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { BusinessDetailsForm } from './business-details-form';
import { FinancialPage } from './financial-page';
import { OwnersPage } from './owners-page';

const LOCKED_EN = 'Your application is signed: these answers can no longer be changed';
const LOCKED_FR = 'Votre demande est signée : ces réponses ne peuvent plus être modifiées';

const business: BusinessView = businessOf({
  annualRevenue: 108000,
  amountRequested: 50000,
  businessStarted: 'Yes',
  businessStartDate: '2018-01-15',
  businessName: 'Analytical Engines LLC',
  legalEntity: 'LLC',
  acceptsCreditCards: 'Yes',
  otherBusinessLoans: 'No',
  federalTaxId: '12-3456789',
  avgDailyBalance: 2500,
  website: 'https://engines.example.com',
  industry: 'Professional, Scientific, and Technical Services',
  naics: '541',
  numberOfEmployees: 12,
  productsInterestedIn: ['Term Loan'],
  revision: 3,
});
const owners: OwnerSetView = {
  _id: 'os-1',
  applicationId: 'app-1',
  businessId: 'b-1',
  sameAsBusinessInfo: false,
  revision: 2,
  owners: [
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      ownerEmailId: 'ada@example.com',
      phoneNumber: '(212) 555-0123',
      dateOfBirth: '****-**-**',
      ssn: '*****6789',
      ownershipPercent: 100,
      creditReport: 700,
      isUSCitizen: 'Yes',
      addressData: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const locked = () =>
  json(409, {
    statusCode: 409,
    message: messageText(JOURNEY_CODES.SIGNED_ANSWERS_LOCKED),
    data: {
      message: messageText(JOURNEY_CODES.SIGNED_ANSWERS_LOCKED),
      messageCode: JOURNEY_CODES.SIGNED_ANSWERS_LOCKED,
      code: 'SIGNED_ANSWERS_LOCKED',
    },
  });

let saves: Record<string, unknown>[];
let moves: number;

beforeEach(() => {
  localStorage.clear();
  saves = [];
  moves = 0;
  document.cookie = 'XSRF-TOKEN=tok-1; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.includes('/stage/')) {
        moves++;
        return json(200, { pageName: 'BUSINESS', pageStep: 1, path: '/business' });
      }
      if (init.method === 'PATCH') {
        saves.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return locked();
      }
      if (url.endsWith('/business/application/app-1')) return json(200, business);
      if (url.endsWith('/owner/application/app-1')) return json(200, owners);
      return json(200, {});
    }),
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => loadLanguage('en'));
});

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('a change to signed answers, refused', () => {
  it('on /financial: the message, the typed amount kept, and the journey stays', async () => {
    renderJourneyPage(<FinancialPage />, applicantAt({ pageName: 'FINANCIAL', pageStep: 1, path: '/financial' }));
    const revenue = await screen.findByLabelText('Annual revenue', {}, { timeout: 10_000 });
    await act(() => userEvent.clear(revenue));
    await act(() => userEvent.type(revenue, '300000'));
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Continue' })));

    expect((await screen.findByRole('alert')).textContent).toBe(LOCKED_EN);
    expect(saves[0]).toMatchObject({ annualRevenue: 300000 });
    expect(valueOf('Annual revenue')).toBe('$300,000');
    expect(moves).toBe(0);
  });

  it('on /financial in French: the message in French', async () => {
    await act(() => loadLanguage('fr-CA'));
    renderJourneyPage(<FinancialPage />, applicantAt({ pageName: 'FINANCIAL', pageStep: 1, path: '/financial' }));
    await screen.findByLabelText('Revenus annuels', {}, { timeout: 10_000 });
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Continuer' })));
    expect((await screen.findByRole('alert')).textContent).toBe(LOCKED_FR);
  });

  it('on the business details: the message, the typed name kept', async () => {
    renderJourneyPage(
      <BusinessDetailsForm business={business} />,
      applicantAt({ pageName: 'BUSINESS', pageStep: 2, path: '/business' }),
    );
    const name = await screen.findByLabelText('Legal business name', {}, { timeout: 10_000 });
    await act(() => userEvent.clear(name));
    await act(() => userEvent.type(name, 'Other Name LLC'));
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Save and continue' })));
    expect((await screen.findByRole('alert')).textContent).toBe(LOCKED_EN);
    expect(saves[0]).toMatchObject({ section: 'details', businessName: 'Other Name LLC', revision: 3 });
    expect(valueOf('Legal business name')).toBe('Other Name LLC');
    expect(moves).toBe(0);
  });

  it('on /owners: the message, the typed name kept', async () => {
    renderJourneyPage(<OwnersPage />, applicantAt({ pageName: 'OWNERS', pageStep: 1, path: '/owners' }));
    const first = await screen.findByLabelText('First name', {}, { timeout: 10_000 });
    await act(() => userEvent.clear(first));
    await act(() => userEvent.type(first, 'Grace'));
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Proceed' })));

    expect((await screen.findByRole('alert')).textContent).toBe(LOCKED_EN);
    expect(saves[0]).toMatchObject({ revision: 2, owners: [{ firstName: 'Grace' }] });
    expect(valueOf('First name')).toBe('Grace');
    expect(moves).toBe(0);
  });
});
