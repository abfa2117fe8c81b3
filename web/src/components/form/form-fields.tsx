import type { ComponentProps } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { ChoiceField } from '../ui/choice-field';
import { Field } from '../ui/field';
import { SelectField } from '../ui/select-field';

type Bound<T extends FieldValues> = { control: Control<T>; name: FieldPath<T> };
type InputProps = Omit<ComponentProps<typeof Field>, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>;

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
  const {
    field: { ref, name: fieldName, value, onBlur, onChange },
    fieldState: { error },
  } = useController({ control, name });
  return (
    <Field
      {...input}
      ref={ref}
      name={fieldName}
      value={(value as string | undefined) ?? ''}
      onBlur={onBlur}
      onChange={(e) => onChange(mask ? mask(e.target.value) : e.target.value)}
      error={error?.message}
    />
  );
}

type SelectProps = Omit<ComponentProps<typeof SelectField>, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>;

export function FormSelect<T extends FieldValues>({
  control,
  name,
  onPick,
  ...select
}: Bound<T> & SelectProps & { onPick?: (value: string) => void }) {
  const {
    field: { ref, name: fieldName, value, onBlur, onChange },
    fieldState: { error },
  } = useController({ control, name });
  return (
    <SelectField
      {...select}
      ref={ref}
      name={fieldName}
      value={(value as string | undefined) ?? ''}
      onBlur={onBlur}
      onChange={(e) => {
        onChange(e.target.value);
        onPick?.(e.target.value);
      }}
      error={error?.message}
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
  const {
    field: { ref, name: fieldName, value, onChange },
    fieldState: { error },
  } = useController({ control, name });
  return (
    <ChoiceField
      {...choice}
      ref={ref}
      name={fieldName}
      value={(value as string | undefined) ?? ''}
      onChange={(v) => {
        onChange(v);
        onPick?.(v);
      }}
      error={error?.message}
    />
  );
}
