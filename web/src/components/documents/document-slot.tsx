import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../i18n/translation';
import { checkPdfFile, shownDocumentName, type FileType, type StatementAdviceNote } from '@portal/libs';
import { useFormat } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { useMessage } from '../../i18n/use-message';
import { documentsApi, type UploadedFile } from '../../lib/documents-api';
import { phoneApi } from '../../lib/phone-api';
// Issue 27 item 2: the QR dialog comes with the documents pages' own chunks (never the first visit's).
import { PhoneLinkDialog } from './phone-link-dialog';

/** A phone (a narrow screen or a touch screen): the slot takes photos directly, and offers no QR code. */
const onPhone = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(max-width: 40rem), (pointer: coarse)').matches;

/** An upload on its way, or failed: a failed one keeps its file, so it can be sent again (same action key). */
type InFlight = { key: string; name: string; progress: number; error?: string; file?: File };

/** The server's advice on a statement, in words: under the file, announced as it arrives. */
function Advice({ notes, monthLabel, id }: { notes: StatementAdviceNote[]; monthLabel?: string; id: string }) {
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

/**
 * One document slot (a statement month, the voided check, the license): PDFs only, several allowed,
 * each upload with its own progress bar; the client checks type and size, the server checks again and,
 * for a bank statement, advises at once when the file looks wrong for its month.
 */
export function DocumentSlot(props: {
  /** The slot's title: a month label ('October 2026') is shown in the applicant's language. */
  title: string;
  applicationId: string;
  fileType: FileType;
  monthLabel?: string;
  files: UploadedFile[];
  canRemove: boolean;
  /** Reloads the slot's files; the upload shows until the list has it, so it never blinks out. */
  onChange: () => Promise<unknown> | void;
  /** Each upload as it starts, so the page can wait for it before counting what is uploaded. */
  onUpload?: (done: Promise<unknown>) => void;
}) {
  const { t } = useTranslation();
  const tm = useMessage();
  const fmt = useFormat();
  const language = useLanguage();
  const inputId = useId();
  const title = props.monthLabel ? fmt.month(props.title) : props.title;
  const [inFlight, setInFlight] = useState<InFlight[]>([]);
  const [removeError, setRemoveError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [phone] = useState(onPhone);
  const photoInputId = useId();
  const set = (key: string, patch: Partial<InFlight>) =>
    setInFlight((list) => list.map((f) => (f.key === key ? { ...f, ...patch } : f)));

  async function upload(key: string, file: File) {
    try {
      await documentsApi.upload(props.applicationId, props.fileType, file, props.monthLabel, (p) =>
        set(key, { progress: p }),
      );
      await props.onChange();
      setInFlight((list) => list.filter((f) => f.key !== key));
    } catch (e) {
      set(key, { error: (e as Error).message, file });
    }
  }

  function send(file: File) {
    const key = `${file.name}-${Math.random()}`;
    const problem = checkPdfFile(file);
    setInFlight((list) => [...list, { key, name: file.name, progress: 0, error: problem }]);
    return problem ? Promise.resolve() : upload(key, file);
  }

  /** A failed upload sent again: the same file is the same action, so its Idempotency-Key still holds. */
  function retry(f: InFlight & { file: File }) {
    set(f.key, { error: undefined, progress: 0 });
    const done = upload(f.key, f.file);
    props.onUpload?.(done);
    void done;
  }

  /** Whatever is removed, focus goes back to the slot's upload control (its row is gone). */
  function dropFailed(key: string) {
    setInFlight((list) => list.filter((f) => f.key !== key));
    input.current?.focus();
  }

  async function remove(id: string) {
    setRemoveError(undefined);
    try {
      await documentsApi.remove(id);
      await props.onChange();
      input.current?.focus();
    } catch (e) {
      setRemoveError((e as Error).message);
    }
  }

  /** On a phone: the photos just taken become one PDF on the server (the same conversion as a phone link's). */
  async function sendPhotos(photos: File[]) {
    const key = `photos-${Math.random()}`;
    const name = t('phone.photosCount', { count: photos.length });
    setInFlight((list) => [...list, { key, name, progress: 0 }]);
    try {
      const link = await phoneApi.create(props.applicationId, props.fileType, props.monthLabel, language);
      await phoneApi.send(link.token, photos, (p) => set(key, { progress: p }));
      await props.onChange();
      setInFlight((list) => list.filter((f) => f.key !== key));
    } catch (e) {
      set(key, { error: (e as Error).message });
    }
  }

  function choosePhotos(e: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(e.target.files ?? [])];
    e.target.value = '';
    if (!chosen.length) return;
    const done = sendPhotos(chosen);
    props.onUpload?.(done);
    void done;
  }

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(e.target.files ?? [])];
    e.target.value = '';
    for (const f of chosen) {
      const done = send(f);
      props.onUpload?.(done);
      void done;
    }
  }

  // A slot whose statement needs a look (unreadable, password-protected, another month) stays amber, and says
  // so in words beside its title (issue 23 item 11); green is for a slot whose files all read well.
  const needsAttention = props.files.some((f) => f.advice?.length);
  return (
    <div className={`doc-slot${props.files.length ? ' has-files' : ''}${needsAttention ? ' needs-attention' : ''}`}>
      <div className="doc-slot-head">
        <h2 className="doc-slot-title">
          {title}
          {needsAttention ? (
            <>
              {' '}
              <span className="doc-slot-flag">{t('documents.needsAttention')}</span>
            </>
          ) : null}
        </h2>
        <label htmlFor={inputId} className="btn btn-secondary doc-slot-pick">
          {props.files.length ? t('documents.addAnother') : t('documents.upload')}
        </label>
        <input
          ref={input}
          id={inputId}
          className="visually-hidden file-input"
          type="file"
          accept="application/pdf,.pdf"
          multiple
          aria-label={t('documents.pdfLabel', { title })}
          onChange={choose}
        />
        {phone ? (
          <>
            <label htmlFor={photoInputId} className="btn btn-secondary doc-slot-pick doc-slot-photos">
              {t('phone.takePhotos')}
            </label>
            <input
              id={photoInputId}
              className="visually-hidden file-input"
              type="file"
              accept="image/jpeg,image/png,image/*"
              capture="environment"
              multiple
              aria-label={t('phone.takePhotosFor', { title })}
              onChange={choosePhotos}
            />
          </>
        ) : (
          <button
            type="button"
            className="btn btn-secondary doc-slot-phone"
            aria-label={t('phone.useMyPhoneFor', { title })}
            onClick={() => setPhoneOpen(true)}
          >
            {t('phone.useMyPhone')}
          </button>
        )}
      </div>
      {phoneOpen ? (
        <PhoneLinkDialog
          applicationId={props.applicationId}
          fileType={props.fileType}
          monthLabel={props.monthLabel}
          title={title}
          onClose={() => setPhoneOpen(false)}
        />
      ) : null}
      <ul className="doc-files" aria-live="polite">
        {props.files.map((f) => (
          <li key={f._id} className={`doc-file${f.advice?.length ? ' has-advice' : ''}`}>
            <span className="doc-file-name">{shownDocumentName(f.fileName, language)}</span>
            {f.source === 'bank' ? <span className="doc-file-source">{t('documents.bank.fromBank')}</span> : null}
            <span className="doc-file-size">{fmt.kilobytes(f.size)}</span>
            {props.canRemove ? (
              <button
                type="button"
                className="btn btn-link"
                aria-label={t('documents.removeFile', { name: shownDocumentName(f.fileName, language) })}
                onClick={() => void remove(f._id)}
              >
                {t('documents.remove')}
              </button>
            ) : null}
            <Advice notes={f.advice ?? []} monthLabel={props.monthLabel} id={`${inputId}-${f._id}-advice`} />
          </li>
        ))}
        {inFlight.map((f) => (
          <li key={f.key} className={`doc-file${f.error ? ' has-error' : ''}`}>
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
                    onClick={() => retry({ ...f, file: f.file! })}
                  >
                    {t('app.tryAgain')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn btn-link"
                  aria-label={t('documents.removeFile', { name: f.name })}
                  onClick={() => dropFailed(f.key)}
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
        ))}
      </ul>
      {removeError ? (
        <p className="field-error" role="alert">
          {tm(removeError)}
        </p>
      ) : null}
    </div>
  );
}
