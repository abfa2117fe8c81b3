import { DAILY_PAYMENTS_PER_YEAR, estimatedApr, formatMoney, isLineOfCredit, type OfferOptionView } from '@portal/libs';

const usd = formatMoney;

/** The cost of an option in plain words: what you get, what you pay back, how often, and the APR. */
export function offerFacts(o: OfferOptionView): [string, string][] {
  if (isLineOfCredit(o))
    return [
      ['Credit line', usd(o.maxAmount)],
      ['Term', `${o.termYears} year${o.termYears === '1' ? '' : 's'}`],
      ['Monthly interest rate', `${o.monthlyInterestRate}%`],
      ['Monthly payment if fully drawn', usd(o.monthlyPayments)],
    ];
  const apr = estimatedApr(
    Number(o.offeredAmount),
    Number(o.dailyPayment),
    Number(o.noOfdailyPayments),
    DAILY_PAYMENTS_PER_YEAR,
  );
  return [
    ['Term', `${o.monthlyTerm} months`],
    ['Total payback', usd(o.totalPayment)],
    // What the schedule costs a month, whichever way it is paid: the figure applicants budget with.
    ...(o.monthlyPayment ? [['Monthly payment', usd(o.monthlyPayment)] as [string, string]] : []),
    ['Daily', `${o.noOfdailyPayments} payments of ${usd(o.dailyPayment)}`],
    ['or weekly', `${o.noOfweeklyPayments} payments of ${usd(o.weeklyPayment)}`],
    ['Estimated APR', `${apr.toFixed(1)}%`],
  ];
}

export function OfferCard({
  option,
  selected,
  onSelect,
  disabled,
}: {
  option: OfferOptionView;
  selected: boolean;
  onSelect?: () => void;
  disabled?: boolean;
}) {
  const loc = isLineOfCredit(option);
  return (
    <article
      className={`offer-card${selected ? ' selected' : ''}`}
      aria-label={loc ? 'Line of credit' : option.offerLabel}
    >
      <p className="offer-kind">{loc ? 'Line of credit' : option.offerLabel}</p>
      <p className="offer-amount">{usd(loc ? option.maxAmount : option.offeredAmount)}</p>
      <dl className="offer-facts">
        {offerFacts(option).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {onSelect ? (
        <button
          type="button"
          className={`btn ${selected ? 'btn-primary' : 'btn-secondary'}`}
          aria-pressed={selected}
          disabled={disabled}
          onClick={onSelect}
        >
          {selected ? 'Selected' : 'Select Offer'}
        </button>
      ) : null}
    </article>
  );
}
