import { useTranslation } from '../../i18n/translation';
import { useMessage } from '../../i18n/use-message';

/** The resend's outcome, kept as what to say (not words), so a language switch re-words it. */
export type Resent =
  { kind: 'sent'; name?: string } | { kind: 'notNeeded' } | { kind: 'error'; message: string } | undefined;

const KIND = { sent: 'success', notNeeded: 'warning', error: 'error' } as const;

/**
 * Where the resend's outcome is said. The region is on the page before any outcome (a live region that
 * appears with its words is not read by every screen reader), so each outcome is announced while focus
 * stays on the button that was pressed.
 */
export function ResendOutcome({ resent }: { resent: Resent }) {
  const { t } = useTranslation();
  const tm = useMessage();
  const words = !resent
    ? ''
    : resent.kind === 'sent'
      ? resent.name
        ? t('status.resentNamed', { name: resent.name })
        : t('status.resent')
      : resent.kind === 'notNeeded'
        ? t('status.resendNotNeeded')
        : tm(resent.message) || t('app.unknownError');
  return (
    <div role="status" aria-atomic="true">
      {resent ? <div className={`alert alert-${KIND[resent.kind]}`}>{words}</div> : null}
    </div>
  );
}
