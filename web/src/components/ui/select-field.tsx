import { useId, type ComponentProps } from 'react';

type Option = { value: string; label: string };
type Props = ComponentProps<'select'> & { label: string; error?: string; options: readonly Option[] };

export function SelectField({ label, error, options, id, ...select }: Props) {
  const auto = useId();
  const selectId = id ?? auto;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        {...select}
      >
        <option value="">Select…</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <div className="field-error" id={`${selectId}-error`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

export const optionsOf = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));
