/** The address lookup's contract: what it fills, and the provider it asks. */
export type FoundAddress = {
  /** Street number plus route. */
  address: string;
  city: string;
  /** Short code: CA, ON... */
  state: string;
  zip: string;
  /** Short code: US or CA. */
  country: string;
  formattedAddress: string;
};

export type AddressSuggestion = { id: string; label: string };

/** A place as the provider details it: the parts, and whether it has a location and a formatted address. */
export type PlaceDetails = {
  components: { longText: string; shortText: string; types: string[] }[];
  formattedAddress?: string;
  hasGeometry: boolean;
};

/** Any address source: Google Places in production, a local list in tests. */
export interface AddressProvider {
  suggest(input: string, regionCodes: readonly string[]): Promise<AddressSuggestion[]>;
  details(id: string): Promise<PlaceDetails>;
}

/** The lookup is limited to the US and Canada: the only countries the lender finances. */
export const LOOKUP_COUNTRIES = ['US', 'CA'] as const;

/**
 * The fields a chosen place fills, or undefined while it is not a usable address: a place counts only
 * with a location and a formatted address (until then the lookup stays in its typing state), and only
 * in the US or Canada.
 */
export function foundAddress(place: PlaceDetails): FoundAddress | undefined {
  if (!place.hasGeometry || !place.formattedAddress) return undefined;
  const part = (type: string, short = false) => {
    const c = place.components.find((x) => x.types.includes(type));
    return c ? (short ? c.shortText : c.longText) : '';
  };
  const country = part('country', true).toUpperCase();
  if (!(LOOKUP_COUNTRIES as readonly string[]).includes(country)) return undefined;
  const street = [part('street_number'), part('route')].filter(Boolean).join(' ');
  const city = part('locality') || part('postal_town') || part('sublocality_level_1') || part('sublocality');
  const zip = [part('postal_code'), part('postal_code_suffix')].filter(Boolean).join('-');
  return {
    address: street,
    city,
    state: part('administrative_area_level_1', true),
    zip: country === 'CA' ? part('postal_code') : zip,
    country,
    formattedAddress: place.formattedAddress,
  };
}
