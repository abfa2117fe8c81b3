/**
 * The two races seen in the browser: answers arriving after the applicant started
 * typing. Pages now read with useSuspenseQuery below a loader, so the form exists only once its
 * answers do, and a later answer never resets what was typed.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FinancialPage } from './financial-page';
import { businessQueryOptions, journeyApi, type BusinessView, type OwnerSetView } from '../../lib/journey/journey-api';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { OwnersPage } from './owners-page';

const stage = { pageName: 'FINANCIAL', pageStep: 1, path: '/financial' };
const user = applicantAt(stage);
const business: BusinessView = {
  _id: 'b-1',
  applicationId: 'app-1',
  annualRevenue: 1200000,
  amountRequested: 150000,
  businessEmail: 'office@engine.co',
  // As the api stores it: E.164.
  phoneNumber: '+17575550123',
  addressData: { address: '1 Analytical Way', city: 'Hampton', state: 'VA', zip: '23681', country: 'US' },
};
const ownerSet: OwnerSetView = {
  _id: 'os-1',
  applicationId: 'app-1',
  businessId: 'b-1',
  owners: [],
  sameAsBusinessInfo: false,
};

function deferred<T>() {
  let resolve: (v: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const renderPage = (page: ReactNode) => renderJourneyPage(page, user);

afterEach(() => vi.restoreAllMocks());

const valueOf = (el: HTMLElement) => (el as HTMLInputElement).value;

describe('/financial: what the applicant types is theirs', () => {
  it('shows no form before the saved answers, and a later answer does not wipe what was typed', async () => {
    const answer = deferred<BusinessView>();
    vi.spyOn(journeyApi, 'business').mockReturnValue(answer.promise);
    const { queryClient } = renderPage(<FinancialPage />);
    expect(screen.getByRole('status').textContent).toBe('Loading your application...');
    expect(screen.queryByLabelText('Annual revenue')).toBeNull();

    await act(async () => answer.resolve(business));
    const revenue = await screen.findByLabelText('Annual revenue');
    expect(valueOf(revenue)).toBe('$1,200,000');
    await userEvent.clear(revenue);
    await userEvent.type(revenue, '5000');
    expect(valueOf(revenue)).toBe('$5,000');

    // A refetch (another tab, a retry) lands after the typing: the typed value stays.
    await act(() => {
      queryClient.setQueryData(businessQueryOptions('app-1').queryKey, { ...business, annualRevenue: 7 });
    });
    expect(valueOf(screen.getByLabelText('Annual revenue'))).toBe('$5,000');
  });

  it('clears an error as soon as the field becomes valid; the error summary takes focus on submit and leads to the field', async () => {
    vi.spyOn(journeyApi, 'business').mockResolvedValue({
      ...business,
      annualRevenue: undefined,
      amountRequested: undefined,
    });
    renderPage(<FinancialPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Annual revenue is required')).toBeTruthy();
    expect(screen.getByText('Amount requested is required')).toBeTruthy();
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(screen.getByLabelText('Annual revenue').getAttribute('aria-describedby')).toBe(
      screen.getByText('Annual revenue is required').id,
    );
    await userEvent.click(within(summary).getByRole('link', { name: 'Annual revenue' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Annual revenue'));
    await userEvent.type(screen.getByLabelText('Annual revenue'), '9');
    expect(screen.queryByText('Annual revenue is required')).toBeNull();
    expect(screen.getByText('Amount requested is required')).toBeTruthy();
  });
});

describe("/owners: 'Same as business information' always has a business to copy", () => {
  it('offers the box only once the business is here, and ticking it copies email, phone and address', async () => {
    const answer = deferred<BusinessView>();
    vi.spyOn(journeyApi, 'business').mockReturnValue(answer.promise);
    vi.spyOn(journeyApi, 'owners').mockResolvedValue(ownerSet);
    renderPage(<OwnersPage />);
    expect(screen.queryByLabelText('Same as business information')).toBeNull();

    await act(async () => answer.resolve(business));
    await userEvent.click(await screen.findByLabelText('Same as business information'));
    expect((screen.getByLabelText('Same as business information') as HTMLInputElement).checked).toBe(true);
    expect(valueOf(screen.getByLabelText('Home address'))).toBe('1 Analytical Way');
    expect(valueOf(screen.getByLabelText('Email'))).toBe('office@engine.co');
    expect(valueOf(screen.getByLabelText('Phone'))).toBe('(757) 555-0123');
    expect(valueOf(screen.getByLabelText('Zip code'))).toBe('23681');
  });
});
