import { Trans, useTranslation } from '../../i18n/translation';
import { useFormat } from '../../i18n/format';
import { SUPPORT_PHONE, SUPPORT_PHONE_HREF } from '../../lib/support';

/** When the statement was last reviewed against the portal (a month label, as the statement slots are). */
const PREPARED = 'November 2026';

/** The accessibility statement: the conformance claimed, how it is checked, and the known gaps. */
export function AccessibilityPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const phone = fmt.phone(SUPPORT_PHONE);
  return (
    <article className="card wide legal">
      <h1>{t('accessibility.title')}</h1>
      <p className="lead">{t('accessibility.intro')}</p>
      <section>
        <h2>{t('accessibility.conformanceTitle')}</h2>
        <p>{t('accessibility.conformance')}</p>
      </section>
      <section>
        <h2>{t('accessibility.testingTitle')}</h2>
        <ul>
          <li>{t('accessibility.testing1')}</li>
          <li>{t('accessibility.testing2')}</li>
          <li>{t('accessibility.testing3')}</li>
          <li>{t('accessibility.testing4')}</li>
        </ul>
      </section>
      <section>
        <h2>{t('accessibility.gapsTitle')}</h2>
        <ul>
          <li>{t('accessibility.gap1')}</li>
          <li>{t('accessibility.gap2')}</li>
          <li>{t('accessibility.gap3')}</li>
          <li>{t('accessibility.gap4')}</li>
          <li>{t('accessibility.gap6')}</li>
        </ul>
      </section>
      <section>
        <h2>{t('accessibility.contactTitle')}</h2>
        <p>
          <Trans
            i18nKey="accessibility.contactBody"
            values={{ phone }}
            components={{ tel: <a href={SUPPORT_PHONE_HREF} /> }}
          />
        </p>
      </section>
      <p className="muted">{t('accessibility.updated', { date: fmt.month(PREPARED) })}</p>
    </article>
  );
}
