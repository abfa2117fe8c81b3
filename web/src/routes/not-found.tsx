import { Link } from '@tanstack/react-router';
import { useTranslation } from '../i18n/translation';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="card narrow not-found">
      <p className="big-404">404</p>
      <h1>{t('notFound.title')}</h1>
      <p className="lead">{t('notFound.lead')}</p>
      <Link className="btn btn-primary" to="/">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
