import { isApplicantLanguage, type ApplicantLanguage } from './languages';

/**
 * One entry per language the portal speaks. Every table of words or writing rules on the server is typed
 * with it, so a language added to APPLICANT_LANGUAGES without its entry in a table does not compile: a new
 * language is its entries, never a new branch in the code.
 */
export type ByLanguage<T> = { readonly [L in ApplicantLanguage]: T };

/** The language an account or a request names, as the portal speaks it: English when none or unknown. */
export const languageOf = (v: unknown): ApplicantLanguage => (isApplicantLanguage(v) ? v : 'en');

/**
 * How each language writes what the emails and the application PDF show, beside its words:
 * - `colon`: what ends a label before its value (Canadian French sets a no-break space before the colon, so
 *   it never starts a line);
 * - `datesInWords`: a calendar date written out in the language ('15 de marzo de 2024'), for a language
 *   whose numeric form readers would take the other way round (es-US writes 15/3/2024 where English writes
 *   3/15/2024); otherwise the date as the form takes it (YYYY-MM-DD, Canada's numeric date).
 */
export type LanguageWriting = { colon: string; datesInWords: boolean };
export const LANGUAGE_WRITING: ByLanguage<LanguageWriting> = {
  en: { colon: ':', datesInWords: false },
  'fr-CA': { colon: '\u00a0:', datesInWords: false },
  'es-US': { colon: ':', datesInWords: true },
};

/**
 * One Intl formatter per language, made at its first use: making one (its locale data resolved) costs far
 * more than formatting with it, and the PDF and the emails format dozens of figures each.
 */
export function perLanguage<F>(make: (language: ApplicantLanguage) => F): (language: ApplicantLanguage) => F {
  const made = new Map<ApplicantLanguage, F>();
  return (language) => {
    let f = made.get(language);
    if (!f) made.set(language, (f = make(language)));
    return f;
  };
}

const dollars = perLanguage(
  (language) =>
    new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }),
);
const longDates = perLanguage((language) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }));

/** Every kind of space Intl may set inside a number (narrow no-break, thin), as a plain no-break space. */
const plainSpaces = (s: string) => s.replace(/[\u202f\u2009]/g, '\u00a0');

/**
 * An amount in US dollars as the language writes it, by Intl: $219,600.00 (en, es-US), 219 600,00 $
 * (fr-CA). A narrow no-break space becomes a plain one: some mail clients show it as a box, and the PDF's
 * standard fonts have none.
 */
export function moneyIn(v: number | string | undefined | null, language: ApplicantLanguage): string {
  return plainSpaces(dollars(language).format(Number(v ?? 0) || 0));
}

/**
 * A calendar date (YYYY-MM-DD) as the language writes it (LANGUAGE_WRITING's `datesInWords`): in words by
 * Intl, or as given. Anything that is not such a date is returned as it is.
 */
export function dateIn(iso: string, language: ApplicantLanguage): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.trim());
  if (!m || !LANGUAGE_WRITING[language].datesInWords) return iso;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (date.getUTCDate() !== Number(m[3])) return iso;
  return plainSpaces(longDates(language).format(date));
}
