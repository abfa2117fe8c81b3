/**
 * Numbers as a person writes them in their language ('450 000,50' typed in French was once
 * read as 45,000,050). The parser reads what it can read one way only and refuses the rest with a code;
 * it never guesses.
 *
 * English and US Spanish: '.' before the decimals; ',' (or a space) between groups of three digits.
 * Canadian French: ',' before the decimals; a space (U+0020, U+00A0 or U+202F) between groups of three.
 * Either language: '$' (amounts) or '%' (percentages) once, before or after; a leading minus.
 *
 * Refused, never guessed:
 * - a '.' in a French number ('1.234', '1 234.50', '$1,234.56' pasted from English): `frenchDecimalPoint`;
 * - an amount with three digits after the decimal separator ('450,000' in French, '450.000' in English): the
 *   person wrote thousands the other language's way, or slipped; cutting it to 450.00 stored 450, so it is
 *   refused with `thousandsOrCents`, whatever comes before it;
 * - elsewhere, a separator that could be either the group or the decimal one: three digits after the only
 *   separator, with at most three before ('1,234' in French, '1.234' in English), `ambiguous`;
 * - groups that are not of three digits ('12,34', '1,5' in English; '45 00' in French), two decimal
 *   separators, both kinds of group separator, a group separator after the decimal one: `ambiguous`;
 * - more decimals than the field takes: `tooManyDecimals` (whole-number fields: `wholeNumber`);
 * - anything else that is not a number: `notANumber`.
 * A trailing decimal separator ('450 000,') is read as the number before it: typing goes through it.
 */
import { COMMON_CODES, type MessageCode } from './codes';
import { isAbsent, type Rule, type RuleSet } from './rules';
import type { ByLanguage } from '../domain/language-table';
import { APPLICANT_LANGUAGES } from '../domain/languages';

export type NumberSymbol = '$' | '%';
export type LocaleNumberOptions = {
  /** The sign the field's numbers may carry, before or after ('$' for amounts, '%' for percentages). */
  symbol?: NumberSymbol;
  /** How many decimals the field takes (2 by default; 0 for a whole number such as a credit score). */
  maxDecimals?: number;
};

/** Longer than any number a form takes, with its separators and sign: refused before any pattern runs. */
const MAX_TEXT = 40;

/** Every space a keyboard, a paste or Intl may give: space, no-break, narrow no-break, thin, figure. */
const SPACES = /[\s\u00a0\u202f\u2009\u2007]+/g;

/**
 * How each language writes a number: the separator before its decimals, and the code refusing a '.' where
 * the language's decimal separator is a comma (a French amount pasted from English), if it has one.
 */
type NumberWriting = { decimal: '.' | ','; pointRefused?: MessageCode };
const NUMBER_WRITING: ByLanguage<NumberWriting> = {
  en: { decimal: '.' },
  'fr-CA': { decimal: ',', pointRefused: COMMON_CODES.frenchDecimalPoint },
  // US Spanish writes numbers as US English does ($1,234.56; Intl 'es-US').
  'es-US': { decimal: '.' },
};
/** The writing of `lng` as the web's i18n names it ('fr' and 'fr-CA' alike); English's for any other. */
const writingOf = (lng: string | undefined): NumberWriting => {
  const primary = (tag: string) => tag.toLowerCase().split('-')[0];
  const language = APPLICANT_LANGUAGES.find((l) => primary(l) === primary(lng ?? ''));
  return NUMBER_WRITING[language ?? 'en'];
};

const GROUPED = { ',': /^\d{1,3}(?:,\d{3})+$/, ' ': /^\d{1,3}(?: \d{3})+$/ } as const;

/**
 * `text` as a number in `lng` ('en', 'fr-CA' or 'es-US'), or the code of the message that says why it is refused.
 * Only text is read: a number is already unambiguous and is returned as it is.
 */
export function parseLocaleNumber(
  text: unknown,
  lng: string | undefined,
  { symbol, maxDecimals = 2 }: LocaleNumberOptions = {},
): number | MessageCode {
  if (typeof text === 'number') return Number.isFinite(text) ? text : COMMON_CODES.notANumber;
  if (typeof text !== 'string') return COMMON_CODES.invalidValue;
  if (text.length > MAX_TEXT) return COMMON_CODES.notANumber;
  let s = text.replace(SPACES, ' ').trim();
  let negative = false;
  const sign = () => {
    if (/^[-\u2212]/.test(s) && !negative) {
      negative = true;
      s = s.slice(1).trim();
    }
  };
  sign();
  if (symbol && s.startsWith(symbol)) s = s.slice(1).trim();
  else if (symbol && s.endsWith(symbol)) s = s.slice(0, -1).trim();
  sign();
  if (!/^\d[\d., ]*$|^[.,]\d+$/.test(s)) return COMMON_CODES.notANumber;

  const { decimal, pointRefused } = writingOf(lng);
  if (pointRefused && s.includes('.')) return pointRefused;
  const parts = s.split(decimal);
  if (parts.length > 2) return COMMON_CODES.ambiguous;
  const [whole = '', fraction = ''] = parts;
  if (!/^\d*$/.test(fraction)) return COMMON_CODES.ambiguous;

  // A decimal point's languages write groups with ',' or a space (never both); a decimal comma's with a space only.
  const separators = [...new Set(whole.replace(/\d/g, ''))];
  if (separators.length > 1) return COMMON_CODES.ambiguous;
  const separator = separators[0] as ',' | ' ' | undefined;
  if (separator && !GROUPED[separator].test(whole)) return COMMON_CODES.ambiguous;

  // An amount's three digits after the decimal separator are thousands or a slip, never cents ('450,000' in French).
  if (symbol === '$' && fraction.length === 3 && /[1-9]/.test(whole)) return COMMON_CODES.thousandsOrCents;
  // A whole-number field refuses any decimal separator, even one with nothing after it yet ('7,').
  if (fraction.length > maxDecimals || (maxDecimals === 0 && parts.length === 2)) {
    // '1,234' (French) or '1.234' (English): the only separator could also be the other language's group.
    const couldBeGroup = !separator && fraction.length === 3 && /^[1-9]\d{0,2}$/.test(whole);
    if (couldBeGroup) return COMMON_CODES.ambiguous;
    return maxDecimals === 0 ? COMMON_CODES.wholeNumber : COMMON_CODES.tooManyDecimals;
  }
  const digits = whole.replace(/\D/g, '') || '0';
  const n = Number(fraction ? `${digits}.${fraction}` : digits);
  return negative && n !== 0 ? -n : n;
}

/** An amount: '$' before or after, at most two decimals. */
export const parseLocaleAmount = (text: unknown, lng: string | undefined): number | MessageCode =>
  parseLocaleNumber(text, lng, { symbol: '$' });

/** The kinds of number a journey form asks for, with what each takes. */
export const NUMBER_KINDS = {
  /** Dollars and cents. */
  money: { symbol: '$', maxDecimals: 2 },
  /** An ownership share: up to two decimals, '%' before or after. */
  percent: { symbol: '%', maxDecimals: 2 },
  /** A credit score: a whole number. */
  score: { maxDecimals: 0 },
} as const satisfies Record<string, LocaleNumberOptions>;
export type NumberKind = keyof typeof NUMBER_KINDS;

/**
 * A form's rules over numbers as typed in `lng`: each field named in `kinds` is read with
 * parseLocaleNumber first (a refusal is its message), then judged as a number by the field's own rule,
 * the one the api applies to the number the form sends, so both answer with the same words.
 */
export function localeNumberRules<R extends RuleSet>(
  rules: R,
  kinds: Partial<Record<keyof R, NumberKind>>,
  lng: string | undefined,
): R {
  const wrapped: Record<string, Rule> = { ...rules };
  for (const [field, kind] of Object.entries(kinds) as [string, NumberKind | undefined][]) {
    const rule = rules[field];
    if (!rule || !kind) continue;
    wrapped[field] = (v, form) => {
      if (isAbsent(v) || typeof v !== 'string') return rule(v, form);
      const n = parseLocaleNumber(v, lng, NUMBER_KINDS[kind]);
      return typeof n === 'string' ? n : rule(n, form);
    };
  }
  return wrapped as R;
}
