import { useId, useState, type ChangeEvent } from 'react';
import { checkPdfFile, type FileType } from '@portal/libs';
import { documentsApi, type UploadedFile } from './documents-api';

type InFlight = { key: string; name: string; progress: number; error?: string };

/**
 * One document slot (a statement month, the voided check, the license): PDFs only, several allowed,
 * each upload with its own progress bar; the client checks type and size, the server checks again.
 */
export function DocumentSlot(props: {
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
  const inputId = useId();
  const [inFlight, setInFlight] = useState<InFlight[]>([]);
  const set = (key: string, patch: Partial<InFlight>) =>
    setInFlight((list) => list.map((f) => (f.key === key ? { ...f, ...patch } : f)));

  async function send(file: File) {
    const key = `${file.name}-${Math.random()}`;
    const problem = checkPdfFile(file);
    setInFlight((list) => [...list, { key, name: file.name, progress: 0, error: problem }]);
    if (problem) return;
    try {
      await documentsApi.upload(props.applicationId, props.fileType, file, props.monthLabel, (p) =>
        set(key, { progress: p }),
      );
      await props.onChange();
      setInFlight((list) => list.filter((f) => f.key !== key));
    } catch (e) {
      set(key, { error: (e as Error).message });
    }
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

  return (
    <div className={`doc-slot${props.files.length ? ' has-files' : ''}`}>
      <div className="doc-slot-head">
        <h2 className="doc-slot-title">{props.title}</h2>
        <label htmlFor={inputId} className="btn btn-secondary doc-slot-pick">
          {props.files.length ? 'Add another PDF' : 'Upload PDF'}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="application/pdf,.pdf"
          multiple
          aria-label={`${props.title} PDF`}
          onChange={choose}
        />
      </div>
      <ul className="doc-files">
        {props.files.map((f) => (
          <li key={f._id} className="doc-file">
            <span className="doc-file-name">{f.fileName}</span>
            <span className="doc-file-size">{(f.size / 1024).toFixed(0)} KB</span>
            {props.canRemove ? (
              <button
                type="button"
                className="btn btn-link"
                aria-label={`Remove ${f.fileName}`}
                onClick={() => void documentsApi.remove(f._id).then(props.onChange)}
              >
                Remove
              </button>
            ) : null}
          </li>
        ))}
        {inFlight.map((f) => (
          <li key={f.key} className={`doc-file${f.error ? ' has-error' : ''}`}>
            <span className="doc-file-name">{f.name}</span>
            {f.error ? (
              <span className="field-error" role="alert">
                {f.error}
              </span>
            ) : (
              <span
                className="doc-progress"
                role="progressbar"
                aria-label={`Uploading ${f.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(f.progress * 100)}
              >
                <span style={{ width: `${Math.round(f.progress * 100)}%` }} />
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
