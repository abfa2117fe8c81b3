import { useTranslation } from '../../i18n/translation';
import { useFormat } from '../../i18n/format';

// Beside the sign-up form (sign-up-page.tsx), part of the same first visit.
const TRUST_POINTS = [
  'signUp.trustEncrypted',
  'signUp.trustCountries',
  'signUp.trustMonths',
  'signUp.trustOwnership',
] as const;

/** The lender's on-screen statements, and the review widget's slot only when a widget id is configured. */
export function TrustPanel() {
  const { t } = useTranslation();
  const fmt = useFormat();
  // A blank or whitespace-only id (an env file line left empty) counts as none: no empty box.
  const widget = ((import.meta.env.VITE_REVIEW_WIDGET_ID as string | undefined) ?? '').trim();
  return (
    <aside className="trust" aria-label={t('signUp.trustLabel')}>
      <p className="trust-headline">{t('signUp.trusted', { n: fmt.integer(3000) })}</p>
      <ul>
        {TRUST_POINTS.map((point) => (
          <li key={point}>
            <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
              <circle cx="10" cy="10" r="10" fill="rgba(255,255,255,0.18)" />
              <path d="M6 10.5l2.5 2.5L14 7.5" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
            </svg>
            {t(point)}
          </li>
        ))}
      </ul>
      {widget ? <div className="review-widget" data-widget-id={widget} /> : null}
    </aside>
  );
}
