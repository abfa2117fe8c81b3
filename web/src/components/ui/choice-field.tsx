import { useId, type Ref } from 'react';

type Props = {
  label: string;
  name: string;
  value: string;
  options: readonly string[];
  error?: string;
  onChange: (value: string) => void;
  /** The first option, so a form can focus the group when it is in error. */
  ref?: Ref<HTMLInputElement>;
};

/** A labelled group of radio buttons (Yes/No and the like) with its error. */
export function ChoiceField({ label, name, value, options, error, onChange, ref }: Props) {
  const id = useId();
  return (
    <fieldset
      className={`field choice${error ? ' has-error' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{label}</legend>
      <div className="choice-options">
        {options.map((o, i) => (
          <label key={o} className={`choice-option${value === o ? ' selected' : ''}`}>
            <input
              ref={i === 0 ? ref : undefined}
              type="radio"
              name={name}
              value={o}
              checked={value === o}
              onChange={() => onChange(o)}
            />
            {o}
          </label>
        ))}
      </div>
      {error ? (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
