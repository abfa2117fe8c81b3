import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/translation';
import { CURRENCY_INPUT_MAX_LENGTH, FINANCIAL_RULES, formatCurrency } from '@portal/libs';
import { FormField } from '../../components/form/form-fields';
import { rulesResolver } from '../../components/form/rules-resolver';
import { Button } from '../../components/ui/button';
import { storedAmountRequested } from '../../lib/storage';
import { useApplication } from '../../lib/session';
import { businessQueryOptions, journeyApi } from '../../lib/journey/journey-api';
import { useJourney } from '../../lib/journey/use-journey';
import { JourneyForm, useJourneyForm } from './journey-form';

type FinancialValues = { annualRevenue: string; amountRequested: string };
const asCurrency = (n: number | string | undefined) => (n === undefined || n === '' ? '' : formatCurrency(String(n)));

/** Section 2 '/financial': annual revenue and amount requested; submit saves, then the journey moves on. */
export function FinancialPage() {
  const { t } = useTranslation();
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
    shouldFocusError: false,
  });
  const page = useJourneyForm(
    form,
    journey,
    (values) => journeyApi.saveBusiness(business._id, 'financial', values),
    (saved) => {
      queryClient.setQueryData(options.queryKey, saved);
      journey.send({ type: 'journey.next', saved: 'financial' });
    },
    'financial',
  );

  return (
    <section className="card narrow">
      <h1>{t('financial.title')}</h1>
      <p className="lead">{t('financial.lead')}</p>
      <JourneyForm formRef={page.formRef} onSubmit={page.onSubmit} summary={page.summary} error={page.error}>
        {(['annualRevenue', 'amountRequested'] as const).map((name) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            label={name === 'annualRevenue' ? t('financial.annualRevenue') : t('financial.amountRequested')}
            mask={formatCurrency}
            inputMode="decimal"
            placeholder="$0"
            maxLength={CURRENCY_INPUT_MAX_LENGTH}
          />
        ))}
        <Button type="submit" busy={page.busy}>
          {t('app.continue')}
        </Button>
      </JourneyForm>
    </section>
  );
}
