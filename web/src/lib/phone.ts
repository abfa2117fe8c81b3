/**
 * The phone library (phone-library.ts: libphonenumber-js, with the libs functions over it), loaded once, on its
 * own: the first visit and the journey pages' chunks have no room for it in their size budgets
 * (web/.size-limit.mjs). /sign-up asks for it once it has shown and waits for it before judging the form; the
 * journey pages with a phone load it with their answers (routes/journey-loaders.ts) and wait for it
 * (usePhoneLibrary). As it loads, the forms' phone rule (libs phone-rule.ts) gets its reader.
 */
import { use } from 'react';
import type * as PhoneLibraryModule from './phone-library';

type PhoneLibrary = typeof PhoneLibraryModule;

let loading: Promise<PhoneLibrary> | undefined;
let loaded: PhoneLibrary | undefined;

export const loadPhoneLibrary = (): Promise<PhoneLibrary> =>
  (loading ??= import('./phone-library').then(
    (library) => (loaded = library),
    (e: unknown) => {
      // A failed download (the connection dropped) is tried again by the next call.
      loading = undefined;
      throw e;
    },
  ));

/** For a component with a phone field: suspends until the library is here (at once after its loader). */
export function usePhoneLibrary(): void {
  if (!loaded) use(loadPhoneLibrary());
}

/** A phone as its input shows it, (514) 555-0100, whichever way it was written; as typed until the library is here. */
export const shownPhone = (typed: string): string => loaded?.formatPhone(typed) ?? typed;

/** A phone as the api keeps it: E.164 when it is a US or Canadian number, else as written (the rules refuse it). */
export const apiPhone = (written: string): string => loaded?.phoneE164(written) ?? written;
