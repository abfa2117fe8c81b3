/**
 * Phone numbers, read by libphonenumber-js rather than by counting digits: '+1 (514) 555-0100',
 * '+15145550100' and '1-514-555-0100' were once read as (151) 455-5010. Every way a person writes a US or
 * Canadian number (national or international, with or without +1 or the leading 1, typed or pasted) is
 * the same number, kept as E.164 (+15145550100) and shown in the national format, (514) 555-0100.
 *
 * The library's metadata is its own `min` build, cut to calling code +1 (phone-metadata.ts): the fields take
 * US and Canadian numbers only, and the whole metadata would not fit the web's size budget. A number with
 * another calling code is refused as outside the US and Canada, as is a real number of another +1 country.
 */
import { AsYouType, ParseError, parsePhoneNumberWithError, type PhoneNumber } from 'libphonenumber-js/core';
import { COMMON_CODES } from './codes';
import { NANP_METADATA } from './phone-metadata';
import { givePhoneReader, type PhoneReading } from './phone-rule';

/** The countries whose numbers the forms take. */
export const PHONE_COUNTRIES: readonly string[] = ['US', 'CA'];

/** Longer than anything a phone input holds (PHONE_INPUT_MAX_LENGTH): refused before the library reads it. */
const MAX_PHONE_TEXT = 40;

type Parsed = PhoneNumber | 'outside' | undefined;

/**
 * `text` as libphonenumber-js reads it (the US's national rules by default, which are Canada's too), or
 * 'outside' when its calling code is not +1. '00' before the country code (0044 …) is read as its '+'.
 */
function parse(text: string): Parsed {
  const s = text.trim().replace(/^00(?=\s*[1-9])/, '+');
  if (s === '' || s.length > MAX_PHONE_TEXT) return undefined;
  try {
    return parsePhoneNumberWithError(s, { defaultCountry: 'US', extract: false }, NANP_METADATA);
  } catch (e) {
    return e instanceof ParseError && e.message === 'INVALID_COUNTRY' ? 'outside' : undefined;
  }
}

/**
 * A phone as typed, pasted or stored: its E.164 when it is a real US or Canadian number; else
 * `phoneOutsideUsCanada` for a number of another country, `phoneFormat` for anything else (too short,
 * too long, an extension, an area code that does not exist).
 */
export function readPhone(text: string): PhoneReading {
  const n = parse(text);
  if (n === 'outside') return { error: COMMON_CODES.phoneOutsideUsCanada };
  if (!n || n.ext || !n.isValid()) return { error: COMMON_CODES.phoneFormat };
  if (!PHONE_COUNTRIES.includes(n.country ?? '')) return { error: COMMON_CODES.phoneOutsideUsCanada };
  return { e164: n.number };
}

// The rule sets' phone rule (phone-rule.ts) reads with this, from the moment this file loads.
givePhoneReader(readPhone);

/** The phone's E.164 when it is one the forms take, else undefined. */
export const phoneE164 = (text: string): string | undefined => readPhone(text).e164;

/**
 * A phone as its input shows it while it is typed, and as a stored one is shown: a complete number in the
 * national format, (514) 555-0100, whichever way it was written; until then the library's own formatting
 * as it is typed ('1 (514) 55', '+1 514 5'), without a trailing bracket or dash (a backspace over one would
 * be undone); a number of another country as it was typed, so its message sits beside it.
 */
export function formatPhone(input: string): string {
  const n = parse(input);
  if (n === 'outside') return input;
  if (n && !n.ext && n.isValid()) return n.formatNational();
  if (input.length > MAX_PHONE_TEXT) return input;
  const shown = new AsYouType('US', NANP_METADATA).input(input);
  return shown.replace(/[^\d+]+$/, '');
}

/**
 * A stored phone (E.164, or the ten digits and the mask of older records) as the ten digits of its national
 * number (5145550100), as the CRM's owner fields have always had it; what cannot be read, its first ten digits.
 */
export function nationalDigits(stored: string): string {
  const n = parse(stored);
  return n && n !== 'outside' && n.countryCallingCode === '1'
    ? n.nationalNumber
    : stored.replace(/\D/g, '').slice(0, 10);
}
