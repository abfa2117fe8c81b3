import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/translation';
import { coOwnerSigningQueryOptions, rememberSignLink } from './co-owner-api';
import { SignatureRecorded } from './co-owner-signed-page';

/**
 * '/co-owner/sign/{token}': the signing link in a co-owner's email. No account: the api
 * checks the token and answers their own signing session, which the browser opens; or says that their
 * signature is already recorded, that the applicant signs first, or that the request has ended.
 */
export function CoOwnerSignPage() {
  const { t } = useTranslation();
  const { token } = useParams({ from: '/co-owner/sign/$token' });
  const { data, isError } = useQuery(coOwnerSigningQueryOptions(token));
  const url = data?.state === 'ready' ? data.url : undefined;
  useEffect(() => {
    if (!url) return;
    rememberSignLink(token);
    window.location.assign(url);
  }, [url, token]);

  if (isError)
    return (
      <section className="card narrow status">
        <h1>{t('coOwner.openingTitle')}</h1>
        <div className="alert alert-error" role="alert">
          {t('status.linkInvalid')}
        </div>
      </section>
    );
  if (data?.state === 'signed') return <SignatureRecorded already business={data.businessName} />;
  if (data?.state === 'waiting' || data?.state === 'closed')
    return (
      <section className="card narrow status">
        <h1>{t(data.state === 'waiting' ? 'coOwner.waitingTitle' : 'coOwner.closedTitle')}</h1>
        <p className="lead">{t(data.state === 'waiting' ? 'coOwner.waiting' : 'coOwner.closed')}</p>
      </section>
    );
  return (
    <section className="card narrow status">
      <h1>{t('coOwner.openingTitle')}</h1>
      <p className="loading" role="status">
        {t('coOwner.opening')}
      </p>
    </section>
  );
}
