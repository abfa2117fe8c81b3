import { useTranslation } from '../../i18n/translation';
import type { TFunction } from '../../i18n/i18n';
import { isLineOfCredit, offerTerms, type OfferOptionView } from '@portal/libs';
import { useFormat, type Formatter } from '../../i18n/format';
import { toLanguage } from '../../i18n/i18n';
import { OfferAffordabilityLines } from './offer-affordability';
import { offerFigures } from './offer-figures';

/**
 * The cost of an option in plain words: what you get, what you pay back, how often, and the APR. The term,
 * the payback and the APR are the comparison table's (offerTerms, written by offerFigures), a line of
 * credit's as if fully drawn at once.
 */
export function offerFacts(o: OfferOptionView, t: TFunction, fmt: Formatter): [string, string][] {
  const terms = offerTerms(o);
  const figure = offerFigures(t, fmt);
  if (isLineOfCredit(o))
    return [
      [t('offers.creditLine'), fmt.money(o.maxAmount)],
      [t('offers.term'), figure.term(terms.termMonths)],
      [t('offers.monthlyRate'), figure.rate(o.monthlyInterestRate)],
      [t('offers.monthlyIfDrawn'), fmt.money(o.monthlyPayments)],
      [t('offers.totalPayback'), fmt.money(terms.totalPayback)],
      [t('offers.apr'), figure.rate(terms.apr)],
    ];
  return [
    [t('offers.term'), figure.term(terms.termMonths)],
    [t('offers.totalPayback'), fmt.money(terms.totalPayback)],
    // What the schedule costs a month, whichever way it is paid: the figure applicants budget with.
    ...(o.monthlyPayment ? [[t('offers.monthlyPayment'), fmt.money(o.monthlyPayment)] as [string, string]] : []),
    [
      t('offers.daily'),
      t('offers.payments', { count: Number(o.noOfdailyPayments), amount: fmt.money(o.dailyPayment) }),
    ],
    [
      t('offers.weekly'),
      t('offers.payments', { count: Number(o.noOfweeklyPayments), amount: fmt.money(o.weeklyPayment) }),
    ],
    [t('offers.apr'), figure.rate(terms.apr)],
  ];
}

/** The language the offer service writes its labels in. */
const OFFER_SERVICE_LANGUAGE = 'en';

/** An option's name: the service's own label for a standard offer (its term), ours for a line of credit. */
export function offerName(o: OfferOptionView, t: TFunction, language: string): string {
  if (isLineOfCredit(o)) return t('offers.lineOfCredit');
  // The offer service names a standard option by its term ('12-month term'), in its own language: in any
  // other, the name is the catalogue's, from the term.
  return language === OFFER_SERVICE_LANGUAGE
    ? (o.offerLabel ?? '')
    : t('offers.termName', { count: Number(o.monthlyTerm) });
}

export function OfferCard({
  option,
  selected,
  onSelect,
  disabled,
  measured,
}: {
  option: OfferOptionView;
  /** This option against the statements, when they could be read: what it would cost the business day to day. */
  measured?: Parameters<typeof OfferAffordabilityLines>[0]['measured'];
  selected: boolean;
  onSelect?: () => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const loc = isLineOfCredit(option);
  const name = offerName(option, t, toLanguage(i18n.resolvedLanguage ?? i18n.language));
  return (
    <article className={`offer-card${selected ? ' selected' : ''}`} aria-label={name}>
      <p className="offer-kind">{name}</p>
      <p className="offer-amount">{fmt.money(loc ? option.maxAmount : option.offeredAmount)}</p>
      <dl className="offer-facts">
        {offerFacts(option, t, fmt).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <OfferAffordabilityLines measured={measured} />
      {onSelect ? (
        <button
          type="button"
          className={`btn ${selected ? 'btn-primary' : 'btn-secondary'}`}
          aria-pressed={selected}
          disabled={disabled}
          onClick={onSelect}
        >
          {selected ? t('offers.selected') : t('offers.selectOffer')}
        </button>
      ) : null}
    </article>
  );
}
