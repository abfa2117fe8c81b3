import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { FileType } from '@portal/libs';
import { useTranslation } from '../../i18n/translation';
import { useMessage } from '../../i18n/use-message';
import { useLanguage } from '../../i18n/use-language';
import { documentsQueryOptions } from '../../lib/documents-api';
import {
  phoneLinkStateQueryOptions,
  timeOfDay,
  useCreatePhoneLink,
  useRevokePhoneLink,
  type PhoneLink,
} from '../../lib/phone-api';

/** How often the open dialog asks whether the photos arrived (the slot's list and the link). */
export const PHONE_POLL_MS = 2000;

/**
 * "Use my phone" on a desktop slot, for photos of a paper document. A modal dialog with the QR code of a new phone link
 * (single-use, 15 minutes, for this slot only), the link itself, when it ends, and Cancel, which revokes it.
 * While it is open, the slot's file list (the page's own query) and the link are polled, so the slot fills
 * itself when the phone's photos have been stored; the dialog then closes. Loaded only when asked for.
 */
export function PhoneLinkDialog(props: {
  applicationId: string;
  fileType: FileType;
  monthLabel?: string;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const tm = useMessage();
  const language = useLanguage();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [link, setLink] = useState<PhoneLink>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const used = useRef(false);
  const { mutateAsync: create } = useCreatePhoneLink();
  const { mutate: revoke } = useRevokePhoneLink();

  useEffect(() => {
    const d = ref.current;
    const opener = document.activeElement;
    if (d && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  const { applicationId, fileType, monthLabel } = props;
  useEffect(() => {
    let gone = false;
    let made: PhoneLink | undefined;
    create({ applicationId, fileType, monthLabel, language }).then(
      (l) => {
        made = l;
        if (!gone) setLink(l);
        else revoke(l.linkId);
      },
      (e: Error) => !gone && setError(e.message),
    );
    return () => {
      gone = true;
      // A link not used when the dialog closes stops working at once.
      if (made && !used.current) revoke(made.linkId);
    };
  }, [applicationId, fileType, monthLabel, language, attempt, create, revoke]);

  // The page's own list of files: refetched here, so the slot under the dialog fills as the photos arrive.
  useQuery({ ...documentsQueryOptions(props.applicationId), refetchInterval: PHONE_POLL_MS });
  const state = useQuery(phoneLinkStateQueryOptions(link?.linkId, PHONE_POLL_MS));
  const { onClose } = props;
  // Used: the photos are stored as one PDF. The list is read now (a poll may have come just before them, and the
  // page's own list is fresh for half a minute), so the slot under the dialog shows the file as it closes.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (state.data === 'used') {
      used.current = true;
      void queryClient.invalidateQueries({ queryKey: documentsQueryOptions(applicationId).queryKey });
      onClose();
    }
  }, [state.data, onClose, queryClient, applicationId]);

  const expired = state.data === 'expired' || state.data === 'revoked';
  const time = link ? timeOfDay(link.expiresAt, language) : '';
  return (
    <dialog
      ref={ref}
      className="dialog phone-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{t('phone.dialogTitle', { title: props.title })}</h2>
      {error ? (
        <p className="field-error" role="alert">
          {tm(error)}
        </p>
      ) : !link ? (
        <p className="loading" role="status">
          {t('phone.creating')}
        </p>
      ) : expired ? (
        <>
          <p role="alert">{t('phone.expired')}</p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setLink(undefined);
              setError(undefined);
              setAttempt((n) => n + 1);
            }}
          >
            {t('phone.newCode')}
          </button>
        </>
      ) : (
        <>
          <p>{t('phone.scan')}</p>
          <img
            className="phone-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(link.qrSvg)}`}
            alt={t('phone.qrAlt')}
            width={220}
            height={220}
          />
          <p className="muted">
            {t('phone.orOpen')}{' '}
            <a className="phone-link-url" href={link.url} target="_blank" rel="noreferrer">
              {link.url}
            </a>
          </p>
          <p className="muted">{t('phone.expires', { time })}</p>
          <p className="phone-waiting" role="status">
            {t('phone.waiting')}
          </p>
        </>
      )}
      <div className="dialog-actions dialog-actions-horizontal">
        <button type="button" className="btn btn-secondary" onClick={onClose} autoFocus>
          {t('phone.cancel')}
        </button>
      </div>
    </dialog>
  );
}
