import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/translation';
import { useFormat } from '../../i18n/format';
import type { StatusView } from './status-view';

/**
 * The steps and what is waiting, shared by the applicant's page and the co-owner's. Headings give the
 * page its outline; the steps are an ordered list with the current one marked; the waiting lines sit in
 * a polite live region, so a change (a signature, the team's work) is read out when the page refreshes.
 */
export function StatusDetails({ view, action }: { view: StatusView; action?: ReactNode }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <>
      <h2 id="status-steps">{t('status.stepsHeading')}</h2>
      <ol className="status-steps" aria-labelledby="status-steps">
        {view.steps.map((s) => (
          <li
            key={s.stage}
            className={`status-step status-${s.state}`}
            aria-current={s.state === 'current' ? 'step' : undefined}
          >
            <span className="status-mark" aria-hidden="true">
              {s.state === 'done' ? '✓' : ''}
            </span>
            <span className="status-stage">{t(`progress.stages.${s.stage}`)}</span>
            <span className="status-state">
              {s.state === 'done'
                ? t('status.step.done')
                : s.state === 'current'
                  ? (s.steps ?? 1) > 1
                    ? t('status.step.current', { step: s.step, total: s.steps })
                    : t('status.step.currentOnly')
                  : t('status.step.upcoming')}
            </span>
          </li>
        ))}
      </ol>
      <h2 id="status-waiting">{t('status.waitingHeading')}</h2>
      <div aria-live="polite" aria-atomic="true">
        {view.endedKey ? <p className="status-ended">{t(view.endedKey)}</p> : null}
        <ul className="status-waiting" aria-labelledby="status-waiting">
          {view.waiting.map((w) => (
            <li key={w.key}>
              <span>{w.name ? t(w.key, { name: w.name }) : t(w.key)}</span>
              {w.since ? (
                <span className="muted status-since">{t('status.since', { time: fmt.dateTime(w.since) })}</span>
              ) : null}
            </li>
          ))}
        </ul>
        {view.signatures.length > 0 ? (
          <>
            <h3>{t('status.signaturesHeading')}</h3>
            <ul className="status-signatures">
              {view.signatures.map((s) => (
                <li key={s.order}>
                  {s.you
                    ? t(s.signed ? 'status.signature.youSigned' : 'status.signature.youWaiting')
                    : s.name
                      ? t(s.signed ? 'status.signature.namedSigned' : 'status.signature.namedWaiting', { name: s.name })
                      : t(s.signed ? 'status.signature.signed' : 'status.signature.waiting', { number: s.order })}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {view.saved ? <p className="note">{t('status.savedOnly')}</p> : null}
      </div>
      {action}
    </>
  );
}
