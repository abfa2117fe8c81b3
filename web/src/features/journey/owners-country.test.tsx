/**
 * Owner cards start in the business's country. A Canadian business's first owner was
 * asked for an SSN, a State and a ZIP until they changed the country by hand (which clears the card).
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { journeyApi, type BusinessView, type OwnerSetView } from '../../lib/journey/journey-api';
import { applicantAt, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { OwnersPage } from './owners-page';

const user = applicantAt({ pageName: 'BUSINESS', pageStep: 3, path: '/owners' });
const business = (country: string): BusinessView => ({
  _id: 'b-1',
  applicationId: 'app-1',
  businessEmail: 'bureau@boulangerie.ca',
  phoneNumber: '(514) 555-0101',
  addressData: { address: '1 rue Principale', city: 'Montréal', state: 'QC', zip: 'H2X 1Y4', country },
});
const emptySet: OwnerSetView = {
  _id: 'os-1',
  applicationId: 'app-1',
  businessId: 'b-1',
  owners: [],
  sameAsBusinessInfo: false,
};
const country = () => (screen.getAllByLabelText('Country of residence') as HTMLSelectElement[]).map((s) => s.value);

afterEach(() => vi.restoreAllMocks());

describe('/owners: the cards start in the business’s country', () => {
  it('a Canadian business: the first card, and the second one added, ask for a SIN', async () => {
    vi.spyOn(journeyApi, 'business').mockResolvedValue(business('CA'));
    vi.spyOn(journeyApi, 'owners').mockResolvedValue(emptySet);
    renderJourneyPage(<OwnersPage />, user);
    await screen.findByLabelText('Country of residence');
    expect(country()).toEqual(['CA']);
    expect(screen.getByLabelText('SIN')).toBeTruthy();
    expect(screen.queryByLabelText('SSN')).toBeNull();
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Add Another Owner' })));
    expect(country()).toEqual(['CA', 'CA']);
  });

  it('a US business keeps the United States', async () => {
    vi.spyOn(journeyApi, 'business').mockResolvedValue(business('US'));
    vi.spyOn(journeyApi, 'owners').mockResolvedValue(emptySet);
    renderJourneyPage(<OwnersPage />, user);
    await screen.findByLabelText('Country of residence');
    expect(country()).toEqual(['US']);
    expect(screen.getByLabelText('SSN')).toBeTruthy();
  });
});
