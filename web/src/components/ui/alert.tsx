import type { ReactNode } from 'react';
import { useMessage } from '../../i18n/use-message';

/** A message box; a plain-text message (a libs or api one, in English) is shown in the applicant's language. */
export function Alert({ kind = 'error', children }: { kind?: 'error' | 'success' | 'warning'; children: ReactNode }) {
  const tm = useMessage();
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {typeof children === 'string' ? tm(children) : children}
    </div>
  );
}
