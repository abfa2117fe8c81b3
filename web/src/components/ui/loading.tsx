import { useTranslation } from '../../i18n/translation';

/** The one loading state: a route's data on its way, or a page's own wait with its spec text. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <section className="card narrow">
      <p className="loading" role="status">
        {label ?? t('app.loading')}
      </p>
    </section>
  );
}
