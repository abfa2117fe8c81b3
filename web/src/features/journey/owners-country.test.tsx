/**
 * Owner cards start in the business's country. A Canadian business's first owner was
 * asked for an SSN, a State and a ZIP until they changed the country by hand (which clears the card).
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { journeyApi } from '../../lib/journey/journey-api';
import { applicantAt, businessOf, NO_OWNERS, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { OwnersPage } from './owners-page';

const user = applicantAt({ pageName: 'BUSINESS', pageStep: 3, path: '/owners' });
const business = (country: string) =>
  businessOf({
    businessEmail: 'bureau@boulangerie.ca',
    phoneNumber: '(514) 555-0101',
    addressData: { address: '1 rue Principale', city: 'Montréal', state: 'QC', zip: 'H2X 1Y4', country },
  });
const country = () => (screen.getAllByLabelText('Country of residence') as HTMLSelectElement[]).map((s) => s.value);

afterEach(() => vi.restoreAllMocks());

describe('/owners: the cards start in the business’s country', () => {
  it('a Canadian business: the first card, and the second one added, ask for a SIN', async () => {
    vi.spyOn(journeyApi, 'business').mockResolvedValue(business('CA'));
    vi.spyOn(journeyApi, 'owners').mockResolvedValue(NO_OWNERS);
    renderJourneyPage(<OwnersPage />, user);
    await screen.findByLabelText('Country of residence');
    expect(country()).toEqual(['CA']);
    expect(screen.getByLabelText('SIN')).toBeTruthy();
    expect(screen.queryByLabelText('SSN')).toBeNull();
    const addOwner = await screen.findByRole('button', { name: 'Add Another Owner' });
    await act(() => userEvent.click(addOwner));
    expect(country()).toEqual(['CA', 'CA']);
  });

  it('a US business keeps the United States', async () => {
    vi.spyOn(journeyApi, 'business').mockResolvedValue(business('US'));
    vi.spyOn(journeyApi, 'owners').mockResolvedValue(NO_OWNERS);
    renderJourneyPage(<OwnersPage />, user);
    await screen.findByLabelText('Country of residence');
    expect(country()).toEqual(['US']);
    expect(screen.getByLabelText('SSN')).toBeTruthy();
  });
});
