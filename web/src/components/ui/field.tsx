import { useId, type ComponentProps, type ReactNode } from 'react';
import { FieldError } from './field-error';

type FieldProps = ComponentProps<'input'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  after?: ReactNode;
};

/** A labelled input with its error under it, tied together for screen readers. */
export function Field({ label, error, hint, after, id, ...input }: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const shownHint = hint && !error;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : shownHint ? hintId : undefined}
        {...input}
      />
      {after}
      {shownHint ? (
        <div className="field-hint" id={hintId}>
          {hint}
        </div>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
