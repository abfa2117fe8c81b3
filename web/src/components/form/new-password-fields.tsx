import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { NewPasswordFields } from '../ui/password-strength';

type PasswordValues = FieldValues & { password: string; confirmPassword: string };

/** A new password and its re-entry (with the strength meter), bound to a form that holds both. */
export function FormNewPasswordFields<T extends PasswordValues>({
  control,
  labels,
}: {
  control: Control<T>;
  labels: { password: string; confirmPassword: string };
}) {
  const password = useController({ control, name: 'password' as Path<T> });
  const confirmPassword = useController({ control, name: 'confirmPassword' as Path<T> });
  const fields = { password, confirmPassword };
  return (
    <NewPasswordFields
      labels={labels}
      values={{ password: password.field.value as string, confirmPassword: confirmPassword.field.value as string }}
      errors={{
        password: password.fieldState.error?.message,
        confirmPassword: confirmPassword.fieldState.error?.message,
      }}
      onChange={(name, value) => fields[name].field.onChange(value)}
    />
  );
}
