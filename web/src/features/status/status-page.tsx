import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/translation';
import { INITIAL_POSITION } from '@portal/libs';
import { useJourneySelector } from '../../lib/journey/use-journey';
import { useApplication } from '../../lib/session';
import { progressQueryOptions } from './status-api';
import { StatusDetails } from './status-details';
import { statusView } from './status-view';

/** '/status', 'Where do I stand' (issue 16 item 3): open at any stage and after submission. */
export function StatusPage() {
  const { t } = useTranslation();
  const app = useApplication();
  const { data } = useSuspenseQuery(progressQueryOptions(app._id));
  const view = statusView(data);
  // The journey machine knows the applicant's page: the way back to it, named nowhere else.
  // (The route started it; until then the saved stage's default, section 4, would stand in.)
  const route = useJourneySelector((s) => s.context.position.path.toLowerCase(), INITIAL_POSITION.path.toLowerCase());
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
