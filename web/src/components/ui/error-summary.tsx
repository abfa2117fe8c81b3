import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../../i18n/translation';

type Entry = { key: string; label: string; target: HTMLElement };

/** The fields in error inside a form, in order, named by their label (a radio group by its legend). */
function fieldsInError(form: HTMLElement): Entry[] {
  const seen = new Set<string>();
  const out: Entry[] = [];
  for (const el of form.querySelectorAll<HTMLInputElement>('[aria-invalid="true"]')) {
    const key = el.name || el.id;
    if (seen.has(key)) continue;
    seen.add(key);
    const label =
      el.type === 'radio'
        ? el.closest('fieldset')?.querySelector('legend')?.textContent
        : (el.labels?.[0]?.textContent ?? el.getAttribute('aria-label'));
    out.push({ key, label: (label ?? key).trim(), target: el });
  }
  return out;
}

function ErrorSummary({ entries, ref }: { entries: Entry[]; ref: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (!entries.length) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby={titleId} tabIndex={-1} ref={ref}>
      <h2 id={titleId}>{t('form.errorSummaryTitle')}</h2>
      <p>{t('form.errorSummaryIntro', { count: entries.length })}</p>
      <ul>
        {entries.map((e) => (
          <li key={e.key}>
            <a
              href={e.target.id ? `#${e.target.id}` : '#'}
              onClick={(ev) => {
                ev.preventDefault();
                e.target.focus();
              }}
            >
              {e.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * WCAG 3.3.1: after a refused submit, a summary of the fields in error (read from the form itself: every
 * field marks itself aria-invalid) in a live region that takes focus; each entry focuses its field. Each
 * field keeps its own message, tied to it by aria-describedby.
 */
export function useErrorSummary<T extends HTMLElement = HTMLFormElement>() {
  const formRef = useRef<T>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [entries, setEntries] = useState<Entry[]>([]);
  const focusNext = useRef(false);

  useEffect(() => {
    if (!attempt) return;
    // After the errors have rendered: the fields mark themselves invalid in the same commit.
    const timer = setTimeout(() => {
      focusNext.current = true;
      setEntries(formRef.current ? fieldsInError(formRef.current) : []);
    });
    return () => clearTimeout(timer);
  }, [attempt]);
  useEffect(() => {
    if (entries.length && focusNext.current) summaryRef.current?.focus();
    focusNext.current = false;
  }, [entries]);
  // While it shows, the summary follows the fields: one fixed leaves the list, the last one fixed ends it.
  const shown = entries.length > 0;
  useEffect(() => {
    const form = formRef.current;
    if (!shown || !form) return;
    // A field marks itself valid or invalid as it is edited, and its label follows the language.
    const names = (list: Entry[]) => list.map((e) => e.key + e.label).join();
    const watch = new MutationObserver(() => {
      const now = fieldsInError(form);
      setEntries((before) => (names(before) === names(now) ? before : now));
    });
    watch.observe(form, { attributeFilter: ['aria-invalid'], subtree: true, childList: true, characterData: true });
    return () => watch.disconnect();
  }, [shown]);

  const report = useCallback(() => setAttempt((n) => n + 1), []);
  const clear = useCallback(() => setEntries([]), []);
  return { formRef, report, clear, summary: <ErrorSummary entries={entries} ref={summaryRef} /> };
}
