/**
 * The phone rule, apart from the library that reads phones (phone.ts, libphonenumber-js: 17.6 kB gzip). The
 * forms' rule sets hold this rule, and they come with the web's first visit and every journey page, whose
 * size budgets (web/.size-limit.mjs) have no room for the library. phone.ts gives its reader as it loads: the
 * libs index loads it for the api, the worker and the workflows; the web loads it on its own
 * (web/src/lib/phone.ts) before it judges a form with a phone.
 */
import { COMMON_CODES, type MessageCode } from './codes';
import { digitsOnly } from './formats';
import { all, required, type Rule } from './rules';

/** A number the forms take, as E.164 ('+15145550100'), or the code of the message that says why not. */
export type PhoneReading = { e164: string; error?: undefined } | { e164?: undefined; error: MessageCode };
type PhoneReader = (text: string) => PhoneReading;

let reader: PhoneReader | undefined;

/** phone.ts's reader, given as it loads. */
export const givePhoneReader = (read: PhoneReader): void => {
  reader = read;
};

/** Judging a phone before phone.ts has loaded would judge nothing: said at once, never passed silently. */
function read(text: string): PhoneReading {
  if (!reader) throw new Error('The phone library is not loaded: import phone.ts (the libs index does) first.');
  return reader(text);
}

/** A phone field, typed or sent in any of its forms: the required message first, then phone.ts's reading. */
export const phoneNumberRule = (requiredCode: MessageCode = COMMON_CODES.phoneRequired): Rule =>
  all(required(requiredCode), (v) => (typeof v === 'string' ? read(v).error : undefined));

/** One key per number however it was written: (514) 555-0100 and +15145550100 are one phone. */
export const phoneKey = (text: string): string => read(text).e164 ?? digitsOnly(text);
