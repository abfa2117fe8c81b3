import { formatMoney, frenchLabel, type PickList } from '@portal/libs';

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/**
 * The applicant's answers as the application PDF writes them, in their language (issue 16): for
 * 'fr-CA', pick-list values by their French labels (the same labels the web shows) and amounts the
 * French way (219 600,00 $); otherwise as recorded, amounts $219,600.00. The record keeps the English
 * values either way. The PDF's standard fonts are WinAnsi, which has no narrow no-break space (Intl's
 * French digit group separator), so a plain no-break space stands in for it.
 */
export function answerWriter(language?: string) {
  const fr = language === 'fr-CA';
  const frMoney = new Intl.NumberFormat('fr-CA', {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
  });
  const pick = (list: PickList, v: unknown) => {
    const s = text(v);
    return fr && s ? frenchLabel(list, s) : s;
  };
  return {
    money: (v: unknown) => {
      if (typeof v !== 'number') return '';
      return fr ? frMoney.format(v).replace(/\u202f/g, '\u00a0') : formatMoney(v);
    },
    pick,
    /** A multi-choice answer (the products), each value by its label. */
    picks: (list: PickList, v: unknown) => (Array.isArray(v) ? v.map((x) => pick(list, x)).join(', ') : pick(list, v)),
  };
}
