/**
 * SBA financing (a US Small Business Administration program) is never offered to a
 * Canadian business; a choice of it made before the country changed to Canada is dropped, not sent hidden.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BusinessView } from '../../lib/journey/journey-api';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { BusinessDetailsForm } from './business-details-form';

const user = applicantAt({ pageName: 'BUSINESS', pageStep: 2, path: '/business' });
const business = (country: string): BusinessView => ({
  _id: 'b-1',
  applicationId: 'app-1',
  businessName: 'Boulangerie Roy inc.',
  productsInterestedIn: ['SBA Financing', 'Term Loan'],
  addressData: { address: '1 rue Principale', city: 'Montréal', state: 'QC', zip: 'H2X 1Y4', country },
});

afterEach(() => vi.restoreAllMocks());

describe('the products offered follow the business’s country', () => {
  it('a US business is offered SBA financing', async () => {
    renderJourneyPage(<BusinessDetailsForm business={business('US')} />, user);
    expect(((await screen.findByLabelText('SBA Financing')) as HTMLInputElement).checked).toBe(true);
  });

  it('a Canadian business is not, and a choice of it made as a US business is dropped', async () => {
    renderJourneyPage(<BusinessDetailsForm business={business('US')} />, user);
    await screen.findByLabelText('SBA Financing');
    await act(() => userEvent.selectOptions(screen.getByLabelText('Country of business'), 'CA'));
    expect(screen.queryByLabelText('SBA Financing')).toBeNull();
    expect((screen.getByLabelText('Term Loan') as HTMLInputElement).checked).toBe(true);
    // Back to the US: SBA financing is offered again, unchecked (the Canadian answer dropped it).
    await act(() => userEvent.selectOptions(screen.getByLabelText('Country of business'), 'US'));
    expect((screen.getByLabelText('SBA Financing') as HTMLInputElement).checked).toBe(false);
  });
});
