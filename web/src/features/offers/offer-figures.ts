import type { TFunction } from '../../i18n/i18n';
import type { Formatter } from '../../i18n/format';

/**
 * One writing of an offer's rates and terms, for its card and the comparison table alike: the card once
 * said 'about 9 %' and '2 years' where the table said '8,5 %' and '24 months' for the same offer. A rate
 * is written as the figure it is (the APR to one decimal, as offerTerms computes it), a term in months.
 */
export function offerFigures(t: TFunction, fmt: Formatter) {
  return {
    rate: (percent: number | string | undefined) => fmt.percent(percent),
    term: (months: number) => t('offers.months', { count: months }),
  };
}
