import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { CURRENCY_INPUT_MAX_LENGTH, FINANCIAL_RULES, formatCurrency } from '@portal/libs';
import { FormField } from '../../components/form/form-fields';
import { rulesResolver } from '../../components/form/rules-resolver';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { storedAmountRequested } from '../../lib/storage';
import { useApplication } from '../shell/session';
import { businessQueryOptions, journeyApi } from './journey-api';
import { useJourney } from './use-journey';
import { useSave } from './use-save';

type FinancialValues = { annualRevenue: string; amountRequested: string };
const asCurrency = (n: number | string | undefined) => (n === undefined || n === '' ? '' : formatCurrency(String(n)));

/** Section 2 '/financial': annual revenue and amount requested; submit saves, then the journey moves on. */
export function FinancialPage() {
  const app = useApplication();
  const options = businessQueryOptions(app._id);
  const { data: business } = useSuspenseQuery(options);
  const queryClient = useQueryClient();
  const journey = useJourney();
  // The saved answers are here before the form is (the route's loader): nothing typed is overwritten.
  const form = useForm<FinancialValues>({
    defaultValues: {
      annualRevenue: asCurrency(business.annualRevenue),
      amountRequested: asCurrency(business.amountRequested ?? storedAmountRequested()),
    },
    resolver: rulesResolver(FINANCIAL_RULES),
  });
  const save = useSave(
    form,
    (values) => journeyApi.saveBusiness(business._id, 'financial', values),
    (saved) => {
      queryClient.setQueryData(options.queryKey, saved);
      journey.send({ type: 'journey.next', saved: 'financial' });
    },
  );
  const error = save.error?.message ?? journey.error;

  return (
    <section className="card narrow">
      <h1>Annual revenue and amount requested</h1>
      <p className="lead">A rough figure is fine. We use it to find the offers that fit your business.</p>
      {error ? <Alert>{error}</Alert> : null}
      <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
        {(['annualRevenue', 'amountRequested'] as const).map((name) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            label={name === 'annualRevenue' ? 'Annual revenue' : 'Amount requested'}
            mask={formatCurrency}
            inputMode="decimal"
            placeholder="$0"
            maxLength={CURRENCY_INPUT_MAX_LENGTH}
          />
        ))}
        <Button type="submit" busy={save.isPending || journey.busy}>
          Continue
        </Button>
      </form>
    </section>
  );
}
