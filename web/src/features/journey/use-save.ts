import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { HttpError } from '../../lib/http';

/**
 * Saves a page's answers; the server's field messages land under their fields and its message above
 * the form (and in its error summary, through `onInvalid`). `onSaved` then tells the journey, which moves on.
 * One save at a time: a second press that comes before the button shows busy (the form's validation is
 * asynchronous, so both presses can reach here before React renders) is the same action, already on its way.
 */
export function useSave<T extends FieldValues, R>(
  form: UseFormReturn<T>,
  save: (values: T) => Promise<R>,
  onSaved: (saved: R, values: T) => void,
  onInvalid?: () => void,
) {
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (saved, values) => onSaved(saved, values),
    onError: (e) => {
      if (!(e instanceof HttpError)) return;
      const fields = Object.entries(e.fields);
      for (const [name, message] of fields)
        form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !onInvalid });
      if (fields.length) onInvalid?.();
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });
  const mutate = (values: T) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(values);
  };
  return { ...mutation, mutate };
}
