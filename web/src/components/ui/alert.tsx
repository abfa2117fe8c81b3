import { useEffect, useRef, type ReactNode } from 'react';
import { useMessage } from '../../i18n/use-message';

/**
 * A message box; a plain-text message (a libs or api one, in English) is shown in the applicant's language.
 * `takeFocus`: the message answers what the applicant just pressed (a refusal, a failed save), so it is
 * brought into view and takes focus as it appears; give it a new `key` to do so again.
 */
export function Alert({
  kind = 'error',
  takeFocus,
  children,
}: {
  kind?: 'error' | 'success' | 'warning';
  takeFocus?: boolean;
  children: ReactNode;
}) {
  const tm = useMessage();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Once, as it appears (focus brings it into view).
    if (takeFocus) box.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div
      ref={box}
      className={`alert alert-${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      tabIndex={takeFocus ? -1 : undefined}
    >
      {typeof children === 'string' ? tm(children) : children}
    </div>
  );
}
