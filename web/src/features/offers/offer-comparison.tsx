import { offerTerms, type OfferAffordability, type OfferOptionView } from '@portal/libs';
import { useTranslation } from '../../i18n/translation';
import { useFormat } from '../../i18n/format';
import { shareText } from './offer-affordability';

/**
 * Issue 27 item 4: the offers side by side, one row each (its name the row's header), in a region of its
 * own that scrolls sideways on a narrow screen (focusable, named) so the page itself never does.
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
  if (options.length < 2) return null;
  const measured = affordability?.readable ? affordability.options : undefined;
  return (
    <section className="offer-compare" aria-labelledby="offer-compare-heading">
      <h2 id="offer-compare-heading">{t('offers.compare.heading')}</h2>
      <div className="table-scroll" role="region" aria-label={t('offers.compare.region')} tabIndex={0}>
        <table>
          <caption>{t('offers.compare.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('offers.compare.offer')}</th>
              <th scope="col">{t('offers.compare.amount')}</th>
              <th scope="col">{t('offers.compare.term')}</th>
              <th scope="col">{t('offers.compare.payment')}</th>
              <th scope="col">{t('offers.compare.totalPayback')}</th>
              <th scope="col">{t('offers.compare.costOfCapital')}</th>
              <th scope="col">{t('offers.compare.apr')}</th>
              {measured ? <th scope="col">{t('offers.compare.share')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {options.map((o) => {
              const terms = offerTerms(o);
              const share = measured?.find((m) => m.id === o.id);
              return (
                <tr key={o.id}>
                  <th scope="row">{names[o.id]}</th>
                  <td>{fmt.money(terms.amount)}</td>
                  <td>{t('offers.months', { count: terms.termMonths })}</td>
                  <td>{t(`offers.compare.${terms.frequency}`, { amount: fmt.money(terms.payment) })}</td>
                  <td>{fmt.money(terms.totalPayback)}</td>
                  <td>{fmt.money(terms.costOfCapital)}</td>
                  <td>{fmt.percent(terms.apr)}</td>
                  {measured ? <td>{share ? shareText(share.sharePercent, t, fmt) : '—'}</td> : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted offer-compare-note">{t('offers.compare.aprNote')}</p>
    </section>
  );
}
