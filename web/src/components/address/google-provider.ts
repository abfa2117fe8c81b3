import type { AddressProvider, PlaceDetails } from './address';

type PlacesLibrary = {
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions(req: {
      input: string;
      includedRegionCodes: string[];
      sessionToken?: unknown;
    }): Promise<{
      suggestions: { placePrediction?: { placeId: string; text: { toString(): string } } | null }[];
    }>;
  };
  AutocompleteSessionToken: new () => unknown;
  Place: new (opts: { id: string }) => {
    fetchFields(opts: { fields: string[] }): Promise<unknown>;
    addressComponents?: { longText: string | null; shortText: string | null; types: string[] }[];
    formattedAddress?: string | null;
    location?: unknown;
  };
};

declare global {
  interface Window {
    google?: { maps?: { importLibrary?: (name: string) => Promise<unknown> } };
    __portalMapsReady?: () => void;
  }
}

let loading: Promise<PlacesLibrary> | undefined;

/** Loads the Maps JavaScript API once, then its places library. */
function loadPlaces(apiKey: string): Promise<PlacesLibrary> {
  loading ??= new Promise<void>((resolve, reject) => {
    window.__portalMapsReady = () => resolve();
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&loading=async&callback=__portalMapsReady`;
    script.async = true;
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Google Maps could not load'));
    };
    document.head.appendChild(script);
  }).then(() => window.google!.maps!.importLibrary!('places') as Promise<PlacesLibrary>);
  return loading;
}

/** Google Places (the new Autocomplete Data API), one session token per lookup until a place is chosen. */
export function googleAddressProvider(apiKey: string): AddressProvider {
  let token: unknown;
  return {
    async suggest(input, regionCodes) {
      const places = await loadPlaces(apiKey);
      token ??= new places.AutocompleteSessionToken();
      const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
        input,
        includedRegionCodes: regionCodes.map((c) => c.toLowerCase()),
        sessionToken: token,
      });
      return suggestions.flatMap((s) =>
        s.placePrediction ? [{ id: s.placePrediction.placeId, label: s.placePrediction.text.toString() }] : [],
      );
    },
    async details(id): Promise<PlaceDetails> {
      const places = await loadPlaces(apiKey);
      const place = new places.Place({ id });
      await place.fetchFields({ fields: ['addressComponents', 'formattedAddress', 'location'] });
      token = undefined;
      return {
        components: (place.addressComponents ?? []).map((c) => ({
          longText: c.longText ?? '',
          shortText: c.shortText ?? '',
          types: c.types,
        })),
        formattedAddress: place.formattedAddress ?? undefined,
        hasGeometry: !!place.location,
      };
    },
  };
}

/** The configured provider: Google when a key is set, otherwise none (the fields are typed by hand). */
export function configuredAddressProvider(): AddressProvider | undefined {
  const key = import.meta.env.VITE_GOOGLE_MAPS_API_KEY as string | undefined;
  return key ? googleAddressProvider(key) : undefined;
}
