import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/translation';
import { FINANCIAL_RULES, localeNumberRules, parseLocaleAmount } from '@portal/libs';
import { LocaleNumberField } from '../../components/form/locale-number-field';
import { rulesResolver } from '../../components/form/rules-resolver';
import { Button } from '../../components/ui/button';
import { numberText } from '../../i18n/number-input';
import { currentLanguage, type Language } from '../../i18n/i18n';
import { useLanguage } from '../../i18n/use-language';
import { storedAmountRequested } from '../../lib/storage';
import { useApplication } from '../../lib/session';
import { businessQueryOptions, journeyApi, type BusinessView } from '../../lib/journey/journey-api';
import { useJourney } from '../../lib/journey/use-journey';
import { JourneyForm, useJourneyForm } from './journey-form';

type FinancialValues = { annualRevenue: string; amountRequested: string };

/** The amounts as typed in the language shown ('450 000,50' in French is 450000.50). */
const FINANCIAL_KINDS = { annualRevenue: 'money', amountRequested: 'money' } as const;
const financialRules = () => localeNumberRules(FINANCIAL_RULES, FINANCIAL_KINDS, currentLanguage());

/** What the api takes: plain numbers, read from the text in the language it was typed in. */
export const financialPayload = (v: FinancialValues, lng: string) => ({
  annualRevenue: parseLocaleAmount(v.annualRevenue, lng),
  amountRequested: parseLocaleAmount(v.amountRequested, lng),
});

/** The saved amounts as the form shows them; an amount not saved yet is the one the applicant came with. */
const financialValues = (business: BusinessView, lng: Language): FinancialValues => ({
  annualRevenue: numberText(business.annualRevenue, lng, 'money'),
  amountRequested: numberText(business.amountRequested ?? storedAmountRequested(), lng, 'money'),
});

/** '/financial': annual revenue and amount requested; submit saves, then the journey moves on. */
export function FinancialPage() {
  const { t } = useTranslation();
  const app = useApplication();
  const options = businessQueryOptions(app._id);
  const { data: business } = useSuspenseQuery(options);
  const queryClient = useQueryClient();
  const journey = useJourney();
  const lng = useLanguage();
  // The saved answers are here before the form is (the route's loader): nothing typed is overwritten.
  const form = useForm<FinancialValues>({
    defaultValues: financialValues(business, lng),
    resolver: rulesResolver(financialRules),
    shouldFocusError: false,
  });
  const page = useJourneyForm(
    form,
    journey,
    (values, revision) =>
      journeyApi.saveBusiness(business._id, 'financial', { ...financialPayload(values, currentLanguage()), revision }),
    (saved) => {
      queryClient.setQueryData(options.queryKey, saved);
      journey.send({ type: 'journey.next', saved: 'financial' });
    },
    'financial',
    { loaded: business, queryKey: options.queryKey, valuesOf: (saved) => financialValues(saved, lng) },
  );

  return (
    <section className="card narrow">
      <h1>{t('financial.title')}</h1>
      <p className="lead">{t('financial.lead')}</p>
      <JourneyForm formRef={page.formRef} onSubmit={page.onSubmit} summary={page.summary} error={page.error}>
        {(['annualRevenue', 'amountRequested'] as const).map((name) => (
          <LocaleNumberField
            key={name}
            control={form.control}
            name={name}
            kind="money"
            label={name === 'annualRevenue' ? t('financial.annualRevenue') : t('financial.amountRequested')}
          />
        ))}
        <Button type="submit" busy={page.busy}>
          {t('app.continue')}
        </Button>
      </JourneyForm>
    </section>
  );
}
