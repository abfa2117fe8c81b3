import { useTranslation } from '../../i18n/translation';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useJourney } from '../../lib/journey/use-journey';

export const INSTANT_LENDER_URL = 'https://gigglefinance.com';

/** '/giggle-finance': for applicants whose business has not started (the lead was closed on the way in). */
export function GigglePage() {
  const { t } = useTranslation();
  const journey = useJourney();
  return (
    <section className="card narrow">
      <h1>{t('giggle.title')}</h1>
      {journey.error ? <Alert>{journey.error}</Alert> : null}
      <p className="lead">{t('giggle.lead')}</p>
      <a className="btn btn-primary" href={INSTANT_LENDER_URL} target="_blank" rel="noreferrer">
        {t('giggle.cta')}
      </a>
      <div className="form-actions">
        {/* The journey reopens the lead and returns to /business. */}
        <Button variant="secondary" busy={journey.busy} onClick={() => journey.send({ type: 'journey.back' })}>
          {t('app.back')}
        </Button>
      </div>
    </section>
  );
}
