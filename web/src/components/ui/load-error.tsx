import { useTranslation } from '../../i18n/translation';
import { Alert } from './alert';
import { Button } from './button';

/** The one error state for a page whose data could not be loaded: the server's message and a retry. */
export function LoadError({ error, reset }: { error: unknown; reset?: () => void }) {
  const { t } = useTranslation();
  const message = error instanceof Error && error.message ? error.message : t('app.unknownError');
  return (
    <section className="card narrow">
      <Alert>{message}</Alert>
      {reset ? (
        <div className="form-actions">
          <Button onClick={reset}>{t('app.tryAgain')}</Button>
        </div>
      ) : null}
    </section>
  );
}
