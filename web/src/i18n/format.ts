import { useTranslation } from './translation';
import { MONTH_NAMES, formatPercent } from '@portal/libs';
import { toLanguage, translate, type Language } from './i18n';

const num = (v: number | string | undefined | null) => Number(v ?? 0) || 0;

/** Amounts, percentages, months, dates, sizes and phone numbers as the applicant's language writes them. */
export function formatterFor(lng: Language) {
  const money = new Intl.NumberFormat(lng, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });
  const integer = new Intl.NumberFormat(lng, { maximumFractionDigits: 0 });
  return {
    /** 219600 -> $219,600.00 (en, es-US) or 219 600,00 $ (fr-CA). */
    money: (v: number | string | undefined | null) => money.format(num(v)),
    /** Takes a figure already in percent: 2.5 -> 2.5% or 2,5 %; the offer email's rule too (libs). */
    percent: (v: number | string | undefined | null) => formatPercent(v, lng),
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
    /**
     * A file's size: bytes under 1 kB ('512 B', '512 o': a small PDF is never '0 kB'), kB with one decimal
     * under 10 kB ('1.5 kB', '1,5 ko'), whole kB above. Intl writes a byte 'byte' in English, so the byte
     * unit is the catalogue's (format.bytes), after the number as Intl sets the kilobyte's.
     */
    fileSize: (bytes: number) => {
      const n = Math.max(0, Math.round(num(bytes)));
      if (n < 1024) return translate(lng, 'format.bytes', { n: integer.format(n) });
      const kb = n / 1024;
      return new Intl.NumberFormat(lng, {
        style: 'unit',
        unit: 'kilobyte',
        maximumFractionDigits: kb < 10 ? 1 : 0,
      }).format(kb);
    },
    /**
     * A North American number as the language writes it (format.phone): (888) 555-0142 in English and US
     * Spanish, 888 555-0142 in Canadian French (the Office québécois de la langue française's form). Intl
     * has no phone format.
     */
    phone: (digits: string) => {
      const d = digits.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
      if (d.length !== 10) return digits;
      return translate(lng, 'format.phone', { area: d.slice(0, 3), exchange: d.slice(3, 6), line: d.slice(6) });
    },
  };
}

export type Formatter = ReturnType<typeof formatterFor>;

export function useFormat(): Formatter {
  const { i18n } = useTranslation();
  return formatterFor(toLanguage(i18n.resolvedLanguage ?? i18n.language));
}
