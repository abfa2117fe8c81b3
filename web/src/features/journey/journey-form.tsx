import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/translation';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useErrorSummary } from '../../components/ui/error-summary';
import { useJourney } from '../../lib/journey/use-journey';
import { useDraft } from '../../lib/journey/use-draft';
import { useRevision, type RevisedAnswers } from './use-revision';
import { useSave } from './use-save';

type Journey = ReturnType<typeof useJourney>;

/**
 * A journey page's form and its save: the error summary, the save (see useSave), a submit that clears the
 * summary and saves valid answers (or reports the fields in error), the message above the form (the
 * save's, else the journey's) and busy while either works. What is typed is kept as the step's draft
 * (`step`, see useDraft) until the step is saved, which drops it: a reload, a lost session or a new login
 * loses nothing.
 * With `revised`, each save is given the revision of the answers the form shows (see useRevision); answers
 * saved meanwhile in another window replace the form's values and its draft's base.
 */
export function useJourneyForm<T extends FieldValues, R, V extends { revision?: number } = never>(
  form: UseFormReturn<T>,
  journey: Journey,
  save: (values: T, revision: number) => Promise<R>,
  onSaved: (saved: R, values: T) => void,
  step: string,
  revised?: RevisedAnswers<T, V>,
) {
  const { formRef, report, clear, summary } = useErrorSummary();
  const draft = useDraft(form, step);
  const withRevision = useRevision(revised, (values) => {
    draft.rebase(values);
    form.reset(values);
  });
  // The api drops the step's draft with the save (see useDraft's `saving`).
  const saving = useSave(
    form,
    (values: T) => draft.saving(() => withRevision((revision) => save(values, revision))),
    onSaved,
    report,
  );
  return {
    formRef,
    report,
    clear,
    summary,
    /** Fields restored from the draft as a mask (see useDraft): the page says why near each. */
    draftMasked: draft.masked,
    save: saving,
    onSubmit: form.handleSubmit((values) => {
      clear();
      saving.mutate(values);
    }, report),
    error: saving.error?.message ?? journey.error,
    busy: saving.isPending || journey.busy,
  };
}

type JourneyFormProps = Pick<ReturnType<typeof useJourneyForm>, 'formRef' | 'onSubmit' | 'summary' | 'error'> & {
  children: ReactNode;
};

/** The message above the form, then the form with its error summary first. */
export function JourneyForm({ formRef, onSubmit, summary, error, children }: JourneyFormProps) {
  return (
    <>
      {/* A refused or failed save: its message comes into view and takes focus. */}
      {error ? (
        <Alert key={error} takeFocus>
          {error}
        </Alert>
      ) : null}
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        {summary}
        {children}
      </form>
    </>
  );
}

/** Back (the journey's previous page) and the submit button, both held while the page is busy. */
export function JourneyActions({ busy, submit }: { busy: boolean; submit: string }) {
  const { t } = useTranslation();
  const journey = useJourney();
  return (
    <div className="form-actions">
      <Button variant="secondary" onClick={() => journey.send({ type: 'journey.back' })} disabled={busy}>
        {t('app.back')}
      </Button>
      <Button type="submit" busy={busy}>
        {submit}
      </Button>
    </div>
  );
}
