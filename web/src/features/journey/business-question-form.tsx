import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/translation';
import { APPLICATION_CODES, BUSINESS_QUESTION_RULES, required, USE_OF_PROCEEDS, YES_NO } from '@portal/libs';
import { FormChoice, FormField, FormSelect } from '../../components/form/form-fields';
import { rulesResolver } from '../../components/form/rules-resolver';
import { useOptions } from '../../i18n/use-options';
import { businessQueryOptions, journeyApi, type BusinessView } from '../../lib/journey/journey-api';
import { useJourney } from '../../lib/journey/use-journey';
import { JourneyActions, JourneyForm, useJourneyForm } from './journey-form';

type QuestionValues = { businessStarted: string; businessStartDate: string; useOfProceeds: string };

const today = () => new Date().toISOString().slice(0, 10);
const started = required(APPLICATION_CODES.selectionRequired);
// The start date and the use of proceeds are asked only of a business that has started.
const questionRules = (v: QuestionValues) =>
  v.businessStarted === 'Yes' ? { ...BUSINESS_QUESTION_RULES, businessStarted: started } : { businessStarted: started };

/** The saved answers as the form shows them: no answer to 'started' until its date is saved with it. */
const questionValues = (business: BusinessView): QuestionValues => ({
  businessStarted: business.businessStarted && business.businessStartDate ? business.businessStarted : '',
  businessStartDate: business.businessStartDate ?? '',
  useOfProceeds: business.useOfProceeds ?? '',
});

/** /business step 1: has the business started? Yes asks when and what for; No goes to /giggle-finance. */
export function BusinessQuestionForm({ business }: { business: BusinessView }) {
  const { t } = useTranslation();
  const opts = useOptions();
  const queryClient = useQueryClient();
  const journey = useJourney();
  const form = useForm<QuestionValues>({
    defaultValues: questionValues(business),
    resolver: rulesResolver(questionRules),
    shouldFocusError: false,
  });
  const { queryKey } = businessQueryOptions(business.applicationId);
  const page = useJourneyForm(
    form,
    journey,
    (v, revision) =>
      journeyApi.saveBusiness(business._id, 'question', {
        ...(v.businessStarted === 'No' ? { businessStarted: 'No' } : v),
        revision,
      }),
    (saved, v) => {
      queryClient.setQueryData(queryKey, saved);
      journey.send(
        v.businessStarted === 'No' ? { type: 'journey.giggle' } : { type: 'journey.next', saved: 'businessQuestion' },
      );
    },
    'businessQuestion',
    { loaded: business, queryKey, valuesOf: questionValues },
  );
  const started = useWatch({ control: form.control, name: 'businessStarted' });

  return (
    <section className="card narrow">
      <h1>{t('business.questionTitle')}</h1>
      <JourneyForm formRef={page.formRef} onSubmit={page.onSubmit} summary={page.summary} error={page.error}>
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
        <JourneyActions busy={page.busy} submit={t('app.continue')} />
      </JourneyForm>
    </section>
  );
}
