import { useEffect, useId, useRef } from 'react';

export type ConfirmDialogProps = {
  open: boolean;
  title?: string;
  body: string;
  okText: string;
  cancelText: string;
  orientation?: 'horizontal' | 'vertical';
  onOk: () => void;
  onCancel: () => void;
};

/** The generic confirmation dialog of section 2 (a native <dialog>: focus trap and Escape for free). */
export function ConfirmDialog({
  open,
  title,
  body,
  okText,
  cancelText,
  orientation = 'horizontal',
  onOk,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    // jsdom has no showModal: fall back to the open attribute.
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
    if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={title ? titleId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      {title ? <h2 id={titleId}>{title}</h2> : null}
      <p>{body}</p>
      <div className={`dialog-actions dialog-actions-${orientation}`}>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {cancelText}
        </button>
        <button type="button" className="btn btn-primary" onClick={onOk}>
          {okText}
        </button>
      </div>
    </dialog>
  );
}
