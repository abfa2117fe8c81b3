import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { foundAddress, type AddressProvider, type PlaceDetails } from './address';
import { AddressLookup, AddressProviderContext } from './address-lookup';

const c = (longText: string, shortText: string, ...types: string[]) => ({ longText, shortText, types });

/** A local provider: a fixed list of places, searched by substring, as Google Places answers them. */
const PLACES: Record<string, { label: string; details: PlaceDetails }> = {
  austin: {
    label: '500 Congress Avenue, Austin, TX, USA',
    details: {
      formattedAddress: '500 Congress Ave, Austin, TX 78701, USA',
      hasGeometry: true,
      components: [
        c('500', '500', 'street_number'),
        c('Congress Avenue', 'Congress Ave', 'route'),
        c('Austin', 'Austin', 'locality', 'political'),
        c('Texas', 'TX', 'administrative_area_level_1', 'political'),
        c('78701', '78701', 'postal_code'),
        c('United States', 'US', 'country', 'political'),
      ],
    },
  },
  toronto: {
    label: '100 Queen Street West, Toronto, ON, Canada',
    details: {
      formattedAddress: '100 Queen St W, Toronto, ON M5H 2N2, Canada',
      hasGeometry: true,
      components: [
        c('100', '100', 'street_number'),
        c('Queen Street West', 'Queen St W', 'route'),
        c('Toronto', 'Toronto', 'locality'),
        c('Ontario', 'ON', 'administrative_area_level_1'),
        c('M5H 2N2', 'M5H 2N2', 'postal_code'),
        c('Canada', 'CA', 'country'),
      ],
    },
  },
  vague: {
    label: 'Congress area (no location)',
    details: { formattedAddress: 'Congress', hasGeometry: false, components: [c('United States', 'US', 'country')] },
  },
};

function localProvider(): AddressProvider & { regions: string[][] } {
  const regions: string[][] = [];
  return {
    regions,
    async suggest(input, regionCodes) {
      regions.push([...regionCodes]);
      return Object.entries(PLACES)
        .filter(([, p]) => p.label.toLowerCase().includes(input.toLowerCase()))
        .map(([id, p]) => ({ id, label: p.label }));
    },
    async details(id) {
      return PLACES[id]!.details;
    },
  };
}

function renderLookup(provider: AddressProvider | undefined) {
  const onFound = vi.fn();
  const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
  render(
    <AddressProviderContext.Provider value={provider}>
      <form onSubmit={onSubmit}>
        <AddressLookup label="Business address lookup" onFound={onFound} />
        <button type="submit">Save</button>
      </form>
    </AddressProviderContext.Provider>,
  );
  return { onFound, onSubmit };
}

describe('address lookup', () => {
  it('is not shown without a provider, so the fields are typed by hand', () => {
    renderLookup(undefined);
    expect(screen.queryByPlaceholderText('Enter your address')).toBeNull();
  });

  it('suggests US and CA places only, blocks Enter while typing, and fills the fields on a choice', async () => {
    const provider = localProvider();
    const { onFound, onSubmit } = renderLookup(provider);
    const input = screen.getByPlaceholderText('Enter your address');
    await userEvent.type(input, 'congress');
    await screen.findByRole('option', { name: '500 Congress Avenue, Austin, TX, USA' });
    expect(provider.regions.at(-1)).toEqual(['US', 'CA']);

    // Enter's default (sending the form) is cancelled while typing.
    expect(fireEvent.keyDown(input, { key: 'Enter' })).toBe(false);
    expect(onFound).not.toHaveBeenCalled();

    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(onFound).toHaveBeenCalledWith({
        address: '500 Congress Avenue',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        country: 'US',
        formattedAddress: '500 Congress Ave, Austin, TX 78701, USA',
      }),
    );
    expect((input as HTMLInputElement).value).toBe('500 Congress Ave, Austin, TX 78701, USA');
    expect(input.closest('.address-lookup')!.getAttribute('data-typing')).toBeNull();
    // A place is chosen: Enter works normally again.
    expect(fireEvent.keyDown(input, { key: 'Enter' })).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('stays in the typing state for a place without a location', async () => {
    const { onFound } = renderLookup(localProvider());
    const input = screen.getByPlaceholderText('Enter your address');
    await userEvent.type(input, 'congress area');
    await userEvent.click(await screen.findByRole('option', { name: 'Congress area (no location)' }));
    await screen.findByText('Please choose a full street address in the US or Canada.');
    expect(onFound).not.toHaveBeenCalled();
    expect(input.closest('.address-lookup')!.getAttribute('data-typing')).toBe('true');
  });
});

describe('foundAddress', () => {
  it('maps a Canadian place with the province short code and postal code', () => {
    expect(foundAddress(PLACES.toronto!.details)).toMatchObject({
      address: '100 Queen Street West',
      city: 'Toronto',
      state: 'ON',
      zip: 'M5H 2N2',
      country: 'CA',
    });
  });

  it('refuses places outside the US and Canada', () => {
    const london = { ...PLACES.austin!.details, components: [c('United Kingdom', 'GB', 'country')] };
    expect(foundAddress(london)).toBeUndefined();
  });
});
