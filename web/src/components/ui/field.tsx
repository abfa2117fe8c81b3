import { useId, type ComponentProps, type ReactNode } from 'react';

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
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {after}
      {hint && !error ? <div className="field-hint">{hint}</div> : null}
      {error ? (
        <div className="field-error" id={errorId}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
