import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/translation';
import { APPLICATION_CODES, BUSINESS_QUESTION_RULES, required, USE_OF_PROCEEDS, YES_NO } from '@portal/libs';
import { FormChoice, FormField, FormSelect } from '../../components/form/form-fields';
import { rulesResolver } from '../../components/form/rules-resolver';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useErrorSummary } from '../../components/ui/error-summary';
import { useOptions } from '../../i18n/use-options';
import { businessQueryOptions, journeyApi, type BusinessView } from '../../lib/journey/journey-api';
import { useJourney } from '../../lib/journey/use-journey';
import { useSave } from './use-save';

type QuestionValues = { businessStarted: string; businessStartDate: string; useOfProceeds: string };

const today = () => new Date().toISOString().slice(0, 10);
const started = required(APPLICATION_CODES.selectionRequired);
// The start date and the use of proceeds are asked only of a business that has started.
const questionRules = (v: QuestionValues) =>
  v.businessStarted === 'Yes' ? { ...BUSINESS_QUESTION_RULES, businessStarted: started } : { businessStarted: started };

/** /business step 1: has the business started? Yes asks when and what for; No goes to /giggle-finance. */
export function BusinessQuestionForm({ business }: { business: BusinessView }) {
  const { t } = useTranslation();
  const opts = useOptions();
  const { formRef, report, clear, summary } = useErrorSummary();
  const queryClient = useQueryClient();
  const journey = useJourney();
  const form = useForm<QuestionValues>({
    defaultValues: {
      businessStarted: business.businessStarted && business.businessStartDate ? business.businessStarted : '',
      businessStartDate: business.businessStartDate ?? '',
      useOfProceeds: business.useOfProceeds ?? '',
    },
    resolver: rulesResolver(questionRules),
    shouldFocusError: false,
  });
  const save = useSave(
    form,
    (v) =>
      journeyApi.saveBusiness(business._id, 'question', v.businessStarted === 'No' ? { businessStarted: 'No' } : v),
    (saved, v) => {
      queryClient.setQueryData(businessQueryOptions(business.applicationId).queryKey, saved);
      journey.send(
        v.businessStarted === 'No' ? { type: 'journey.giggle' } : { type: 'journey.next', saved: 'businessQuestion' },
      );
    },
    report,
  );
  const started = useWatch({ control: form.control, name: 'businessStarted' });
  const error = save.error?.message ?? journey.error;
  const busy = save.isPending || journey.busy;

  return (
    <section className="card narrow">
      <h1>{t('business.questionTitle')}</h1>
      {error ? <Alert>{error}</Alert> : null}
      <form
        ref={formRef}
        onSubmit={form.handleSubmit((v) => {
          clear();
          save.mutate(v);
        }, report)}
        noValidate
      >
        {summary}
        <FormChoice
          control={form.control}
          name="businessStarted"
          label={t('business.started')}
          options={YES_NO}
          optionLabel={opts.yesNo}
        />
        {started === 'Yes' ? (
          <>
            <p className="note">{t('business.monthsNote')}</p>
            <FormField
              control={form.control}
              name="businessStartDate"
              label={t('business.startDate')}
              type="date"
              max={today()}
              mask={(typed) => typed.slice(0, 10)}
            />
            <FormSelect
              control={form.control}
              name="useOfProceeds"
              label={t('business.useOfProceeds')}
              options={opts.of('useOfProceeds', USE_OF_PROCEEDS)}
            />
          </>
        ) : null}
        <div className="form-actions">
          <Button variant="secondary" onClick={() => journey.send({ type: 'journey.back' })} disabled={busy}>
            {t('app.back')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('app.continue')}
          </Button>
        </div>
      </form>
    </section>
  );
}
