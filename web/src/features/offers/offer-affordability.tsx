import type { OfferAffordability } from '@portal/libs';
import { useTranslation } from '../../i18n/translation';
import { useFormat, type Formatter } from '../../i18n/format';
import type { TFunction } from '../../i18n/i18n';
import { offerFigures } from './offer-figures';

type Measured = Extract<OfferAffordability, { readable: true }>['options'][number];

/**
 * 'About 8.5% of what comes in each day': the share as the comparison table writes it (offerFigures), so
 * the card and the table never show two figures for one offer; 'Less than 0.1%' below what that shows.
 */
export function shareText(sharePercent: number, t: TFunction, fmt: Formatter): string {
  const { rate } = offerFigures(t, fmt);
  return sharePercent < 0.1
    ? t('offers.afford.shareSmall', { share: rate(0.1) })
    : t('offers.afford.share', { share: rate(sharePercent) });
}

/** On each offer's card: its share of the business's deposits and the lowest balance after it. */
export function OfferAffordabilityLines({ measured }: { measured?: Measured }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!measured) return null;
  const below = measured.lowestBalance < 0;
  return (
    <div className="offer-afford">
      <p className="offer-afford-heading">{t('offers.afford.heading')}</p>
      <p className="offer-share">{shareText(measured.sharePercent, t, fmt)}</p>
      <p className={`offer-lowest${below ? ' below-zero' : ''}`}>
        {t(below ? 'offers.afford.belowZero' : 'offers.afford.lowest', {
          amount: fmt.money(measured.lowestBalance),
          date: fmt.date(measured.lowestOn),
        })}
      </p>
    </div>
  );
}

/** Under the cards: how the figures were made, or that the statements could not be read well enough. */
export function AffordabilityNote({ affordability }: { affordability?: OfferAffordability }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!affordability) return null;
  return affordability.readable ? (
    <p className="offer-afford-basis muted">
      {t('offers.afford.basis', { deposits: fmt.money(affordability.averageDailyDeposits) })}
    </p>
  ) : (
    <p className="offer-afford-unreadable" role="note">
      {t('offers.afford.unreadable')}
    </p>
  );
}
