import { useId, type ComponentProps } from 'react';
import { useTranslation } from '../../i18n/translation';
import { FieldError } from './field-error';

export type Option = { value: string; label: string };
type Props = ComponentProps<'select'> & { label: string; error?: string; options: readonly Option[] };

export function SelectField({ label, error, options, id, ...select }: Props) {
  const { t } = useTranslation();
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
        <option value="">{t('app.select')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`${selectId}-error`} error={error} />
    </div>
  );
}
