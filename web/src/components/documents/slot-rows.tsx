import { useTranslation } from '../../i18n/translation';
import type { StatementAdviceNote } from '@portal/libs';
import { useFormat } from '../../i18n/format';
import { useMessage } from '../../i18n/use-message';
import type { InFlight } from './use-slot-uploads';

/** The server's advice on a statement, in words: under the file, announced as it arrives. */
export function Advice({ notes, monthLabel, id }: { notes: StatementAdviceNote[]; monthLabel?: string; id: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!notes.length) return null;
  return (
    <ul className="doc-advice" id={id}>
      {notes.map((n) => (
        <li key={n.code}>
          {n.code === 'wrongPeriod'
            ? t('documents.advice.wrongPeriod', {
                period: n.periodStart && n.periodEnd ? fmt.period(n.periodStart, n.periodEnd) : '',
                month: fmt.month(monthLabel ?? ''),
              })
            : t(`documents.advice.${n.code}`)}
        </li>
      ))}
    </ul>
  );
}

/** An upload on its way (its progress bar) or failed (its error, with Try again while its file is kept). */
export function InFlightRow(props: {
  upload: InFlight;
  onRetry: (f: InFlight & { file: File }) => void;
  onDrop: (key: string) => void;
}) {
  const { t } = useTranslation();
  const tm = useMessage();
  const f = props.upload;
  return (
    <li className={`doc-file${f.error ? ' has-error' : ''}`}>
      <span className="doc-file-name">{f.name}</span>
      {f.error ? (
        <>
          <span className="field-error" role="alert">
            {tm(f.error)}
          </span>
          {f.file ? (
            <button
              type="button"
              className="btn btn-link"
              aria-label={t('documents.retryFile', { name: f.name })}
              onClick={() => props.onRetry({ ...f, file: f.file! })}
            >
              {t('app.tryAgain')}
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-link"
            aria-label={t('documents.removeFile', { name: f.name })}
            onClick={() => props.onDrop(f.key)}
          >
            {t('documents.remove')}
          </button>
        </>
      ) : (
        <>
          <span
            className="doc-progress"
            role="progressbar"
            aria-label={t('documents.uploading', { name: f.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(f.progress * 100)}
          >
            <span style={{ width: `${Math.round(f.progress * 100)}%` }} />
          </span>
          {/* Every byte sent: the server reads the file before it is listed. */}
          {f.progress >= 1 ? <span className="muted doc-checking">{t('documents.checking')}</span> : null}
        </>
      )}
    </li>
  );
}
