// How number inputs write their number in the applicant's language (react-number-format's settings), apart
// from format.ts: format.ts comes with the first visit, and the input library only with the journey's forms.
import { NUMBER_KINDS, type NumberKind } from '@portal/libs';
import { numericFormatter, type NumericFormatProps } from 'react-number-format';
import type { Language } from './i18n';

/** The dollar sign's place around an amount as Intl writes it in `lng`: '$' before in English and US Spanish, ' $' after in French. */
function affixes(lng: Language, kind: NumberKind): { prefix: string; suffix: string } {
  // A share's input is labelled a percentage and shows the number alone ('100' as the spec's e2e reads it).
  if (kind !== 'money') return { prefix: '', suffix: '' };
  const styled = new Intl.NumberFormat(lng, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });
  const parts = styled.formatToParts(1);
  const isNumber = (t: string) => t === 'integer' || t === 'group' || t === 'decimal' || t === 'fraction';
  const first = parts.findIndex((p) => isNumber(p.type));
  const last = parts.findLastIndex((p) => isNumber(p.type));
  const text = (ps: Intl.NumberFormatPart[]) => ps.map((p) => p.value).join('');
  return { prefix: text(parts.slice(0, first)), suffix: text(parts.slice(last + 1)) };
}

export type NumberInputFormat = Pick<
  NumericFormatProps,
  | 'thousandSeparator'
  | 'decimalSeparator'
  | 'allowedDecimalSeparators'
  | 'prefix'
  | 'suffix'
  | 'decimalScale'
  | 'allowNegative'
  | 'allowLeadingZeros'
>;

/**
 * How a number input of `kind` writes its number in `lng`, for react-number-format: Intl's group and decimal
 * separators (',' and '.' in English and US Spanish, U+00A0 and ',' in Canadian French) and the dollar sign where
 * Intl puts it.
 * Only the language's own decimal separator is taken as one: the other is judged by parseLocaleNumber.
 */
export function numberInputFor(lng: Language, kind: NumberKind): NumberInputFormat {
  const plain = new Intl.NumberFormat(lng).formatToParts(1234.5);
  const decimal = plain.find((p) => p.type === 'decimal')?.value ?? '.';
  return {
    thousandSeparator: kind === 'score' ? undefined : (plain.find((p) => p.type === 'group')?.value ?? ','),
    decimalSeparator: decimal,
    allowedDecimalSeparators: [decimal],
    decimalScale: NUMBER_KINDS[kind].maxDecimals,
    allowNegative: false,
    allowLeadingZeros: false,
    ...affixes(lng, kind),
  };
}

/**
 * A saved number as its input shows it in `lng`: 450000.5 -> '$450,000.50' or '450 000,50 $', 51.5 -> '51,5'.
 * Cents are shown as two digits; nothing saved is ''.
 */
export function numberText(n: number | string | undefined | null, lng: Language, kind: NumberKind): string {
  if (n === undefined || n === null || n === '') return '';
  const v = Number(n);
  if (!Number.isFinite(v)) return '';
  const numStr = Number.isInteger(v) ? String(v) : kind === 'money' ? v.toFixed(2) : String(v);
  return numericFormatter(numStr, numberInputFor(lng, kind));
}
