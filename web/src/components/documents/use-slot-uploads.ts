import { useState, type ChangeEvent, type RefObject } from 'react';
import { checkPdfFile, type FileType } from '@portal/libs';
import { useTranslation } from '../../i18n/translation';
import { useLanguage } from '../../i18n/use-language';
import { useRemoveDocument, useUploadDocument } from '../../lib/documents-api';
import { HttpError } from '../../lib/http-error';
import { useSendSlotPhotos } from '../../lib/phone-api';

/**
 * The server refused the file itself (400: not a PDF it can open; 413: too large): the same bytes would be
 * refused again, so the row offers to remove it, not to try again.
 */
const refusedFile = (e: Error) => e instanceof HttpError && (e.status === 400 || e.status === 413);

/**
 * An upload on its way, or failed: a failed one keeps its file, so it can be sent again (same action key),
 * unless the server refused the file itself.
 */
export type InFlight = { key: string; name: string; progress: number; error?: string; file?: File };

export type SlotTarget = {
  applicationId: string;
  fileType: FileType;
  monthLabel?: string;
  /**
   * Reloads the slot's files after photos were made into a PDF on the server (an upload's or a removal's own
   * answer updates the cached list: lib/documents-api.ts). An upload shows until the list has it, so it never
   * blinks out.
   */
  onChange: () => Promise<unknown> | void;
  /** Each upload as it starts, so the page can wait for it before counting what is uploaded. */
  onUpload?: (done: Promise<unknown>) => void;
};

/**
 * A slot's uploads and removals: each file's progress and error in a list of its own (several go at
 * once), the removal's error once. `input` is the slot's upload control, where focus goes when a row goes.
 */
export function useSlotUploads(slot: SlotTarget, input: RefObject<HTMLInputElement | null>) {
  const { t } = useTranslation();
  const language = useLanguage();
  const uploadDocument = useUploadDocument(slot.applicationId);
  const removal = useRemoveDocument();
  const slotPhotos = useSendSlotPhotos();
  const [inFlight, setInFlight] = useState<InFlight[]>([]);
  const set = (key: string, patch: Partial<InFlight>) =>
    setInFlight((list) => list.map((f) => (f.key === key ? { ...f, ...patch } : f)));
  const settle = async (key: string, reload = false) => {
    if (reload) await slot.onChange();
    setInFlight((list) => list.filter((f) => f.key !== key));
  };
  const track = (done: Promise<unknown>) => slot.onUpload?.(done);

  /** Never rejects: a failure stays on the file's row. */
  const upload = (key: string, file: File) =>
    uploadDocument
      .mutateAsync({
        fileType: slot.fileType,
        file,
        monthLabel: slot.monthLabel,
        onProgress: (p) => set(key, { progress: p }),
      })
      .then(() => settle(key))
      .catch((e: Error) => set(key, { error: e.message, file: refusedFile(e) ? undefined : file }));

  function send(file: File) {
    const key = `${file.name}-${Math.random()}`;
    const problem = checkPdfFile(file);
    setInFlight((list) => [...list, { key, name: file.name, progress: 0, error: problem }]);
    return problem ? Promise.resolve() : upload(key, file);
  }

  /** On a phone: the photos just taken become one PDF on the server. */
  function sendPhotos(photos: File[]) {
    const key = `photos-${Math.random()}`;
    const name = t('phone.photosCount', { count: photos.length });
    setInFlight((list) => [...list, { key, name, progress: 0 }]);
    const { applicationId, fileType, monthLabel } = slot;
    return slotPhotos
      .mutateAsync({
        applicationId,
        fileType,
        monthLabel,
        language,
        photos,
        onProgress: (p) => set(key, { progress: p }),
      })
      .then(() => settle(key, true))
      .catch((e: Error) => set(key, { error: e.message }));
  }

  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(e.target.files ?? [])];
    e.target.value = '';
    return chosen;
  };

  return {
    inFlight,
    removeError: removal.error?.message,
    choose: (e: ChangeEvent<HTMLInputElement>) => picked(e).forEach((f) => track(send(f))),
    choosePhotos: (e: ChangeEvent<HTMLInputElement>) => {
      const chosen = picked(e);
      if (chosen.length) track(sendPhotos(chosen));
    },
    /** A failed upload sent again: the same file is the same action, so its Idempotency-Key still holds. */
    retry: (f: InFlight & { file: File }) => {
      set(f.key, { error: undefined, progress: 0 });
      track(upload(f.key, f.file));
    },
    /** Whatever is removed, focus goes back to the slot's upload control (its row is gone). */
    dropFailed: (key: string) => {
      setInFlight((list) => list.filter((f) => f.key !== key));
      input.current?.focus();
    },
    remove: (id: string) => removal.mutate(id, { onSuccess: () => input.current?.focus() }),
  };
}
