import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * The account pages' timing (the password reset; /sign-up's useState form keeps it too): fields are
 * checked on submit only (the form has `reValidateMode: 'onSubmit'`), and a field's message goes as soon
 * as the applicant edits it.
 */
export function useClearOnEdit<T extends FieldValues>(form: UseFormReturn<T>) {
  useEffect(() => {
    const { unsubscribe } = form.watch((_, { name, type }) => {
      if (type === 'change' && name) form.clearErrors(name);
    });
    return unsubscribe;
  }, [form]);
}
