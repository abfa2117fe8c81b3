import { lazy, Suspense } from 'react';
import type { FoundAddress } from './address';

type Props = { label: string; onFound: (a: FoundAddress) => void };

/**
 * The lookup's code, only in a build with a Google Maps key (VITE_GOOGLE_MAPS_API_KEY): without one the lookup
 * never shows, and the pages carry none of it. With one it is a chunk of its own, asked for as soon as a page
 * that shows it loads, so it is mostly there by the page's first render.
 */
const loading = import.meta.env.VITE_GOOGLE_MAPS_API_KEY
  ? import('./address-lookup').then((m) => ({ default: m.AddressLookup }))
  : undefined;
const Lookup = loading && lazy(() => loading);

/** Holds the lookup's place while its code comes, so the fields below it do not move when it shows. */
function Placeholder({ label }: Pick<Props, 'label'>) {
  return (
    <div className="field address-lookup" aria-hidden="true">
      <label>{label}</label>
      <input type="text" disabled tabIndex={-1} />
    </div>
  );
}

/** The address lookup where the build has one (AddressLookup), else nothing: the address is typed by hand. */
export function AddressLookupSlot(props: Props) {
  if (!Lookup) return null;
  return (
    <Suspense fallback={<Placeholder label={props.label} />}>
      <Lookup {...props} />
    </Suspense>
  );
}
