import type { ComponentProps } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { ChoiceField } from '../ui/choice-field';
import { Field } from '../ui/field';
import { SelectField } from '../ui/select-field';

type Bound<T extends FieldValues> = { control: Control<T>; name: FieldPath<T> };
type InputProps = Omit<ComponentProps<typeof Field>, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>;

/** The form's hold on one field: its ref and name, its value as text ('' until set), and its error message. */
function useBound<T extends FieldValues>({ control, name }: Bound<T>) {
  const { field, fieldState } = useController({ control, name });
  return {
    ref: field.ref,
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    onBlur: field.onBlur,
    onChange: field.onChange,
    error: fieldState.error?.message,
  };
}

/**
 * A text input bound to the form. `mask` shapes what is typed (phone, EIN, currency); the field's
 * error clears as soon as the value passes, and submit focuses the first field in error.
 */
export function FormField<T extends FieldValues>({
  control,
  name,
  mask,
  ...input
}: Bound<T> & InputProps & { mask?: (typed: string) => string }) {
  const { onChange, ...bound } = useBound({ control, name });
  return <Field {...input} {...bound} onChange={(e) => onChange(mask ? mask(e.target.value) : e.target.value)} />;
}

type SelectProps = Omit<ComponentProps<typeof SelectField>, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>;

export function FormSelect<T extends FieldValues>({
  control,
  name,
  onPick,
  ...select
}: Bound<T> & SelectProps & { onPick?: (value: string) => void }) {
  const { onChange, ...bound } = useBound({ control, name });
  return (
    <SelectField
      {...select}
      {...bound}
      onChange={(e) => {
        onChange(e.target.value);
        onPick?.(e.target.value);
      }}
    />
  );
}

type ChoiceProps = Omit<ComponentProps<typeof ChoiceField>, 'name' | 'value' | 'onChange' | 'error'>;

export function FormChoice<T extends FieldValues>({
  control,
  name,
  onPick,
  ...choice
}: Bound<T> & ChoiceProps & { onPick?: (value: string) => void }) {
  const { ref, name: fieldName, value, onChange, error } = useBound({ control, name });
  return (
    <ChoiceField
      {...choice}
      ref={ref}
      name={fieldName}
      value={value}
      onChange={(v) => {
        onChange(v);
        onPick?.(v);
      }}
      error={error}
    />
  );
}
