import { useMutation } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { HttpError } from '../../lib/http';

/**
 * Saves a page's answers; the server's field messages land under their fields and its message above
 * the form. `onSaved` then tells the journey, which moves on.
 */
export function useSave<T extends FieldValues, R>(
  form: UseFormReturn<T>,
  save: (values: T) => Promise<R>,
  onSaved: (saved: R, values: T) => void,
) {
  return useMutation({
    mutationFn: save,
    onSuccess: (saved, values) => onSaved(saved, values),
    onError: (e) => {
      if (e instanceof HttpError)
        for (const [name, message] of Object.entries(e.fields))
          form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: true });
    },
  });
}
