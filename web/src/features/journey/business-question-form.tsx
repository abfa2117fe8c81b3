import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { APPLICATION_MESSAGES, BUSINESS_QUESTION_RULES, required, USE_OF_PROCEEDS, YES_NO } from '@portal/libs';
import { FormChoice, FormField, FormSelect } from '../../components/form/form-fields';
import { rulesResolver } from '../../components/form/rules-resolver';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { optionsOf } from '../../components/ui/select-field';
import { businessQueryOptions, journeyApi, type BusinessView } from './journey-api';
import { useJourney } from './use-journey';
import { useSave } from './use-save';

type QuestionValues = { businessStarted: string; businessStartDate: string; useOfProceeds: string };

const today = () => new Date().toISOString().slice(0, 10);
const started = required(APPLICATION_MESSAGES.selectionRequired);
// The start date and the use of proceeds are asked only of a business that has started.
const questionRules = (v: QuestionValues) =>
  v.businessStarted === 'Yes' ? { ...BUSINESS_QUESTION_RULES, businessStarted: started } : { businessStarted: started };

/** /business step 1: has the business started? Yes asks when and what for; No goes to /giggle-finance. */
export function BusinessQuestionForm({ business }: { business: BusinessView }) {
  const queryClient = useQueryClient();
  const journey = useJourney();
  const form = useForm<QuestionValues>({
    defaultValues: {
      businessStarted: business.businessStarted && business.businessStartDate ? business.businessStarted : '',
      businessStartDate: business.businessStartDate ?? '',
      useOfProceeds: business.useOfProceeds ?? '',
    },
    resolver: rulesResolver(questionRules),
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
  );
  const started = useWatch({ control: form.control, name: 'businessStarted' });
  const error = save.error?.message ?? journey.error;
  const busy = save.isPending || journey.busy;

  return (
    <section className="card narrow">
      <h1>Tell us about your business</h1>
      {error ? <Alert>{error}</Alert> : null}
      <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
        <FormChoice control={form.control} name="businessStarted" label="Has your business started?" options={YES_NO} />
        {started === 'Yes' ? (
          <>
            <p className="note">The lender requires at least 3 months in business.</p>
            <FormField
              control={form.control}
              name="businessStartDate"
              label="When did your business start?"
              type="date"
              max={today()}
              mask={(typed) => typed.slice(0, 10)}
            />
            <FormSelect
              control={form.control}
              name="useOfProceeds"
              label="How do you plan to use the loan proceeds?"
              options={optionsOf(USE_OF_PROCEEDS)}
            />
          </>
        ) : null}
        <div className="form-actions">
          <Button variant="secondary" onClick={() => journey.send({ type: 'journey.back' })} disabled={busy}>
            Back
          </Button>
          <Button type="submit" busy={busy}>
            Continue
          </Button>
        </div>
      </form>
    </section>
  );
}
