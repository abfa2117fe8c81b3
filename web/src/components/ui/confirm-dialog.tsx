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
  /** Where focus goes on close when what opened the dialog is gone (a menu item that closed with its menu). */
  returnFocus?: () => HTMLElement | null | undefined;
};

/**
 * The app's one confirmation dialog: a native modal <dialog> (the rest of the page is inert;
 * Tab wraps inside; Escape cancels). Focus starts on the safe choice and returns, on close, to what
 * had it before.
 */
export function ConfirmDialog({
  open,
  title,
  body,
  okText,
  cancelText,
  orientation = 'horizontal',
  onOk,
  onCancel,
  returnFocus,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    // jsdom has no showModal: fall back to the open attribute.
    if (open && !d.open) {
      opener.current = document.activeElement;
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
      cancelRef.current?.focus();
    }
    if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
      const back = opener.current;
      opener.current = null;
      const target = back instanceof HTMLElement && back.isConnected && back !== document.body ? back : returnFocus?.();
      target?.focus();
    }
  }, [open, returnFocus]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={title ? titleId : undefined}
      aria-describedby={bodyId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      onKeyDown={(e) => {
        // The page behind is inert; Tab also wraps inside rather than leaving for the browser's own controls.
        if (e.key !== 'Tab') return;
        const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
        const edge = e.shiftKey ? buttons[0] : buttons.at(-1);
        if (document.activeElement === edge) {
          e.preventDefault();
          (e.shiftKey ? buttons.at(-1) : buttons[0])?.focus();
        }
      }}
    >
      {title ? <h2 id={titleId}>{title}</h2> : null}
      <p id={bodyId}>{body}</p>
      <div className={`dialog-actions dialog-actions-${orientation}`}>
        <button type="button" className="btn btn-secondary" onClick={onCancel} ref={cancelRef}>
          {cancelText}
        </button>
        <button type="button" className="btn btn-primary" onClick={onOk}>
          {okText}
        </button>
      </div>
    </dialog>
  );
}
