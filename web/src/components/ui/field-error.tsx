import { useMessage } from '../../i18n/use-message';

/** A field's error message under it (translated from its code), by the id the field's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  const tm = useMessage();
  return error ? (
    <div className="field-error" id={id}>
      {tm(error)}
    </div>
  ) : null;
}
