import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/translation';
import { shownDocumentName } from '@portal/libs';
import { useFormat } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { useMessage } from '../../i18n/use-message';
import type { UploadedFile } from '../../lib/documents-api';
// The QR dialog comes with the documents pages' own chunks, never the first visit's.
import { PhoneLinkDialog } from './phone-link-dialog';
import { Advice, InFlightRow } from './slot-rows';
import { useSlotUploads, type SlotTarget } from './use-slot-uploads';

/** A phone (a narrow screen or a touch screen): the slot takes photos directly, and offers no QR code. */
const onPhone = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(max-width: 40rem), (pointer: coarse)').matches;

/**
 * One document slot (a statement month, the voided check, the license): PDFs only, several allowed,
 * each upload with its own progress bar; the client checks type and size, the server checks again and,
 * for a bank statement, advises at once when the file looks wrong for its month.
 */
export function DocumentSlot(
  props: {
    /** The slot's title: a month label ('October 2026') is shown in the applicant's language. */
    title: string;
    files: UploadedFile[];
    canRemove: boolean;
    /** The files only (a submitted application's): no upload, no photos, no phone link, no removal. */
    readOnly?: boolean;
  } & SlotTarget,
) {
  const { t } = useTranslation();
  const tm = useMessage();
  const fmt = useFormat();
  const language = useLanguage();
  const inputId = useId();
  const title = props.monthLabel ? fmt.month(props.title) : props.title;
  const input = useRef<HTMLInputElement>(null);
  const slot = useSlotUploads(props, input);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [phone] = useState(onPhone);
  const photoInputId = useId();

  // A slot whose statement needs a look (unreadable, password-protected, another month) stays amber, and says
  // so in words beside its title (colour alone would not tell everyone); green is for a slot whose files all read well.
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
        {props.readOnly ? null : (
          <>
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
              onChange={slot.choose}
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
                  onChange={slot.choosePhotos}
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
          </>
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
            <span className="doc-file-size">{fmt.fileSize(f.size)}</span>
            {props.canRemove && !props.readOnly ? (
              <button
                type="button"
                className="btn btn-link"
                aria-label={t('documents.removeFile', { name: shownDocumentName(f.fileName, language) })}
                onClick={() => slot.remove(f._id)}
              >
                {t('documents.remove')}
              </button>
            ) : null}
            <Advice notes={f.advice ?? []} monthLabel={props.monthLabel} id={`${inputId}-${f._id}-advice`} />
          </li>
        ))}
        {slot.inFlight.map((f) => (
          <InFlightRow key={f.key} upload={f} onRetry={slot.retry} onDrop={slot.dropFailed} />
        ))}
      </ul>
      {slot.removeError ? (
        <p className="field-error" role="alert">
          {tm(slot.removeError)}
        </p>
      ) : null}
    </div>
  );
}
