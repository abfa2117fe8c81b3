import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { FILE_CODES, FILE_TYPES } from '@portal/libs';
import { Alert } from '../../components/ui/alert';
import { useFormat } from '../../i18n/format';
import { useTranslation } from '../../i18n/translation';
import { useLanguage } from '../../i18n/use-language';
import { HttpError } from '../../lib/http';
import { phoneLinkQueryOptions, timeOfDay, useSendPhotos, type PhoneLinkView } from '../../lib/phone-api';

/** The most photos one sending takes (the api's PHOTO_LIMITS.count). */
const MAX_PHOTOS = 10;

type Photo = { key: string; file: File; preview?: string };

/** A small preview of a photo, as a data URL (the pages' policy allows data: images, not blob:). */
function preview(file: File): Promise<string | undefined> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : undefined);
    reader.onerror = () => resolve(undefined);
    reader.readAsDataURL(file);
  });
}

/**
 * '/phone/{token}': the page a desktop's QR code opens on the applicant's phone. No
 * account: the token is the only proof, and the page knows only which document it is for. The camera takes
 * one or more photos, shown as thumbnails; Send makes them one PDF for the slot, which fills on the desktop.
 */
export function PhonePage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const language = useLanguage();
  const inputId = useId();
  const { token } = useParams({ from: '/phone/$token' });
  const link = useQuery(phoneLinkQueryOptions(token));
  const [photos, setPhotos] = useState<Photo[]>([]);
  const sending = useSendPhotos(token);
  const [progress, setProgress] = useState(0);
  /** Too many photos picked: said until the next pick or sending. */
  const [pickError, setPickError] = useState<string>();
  const sent = sending.data?.pages;

  useEffect(() => {
    const missing = photos.filter((p) => p.preview === undefined);
    let gone = false;
    for (const p of missing)
      void preview(p.file).then(
        (url) => !gone && setPhotos((list) => list.map((x) => (x.key === p.key ? { ...x, preview: url ?? '' } : x))),
      );
    return () => {
      gone = true;
    };
  }, [photos]);

  const refusal = (e: Error | null) =>
    e instanceof HttpError && e.status === 404
      ? t('phone.expiredLink')
      : e instanceof HttpError && e.status === 410
        ? t('phone.usedLink')
        : undefined;

  const label = (v: PhoneLinkView) =>
    v.fileType === FILE_TYPES.voidedCheck
      ? t('phone.voidedCheck')
      : v.fileType === FILE_TYPES.driversLicense
        ? t('phone.driversLicense')
        : t('phone.statementFor', { month: fmt.month(v.monthLabel ?? '') });

  const error = pickError ?? (sending.error ? (refusal(sending.error) ?? sending.error.message) : undefined);

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(e.target.files ?? [])];
    e.target.value = '';
    setPickError(undefined);
    sending.reset();
    setPhotos((list) =>
      [...list, ...chosen.map((file) => ({ key: `${file.name}-${Math.random()}`, file }))].slice(0, MAX_PHOTOS),
    );
    if (photos.length + chosen.length > MAX_PHOTOS) setPickError(FILE_CODES.tooManyPhotos);
  }

  function send() {
    setPickError(undefined);
    setProgress(0);
    sending.mutate({ photos: photos.map((p) => p.file), onProgress: setProgress });
  }

  if (link.isPending)
    return (
      <section className="card narrow phone-page">
        <p className="loading" role="status">
          {t('phone.opening')}
        </p>
      </section>
    );
  if (link.isError || (link.data.state === 'used' && sent === undefined))
    return (
      <section className="card narrow phone-page">
        <h1>{t('phone.pageTitle')}</h1>
        {/* A link refused (404: expired, cancelled or not one of ours) or used up (410, or its state): in words
            of this page, with what to do; anything else (the network) as it came. */}
        <Alert>{refusal(link.error) ?? link.error?.message ?? t('phone.usedLink')}</Alert>
      </section>
    );
  const slot = label(link.data);
  if (sent !== undefined)
    return (
      <section className="card narrow phone-page">
        <h1>{t('phone.doneTitle')}</h1>
        <p className="lead" role="status">
          {t('phone.done', { count: sent, title: slot })}
        </p>
      </section>
    );
  const busy = sending.isPending;
  return (
    <section className="card narrow phone-page">
      <h1>{t('phone.pageTitle')}</h1>
      <p className="lead">{t('phone.lead', { title: slot })}</p>
      <label htmlFor={inputId} className={`btn ${photos.length ? 'btn-secondary' : 'btn-primary'} phone-take`}>
        {photos.length ? t('phone.addMore') : t('phone.takePhotos')}
      </label>
      <input
        id={inputId}
        className="visually-hidden file-input"
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        disabled={busy}
        aria-label={t('phone.takePhotosFor', { title: slot })}
        onChange={choose}
      />
      {photos.length ? (
        <ul className="phone-thumbs" aria-label={t('phone.photosCount', { count: photos.length })}>
          {photos.map((p, i) => (
            <li key={p.key}>
              {p.preview ? (
                <img src={p.preview} alt={t('phone.photoN', { n: i + 1 })} />
              ) : (
                <span className="phone-thumb-wait" />
              )}
              <button
                type="button"
                className="btn btn-link"
                disabled={busy}
                aria-label={t('phone.removePhoto', { n: i + 1 })}
                onClick={() => setPhotos((list) => list.filter((x) => x.key !== p.key))}
              >
                {t('documents.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <Alert key={error}>{error}</Alert> : null}
      {busy ? (
        <span
          className="doc-progress phone-progress"
          role="progressbar"
          aria-label={t('phone.sending')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
        >
          <span style={{ width: `${Math.round(progress * 100)}%` }} />
        </span>
      ) : null}
      <div className="form-actions">
        <button type="button" className="btn btn-primary" disabled={!photos.length || busy} onClick={send}>
          {busy ? t('phone.sending') : t('phone.send')}
        </button>
      </div>
      <p className="muted">{t('phone.expires', { time: timeOfDay(link.data.expiresAt, language) })}</p>
    </section>
  );
}
