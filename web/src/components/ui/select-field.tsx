import { useId, type ComponentProps } from 'react';
import { useTranslation } from '../../i18n/translation';
import { useMessage } from '../../i18n/use-message';

export type Option = { value: string; label: string };
type Props = ComponentProps<'select'> & { label: string; error?: string; options: readonly Option[] };

export function SelectField({ label, error, options, id, ...select }: Props) {
  const { t } = useTranslation();
  const tm = useMessage();
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
      {error ? (
        <div className="field-error" id={`${selectId}-error`}>
          {tm(error)}
        </div>
      ) : null}
    </div>
  );
}
