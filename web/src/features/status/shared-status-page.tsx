import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/translation';
import { useLanguage } from '../../i18n/use-language';
import { Loading } from '../../components/ui/loading';
import { sharedStatusQueryOptions } from './status-api';
import { StatusDetails } from './status-details';
import { statusView } from './status-view';

/**
 * '/status/shared/{token}': what a co-owner who has to sign sees from the link in their email, with no
 * account: the business's name, the steps, whose move it is (never 'you' when it is the applicant's),
 * and their own signature: a way to sign while it is needed, and 'recorded' once it is.
 */
export function SharedStatusPage() {
  const { t } = useTranslation();
  const language = useLanguage();
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
  const view = statusView(data, { you: data.you });
  const mine = view.signatures.find((s) => s.you);
  const yours =
    data.ended === 'submitted' || mine?.signed
      ? 'signed'
      : data.signPath && view.firstSigned
        ? 'sign'
        : mine && data.signingOpen
          ? 'after'
          : undefined;
  return (
    <section className="card narrow status">
      <h1>
        {data.businessName ? t('status.sharedTitle', { business: data.businessName }) : t('status.sharedTitleUnnamed')}
      </h1>
      <p className="lead">{t('status.sharedLead')}</p>
      {yours ? (
        <>
          <h2>{t('status.yourSignatureHeading')}</h2>
          {yours === 'signed' ? (
            <p className="alert alert-success" role="status">
              {t('status.yourSigned')}
            </p>
          ) : yours === 'sign' ? (
            <p className="status-action">
              {/* The signing link opens Box's page: a whole-page visit, in the language shown here. */}
              <a className="btn btn-primary" href={`${data.signPath}?lng=${language}`}>
                {t('status.signNow')}
              </a>
            </p>
          ) : (
            <p>{t('status.signAfterApplicant')}</p>
          )}
        </>
      ) : null}
      <StatusDetails view={view} />
    </section>
  );
}
