import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/translation';
import { INITIAL_POSITION } from '@portal/libs';
import { Button } from '../../components/ui/button';
import { HttpError } from '../../lib/http';
import { useJourneySelector } from '../../lib/journey/use-journey';
import { useApplication } from '../../lib/session';
import { progressQueryOptions, useResendInvitation } from './status-api';
import { ResendOutcome, type Resent } from './resend-outcome';
import { StatusDetails } from './status-details';
import { statusView } from './status-view';

/**
 * '/status', 'Where do I stand': open at any stage and after submission. Owners are named as typed; while
 * a co-owner's signature is waiting, the applicant can send their invitation again or let them sign on
 * this device; after submission, the documents marked 'I don't have this', which the team will ask for.
 */
export function StatusPage() {
  const { t } = useTranslation();
  const app = useApplication();
  const { data } = useSuspenseQuery(progressQueryOptions(app._id));
  const view = statusView(data);
  const resend = useResendInvitation(app._id);
  const sending = resend.isPending;
  const resent: Resent = resend.isSuccess
    ? { kind: 'sent', ...(resend.variables.name ? { name: resend.variables.name } : {}) }
    : resend.error
      ? resend.error instanceof HttpError && resend.error.status === 409
        ? { kind: 'notNeeded' }
        : { kind: 'error', message: resend.error.message }
      : undefined;
  // The journey machine knows the applicant's page: the way back to it, named nowhere else.
  // (The route started it; until then the first stage stands in.)
  const route = useJourneySelector((s) => s.context.position.path.toLowerCase(), INITIAL_POSITION.path.toLowerCase());

  const co = view.coOwnerToSign;
  return (
    <section className="card narrow status">
      <h1>{t('status.title')}</h1>
      <p className="lead">{t('status.lead')}</p>
      <StatusDetails
        view={view}
        action={
          view.applicantTurn ? (
            <p className="status-action">
              <Link className="btn btn-primary" to={route}>
                {t('status.continue')}
              </Link>
            </p>
          ) : null
        }
      />
      {co ? (
        <>
          <h2>{t('status.actionsHeading')}</h2>
          <p>{co.name ? t('status.ownDeviceNamed', { name: co.name }) : t('status.ownDevice')}</p>
          <p className="status-action">
            {/* Held by aria-disabled, not disabled: a disabled button loses focus to <body> mid-send. */}
            <Button
              type="button"
              variant="secondary"
              aria-disabled={sending || undefined}
              aria-busy={sending || undefined}
              onClick={() => (sending ? undefined : resend.mutate(co))}
            >
              {co.name ? t('status.resendNamed', { name: co.name }) : t('status.resend')}
            </Button>
          </p>
          <ResendOutcome resent={resent} />
          <p className="status-action">
            {/* The applicant signs first if they have not; the page then hands the device to the co-owner. */}
            <a
              className="btn btn-primary"
              href={view.firstSigned ? '/signature?redirectToSecondSigner=true' : '/signature'}
            >
              {t('status.signHere')}
            </a>
          </p>
          <p className="muted">{t('status.signHereHint')}</p>
        </>
      ) : null}
      {data.missingDocuments?.length ? (
        <>
          <h2>{t('status.missingHeading', { dontHave: t('offers.dontHave') })}</h2>
          <ul>
            {data.missingDocuments.map((d) => (
              <li key={d}>{t(`offers.${d}`)}</li>
            ))}
          </ul>
          <p>{t('status.missingNote')}</p>
        </>
      ) : null}
      {data.rep ? (
        <>
          <h2>{t('status.repHeading')}</h2>
          <p>{t('status.rep', { name: data.rep.name })}</p>
          {data.rep.schedulingLink ? (
            <p>
              <a href={data.rep.schedulingLink} target="_blank" rel="noreferrer">
                {t('status.schedule')}
              </a>
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
