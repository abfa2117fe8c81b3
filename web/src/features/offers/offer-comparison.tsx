import { offerTerms, type OfferAffordability, type OfferOptionView } from '@portal/libs';
import { useTranslation } from '../../i18n/translation';
import { useFormat } from '../../i18n/format';
import { offerFigures } from './offer-figures';

/**
 * The offers side by side, one column each (its name the column's header), one row per
 * figure (the figure's name the row's header), in a region of its own that scrolls sideways on a narrow
 * screen (focusable, named) so the page itself never does.
 */
export function OfferComparison({
  options,
  names,
  affordability,
}: {
  options: OfferOptionView[];
  names: Record<string, string>;
  affordability?: OfferAffordability;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const figure = offerFigures(t, fmt);
  if (options.length < 2) return null;
  const measured = affordability?.readable ? affordability.options : undefined;
  const columns = options.map((o) => ({ o, terms: offerTerms(o), share: measured?.find((m) => m.id === o.id) }));
  type Column = (typeof columns)[number];
  const rows: [string, (c: Column) => string][] = [
    [t('offers.compare.amount'), (c) => fmt.money(c.terms.amount)],
    [t('offers.compare.term'), (c) => figure.term(c.terms.termMonths)],
    [
      t('offers.compare.payment'),
      (c) =>
        c.terms.frequency === 'daily'
          ? t('offers.compare.daily', { amount: fmt.money(c.terms.payment) })
          : t('offers.compare.monthly', { amount: fmt.money(c.terms.payment) }),
    ],
    [t('offers.compare.totalPayback'), (c) => fmt.money(c.terms.totalPayback)],
    [t('offers.compare.costOfCapital'), (c) => fmt.money(c.terms.costOfCapital)],
    [t('offers.compare.apr'), (c) => figure.rate(c.terms.apr)],
    ...(measured
      ? [
          [t('offers.compare.share'), (c: Column) => (c.share ? figure.rate(c.share.sharePercent) : '—')] as [
            string,
            (c: Column) => string,
          ],
        ]
      : []),
  ];
  return (
    <section className="offer-compare" aria-labelledby="offer-compare-heading">
      <h2 id="offer-compare-heading">{t('offers.compare.heading')}</h2>
      <div className="table-scroll" role="region" aria-label={t('offers.compare.region')} tabIndex={0}>
        <table>
          <caption>{t('offers.compare.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('offers.compare.offer')}</th>
              {columns.map((c) => (
                <th scope="col" key={c.o.id}>
                  {names[c.o.id]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, cell]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {columns.map((c) => (
                  <td key={c.o.id}>{cell(c)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted offer-compare-note">{t('offers.compare.aprNote')}</p>
    </section>
  );
}
