import { useTranslation } from './translation';
import { MONTH_NAMES, NUMBER_KINDS, type NumberKind } from '@portal/libs';
import { numericFormatter, type NumericFormatProps } from 'react-number-format';
import { toLanguage, type Language } from './i18n';

const num = (v: number | string | undefined | null) => Number(v ?? 0) || 0;

/** Amounts, percentages, months, dates, sizes and phone numbers as the applicant's language writes them. */
export function formatterFor(lng: Language) {
  const money = new Intl.NumberFormat(lng, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });
  const percent = new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 2 });
  const integer = new Intl.NumberFormat(lng, { maximumFractionDigits: 0 });
  return {
    /** 219600 -> $219,600.00 (en) or 219 600,00 $ (fr-CA). */
    money: (v: number | string | undefined | null) => money.format(num(v)),
    /** Takes a figure already in percent: 2.5 -> 2.5% or 2,5 %. */
    percent: (v: number | string | undefined | null) => percent.format(num(v) / 100),
    integer: (v: number | string | undefined | null) => integer.format(num(v)),
    /** A statement slot's label ('October 2026', how the server files it) as 'October 2026' or 'octobre 2026'. */
    month: (label: string) => {
      const [name = '', year = ''] = label.split(' ');
      const m = MONTH_NAMES.indexOf(name);
      if (m < 0 || !/^\d{4}$/.test(year)) return label;
      return new Intl.DateTimeFormat(lng, { month: 'long', year: 'numeric' }).format(new Date(Number(year), m, 1));
    },
    /** A calendar date (YYYY-MM-DD) in words. */
    date: (iso: string) => {
      const [y, m, d] = iso.split('-').map(Number);
      if (!y || !m || !d) return iso;
      return new Intl.DateTimeFormat(lng, { dateStyle: 'long' }).format(new Date(y, m - 1, d));
    },
    /** A statement period, as one range: 'August 1 – 31, 2026' or 'du 1er au 31 août 2026'. */
    period: (startIso: string, endIso: string) => {
      const at = (iso: string) => {
        const [y, m, d] = iso.split('-').map(Number);
        return y && m && d ? new Date(y, m - 1, d) : undefined;
      };
      const a = at(startIso);
      const b = at(endIso);
      if (!a || !b) return `${startIso} – ${endIso}`;
      return new Intl.DateTimeFormat(lng, { dateStyle: 'long' }).formatRange(a, b);
    },
    /** A moment (ISO time) with its date and time: 'Nov 20, 2026, 10:00 AM' or '20 nov. 2026, 10 h 00'. */
    dateTime: (iso: string) => {
      const d = new Date(iso);
      return Number.isNaN(d.getTime())
        ? iso
        : new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
    },
    kilobytes: (bytes: number) =>
      new Intl.NumberFormat(lng, { style: 'unit', unit: 'kilobyte' }).format(Math.round(bytes / 1024)),
    /**
     * A North American number: (888) 555-0142 in English, 888 555-0142 in Canadian French (the Office
     * québécois de la langue française's form). Intl has no phone format, so this one is ours.
     */
    phone: (digits: string) => {
      const d = digits.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
      if (d.length !== 10) return digits;
      return lng === 'fr-CA'
        ? `${d.slice(0, 3)} ${d.slice(3, 6)}-${d.slice(6)}`
        : `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
    },
  };
}

export type Formatter = ReturnType<typeof formatterFor>;

/** The dollar sign's place around an amount as Intl writes it in `lng`: '$' before in English, ' $' after in French. */
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
 * separators (',' and '.' in English, U+00A0 and ',' in Canadian French) and the dollar sign where Intl puts it.
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

export function useFormat(): Formatter {
  const { i18n } = useTranslation();
  return formatterFor(toLanguage(i18n.resolvedLanguage ?? i18n.language));
}
