import { useId, type Ref } from 'react';
import { FieldError } from './field-error';

type Props = {
  label: string;
  name: string;
  value: string;
  options: readonly string[];
  /** The label shown for an option (translated); the value sent stays the option. */
  optionLabel?: (option: string) => string;
  error?: string;
  onChange: (value: string) => void;
  /** The first option, so a form can focus the group when it is in error. */
  ref?: Ref<HTMLInputElement>;
};

/** A labelled group of radio buttons (Yes/No and the like) with its error, announced on each option. */
export function ChoiceField({ label, name, value, options, optionLabel, error, onChange, ref }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className={`field choice${error ? ' has-error' : ''}`}>
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
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={() => onChange(o)}
            />
            {optionLabel ? optionLabel(o) : o}
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
