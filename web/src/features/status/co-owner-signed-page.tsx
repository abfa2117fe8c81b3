import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/translation';
import { secondSignerHere } from '../../lib/storage';
import { coOwnerSigningQueryOptions, rememberedSignLink } from './co-owner-api';

/** 'Your signature is recorded' and what happens next, in the co-owner's words. */
export function SignatureRecorded({ already = false, business }: { already?: boolean; business?: string }) {
  const { t } = useTranslation();
  return (
    <section className="card narrow status">
      <h1>{t(already ? 'coOwner.alreadyTitle' : 'coOwner.signedTitle')}</h1>
      <p className="lead">{business ? t('coOwner.signedBody', { business }) : t('coOwner.signedBodyUnnamed')}</p>
      <h2>{t('coOwner.nextHeading')}</h2>
      <p>{t('coOwner.next')}</p>
    </section>
  );
}

type Shown = { kind: 'checking' } | { kind: 'signed'; business?: string } | { kind: 'declined' };

/** How long the page waits for the api to hear Box's news before it takes the redirect's word. */
const CONFIRM_TRIES = 20;

/**
 * '/co-owner/signed': where Box sends a co-owner after they sign (or decline), on any
 * device, in the language of their email (?lng=, applied by the router). On the applicant's own device,
 * where the applicant handed the second signature to a co-owner beside them, it hands back to
 * /signature, whose journey goes on from there. With the signing link this tab opened, it confirms
 * the signature with the api first.
 */
export function CoOwnerSignedPage() {
  const { t } = useTranslation();
  const declined = new URLSearchParams(window.location.search).get('declined') === 'true';
  const handBack = secondSignerHere();
  const [shown, setShown] = useState<Shown>(declined ? { kind: 'declined' } : { kind: 'checking' });
  const queryClient = useQueryClient();

  useEffect(() => {
    if (handBack) {
      window.location.replace(`/signature?${declined ? 'declined' : 'isFinished'}=true`);
      return;
    }
    if (declined) return;
    const token = rememberedSignLink();
    let stop = false;
    void (async () => {
      let business: string | undefined;
      for (let i = 0; token && i < CONFIRM_TRIES && !stop; i++) {
        const answer = await queryClient.fetchQuery(coOwnerSigningQueryOptions(token)).catch(() => undefined);
        if (answer && answer.state !== 'ready') business = answer.businessName;
        if (answer?.state === 'signed' || !answer || answer.state === 'closed') break;
        await new Promise((r) => setTimeout(r, 1_000));
      }
      // Box sends a signer here only once they have signed: after the wait, its word stands.
      if (!stop) setShown({ kind: 'signed', business });
    })();
    return () => {
      stop = true;
    };
  }, [handBack, declined, queryClient]);

  if (handBack || shown.kind === 'checking')
    return (
      <section className="card narrow status">
        <h1>{t('coOwner.openingTitle')}</h1>
        <p className="loading" role="status">
          {t('coOwner.checking')}
        </p>
      </section>
    );
  if (shown.kind === 'declined')
    return (
      <section className="card narrow status">
        <h1>{t('coOwner.declinedTitle')}</h1>
        <p className="lead">{t('coOwner.declined')}</p>
      </section>
    );
  return <SignatureRecorded business={shown.business} />;
}
