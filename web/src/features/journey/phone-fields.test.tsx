/**
 * The business and owner phone inputs read a number in any of its forms, typed or pasted: '+1 (514) 555-0100'
 * once showed (151) 455-5010 and was saved so; pasted, it was cut to (151) 455-50. What is sent is E.164.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { journeyApi } from '../../lib/journey/journey-api';
import { applicantAt, businessOf, NO_OWNERS, renderJourneyPage } from '../../lib/journey/journey-page.test-support';
import { detailsFrom, detailsPayload } from './business-details-values';
import { businessContact, ownerPayload, ownerFrom } from './owner-values';
import { OwnersPage } from './owners-page';

const business = businessOf({
  businessEmail: 'bureau@boulangerie.ca',
  phoneNumber: '+15145550100',
  addressData: { address: '1 rue Principale', city: 'Montréal', state: 'QC', zip: 'H2X 1Y4', country: 'CA' },
});
const phone = () => screen.getByLabelText('Phone') as HTMLInputElement;

afterEach(() => vi.restoreAllMocks());

describe('the owner card’s phone', () => {
  it('shows (514) 555-0100 for the number typed or pasted in any form', async () => {
    vi.spyOn(journeyApi, 'business').mockResolvedValue(business);
    vi.spyOn(journeyApi, 'owners').mockResolvedValue(NO_OWNERS);
    renderJourneyPage(<OwnersPage />, applicantAt({ pageName: 'BUSINESS', pageStep: 3, path: '/owners' }));
    await screen.findByLabelText('Phone');
    for (const written of ['+1 (514) 555-0100', '+15145550100', '1-514-555-0100', '514.555.0100']) {
      await userEvent.clear(phone());
      await userEvent.type(phone(), written);
      expect(phone().value, `${written} typed`).toBe('(514) 555-0100');
      await userEvent.clear(phone());
      await userEvent.click(phone());
      await userEvent.paste(written);
      expect(phone().value, `${written} pasted`).toBe('(514) 555-0100');
    }
  });

  it('keeps a number of another country as pasted and refuses it with advice', async () => {
    vi.spyOn(journeyApi, 'business').mockResolvedValue(business);
    vi.spyOn(journeyApi, 'owners').mockResolvedValue(NO_OWNERS);
    const save = vi.spyOn(journeyApi, 'saveOwners');
    renderJourneyPage(<OwnersPage />, applicantAt({ pageName: 'BUSINESS', pageStep: 3, path: '/owners' }));
    await userEvent.click(await screen.findByLabelText('Phone'));
    await userEvent.paste('+44 20 7946 0958');
    expect(phone().value).toBe('+44 20 7946 0958');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(
      (await screen.findAllByText(/Please enter a US or Canadian phone number, like \(514\) 555-0100/)).length,
    ).toBeGreaterThan(0);
    expect(save).not.toHaveBeenCalled();
  });
});

describe('what the forms send and show', () => {
  it('sends the business phone and an owner’s as E.164', () => {
    const details = { ...detailsFrom(business), phoneNumber: '1-514-555-0100' };
    expect(detailsPayload(details, 'en').phoneNumber).toBe('+15145550100');
    const owner = { ...ownerFrom({ addressData: { country: 'US' } }, 'US', 'en'), phoneNumber: '+1 (212) 555-0123' };
    expect(ownerPayload(owner, 'en').phoneNumber).toBe('+12125550123');
  });

  it('shows a stored phone, E.164 or of an older record, the national way', () => {
    expect(detailsFrom(business).phoneNumber).toBe('(514) 555-0100');
    expect(detailsFrom({ ...business, phoneNumber: '(514) 555-0100' }).phoneNumber).toBe('(514) 555-0100');
    expect(businessContact(business).phoneNumber).toBe('(514) 555-0100');
  });
});
