/**
 * The phone library (phone-library.ts: libphonenumber-js, with the libs functions over it), loaded once, on its
 * own: the first visit and the journey pages' chunks have no room for it in their size budgets
 * (web/.size-limit.mjs). /sign-up asks for it once it has shown, and judges by the number's shape until it
 * is here (a first visit may submit before); the journey pages with a phone load it with their answers (routes/journey-loaders.ts) and wait for it
 * (usePhoneLibrary). As it loads, the forms' phone rule (libs phone-rule.ts) gets its reader.
 */
import { use } from 'react';
import { COMMON_CODES, givePhoneReader, type PhoneReading } from '@portal/libs';
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

/**
 * Until the library is here (a first visit's /sign-up shows and may be filled before it arrives), a number
 * is read by its shape: a US or Canadian number is ten digits after an optional 1, +1 or 001, its area
 * code and exchange starting with 2 to 9; a leading + or 00 with another country code is another
 * country's. The library, as it loads, gives the rules its own reader (real area codes, the other +1
 * countries), and the api always reads with it, with the same messages.
 */
function nationalDigits(typed: string): string | 'outside' {
  const t = typed.trim();
  if (/^(\+|00)\s*[02-9]/.test(t)) return 'outside';
  return t.replace(/\D/g, '').replace(/^(00)?1/, '');
}
function readByShape(typed: string): PhoneReading {
  const d = nationalDigits(typed);
  if (d === 'outside') return { error: COMMON_CODES.phoneOutsideUsCanada };
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(d) ? { e164: `+1${d}` } : { error: COMMON_CODES.phoneFormat };
}
/** (514) 555-0100 as it is typed, from 514…, 1-514… or +1 514…; anything else as written. */
function shownByShape(typed: string): string {
  const d = nationalDigits(typed);
  if (d === 'outside' || d === '' || d.length > 10) return typed;
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
// Given before the library can be (it loads through this module): replaced by the library's as it loads.
givePhoneReader(readByShape);

/** A phone as its input shows it, (514) 555-0100, whichever way it was written; by its shape until the library is here. */
export const shownPhone = (typed: string): string => loaded?.formatPhone(typed) ?? shownByShape(typed);

/** A phone as the api keeps it: E.164 when it is a US or Canadian number, else as written (the rules refuse it). */
export const apiPhone = (written: string): string => loaded?.phoneE164(written) ?? written;
