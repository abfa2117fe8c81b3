import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AddressProvider } from './address';

const provider: AddressProvider = { suggest: async () => [], details: async () => ({}) as never };

/** The slot's module as a build with (or without) a Google Maps key makes it: the key is read at load. */
async function slotBuiltWith(key: string | undefined) {
  vi.resetModules();
  vi.stubEnv('VITE_GOOGLE_MAPS_API_KEY', key ?? '');
  const { AddressLookupSlot } = await import('./address-lookup-slot');
  const { AddressProviderContext } = await import('./address-lookup');
  return render(
    <AddressProviderContext.Provider value={provider}>
      <AddressLookupSlot label="Business address lookup" onFound={() => undefined} />
      <label htmlFor="after">Country</label>
      <input id="after" />
    </AddressProviderContext.Provider>,
  );
}

afterEach(() => vi.unstubAllEnvs());

describe('the address lookup on the answer pages', () => {
  it('is not there in a build without a Google Maps key: the address is typed by hand', async () => {
    const { container } = await slotBuiltWith(undefined);
    expect(container.querySelector('.address-lookup')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('comes with a key, in the place held for it while its code loads', async () => {
    const { container } = await slotBuiltWith('a-key');
    // Held: one lookup-sized field, before the country, whether its code came yet or not.
    expect(container.querySelectorAll('.address-lookup')).toHaveLength(1);
    expect(container.querySelector('.address-lookup + label')?.textContent).toBe('Country');
    expect(await screen.findByRole('combobox', { name: 'Business address lookup' })).toBeTruthy();
    expect(container.querySelectorAll('.address-lookup')).toHaveLength(1);
  });
});
