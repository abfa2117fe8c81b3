import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/translation';
import { Loading } from '../../components/ui/loading';
import { sharedStatusQueryOptions } from './status-api';
import { StatusDetails } from './status-details';
import { statusView } from './status-view';

/**
 * '/status/shared/{token}': what a co-owner who has to sign sees from the link in their email, with no
 * account. Read-only: the business's name, the steps and whose signature is waiting.
 */
export function SharedStatusPage() {
  const { t } = useTranslation();
  const { token } = useParams({ from: '/status/shared/$token' });
  const { data, isPending, isError } = useQuery(sharedStatusQueryOptions(token));
  if (isPending) return <Loading />;
  if (isError)
    return (
      <section className="card narrow status">
        <h1>{t('status.sharedTitleUnnamed')}</h1>
        <div className="alert alert-error" role="alert">
          {t('status.linkInvalid')}
        </div>
      </section>
    );
  return (
    <section className="card narrow status">
      <h1>
        {data.businessName ? t('status.sharedTitle', { business: data.businessName }) : t('status.sharedTitleUnnamed')}
      </h1>
      <p className="lead">{t('status.sharedLead')}</p>
      <StatusDetails view={statusView(data)} />
    </section>
  );
}
