/**
 * The browser may fill in the applicant's own saved details: owner 1 is the applicant, so each of their
 * fields names what it holds. The other owners are other people: their fields are never offered the
 * applicant's details. The business phone is the business's line, a work number.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { journeyApi } from '../../lib/journey/journey-api';
import { applicantAt, businessOf, NO_OWNERS, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { BusinessDetailsForm } from './business-details-form';
import { OwnersPage } from './owners-page';

afterEach(() => vi.restoreAllMocks());

/** Each card's field with this label, its autocomplete attribute, owner 1's first. */
const tokens = (label: string) => screen.getAllByLabelText(label).map((el) => el.getAttribute('autocomplete'));

describe('autocomplete on the owner cards and the business phone', () => {
  it('owner 1 names each field; owner 2 is someone else, so is offered nothing', async () => {
    vi.spyOn(journeyApi, 'business').mockResolvedValue(businessOf());
    vi.spyOn(journeyApi, 'owners').mockResolvedValue(NO_OWNERS);
    renderJourneyPage(<OwnersPage />, applicantAt({ pageName: 'BUSINESS', pageStep: 3, path: '/owners' }));
    await screen.findByLabelText('Home address');
    const addOwner = await screen.findByRole('button', { name: 'Add Another Owner' });
    await act(() => userEvent.click(addOwner));
    expect({
      firstName: tokens('First name'),
      lastName: tokens('Last name'),
      address: tokens('Home address'),
      city: tokens('City'),
      state: tokens('State'),
      zip: tokens('Zip code'),
      email: tokens('Email'),
      birth: tokens('Date of birth'),
      phone: tokens('Phone'),
    }).toEqual({
      firstName: ['given-name', 'off'],
      lastName: ['family-name', 'off'],
      address: ['street-address', 'off'],
      city: ['address-level2', 'off'],
      state: ['address-level1', 'off'],
      zip: ['postal-code', 'off'],
      email: ['email', 'off'],
      birth: ['bday', 'off'],
      phone: ['tel', 'off'],
    });
  });

  it('the business phone is a work number, and the business state a region', async () => {
    renderJourneyPage(
      <BusinessDetailsForm business={businessOf()} />,
      applicantAt({ pageName: 'BUSINESS', pageStep: 2, path: '/business' }),
    );
    expect((await screen.findByLabelText('Business phone')).getAttribute('autocomplete')).toBe('work tel');
    expect(screen.getByLabelText('State').getAttribute('autocomplete')).toBe('address-level1');
  });
});
