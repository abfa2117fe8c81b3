import { useMutation } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { HttpError } from '../../lib/http';

/**
 * Saves a page's answers; the server's field messages land under their fields and its message above
 * the form (and in its error summary, through `onInvalid`). `onSaved` then tells the journey, which moves on.
 */
export function useSave<T extends FieldValues, R>(
  form: UseFormReturn<T>,
  save: (values: T) => Promise<R>,
  onSaved: (saved: R, values: T) => void,
  onInvalid?: () => void,
) {
  return useMutation({
    mutationFn: save,
    onSuccess: (saved, values) => onSaved(saved, values),
    onError: (e) => {
      if (!(e instanceof HttpError)) return;
      const fields = Object.entries(e.fields);
      for (const [name, message] of fields)
        form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !onInvalid });
      if (fields.length) onInvalid?.();
    },
  });
}
