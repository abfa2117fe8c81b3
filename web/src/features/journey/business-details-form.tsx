import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/translation';
import {
  BN_INPUT_MAX_LENGTH,
  BUSINESS_DETAILS_RULES,
  INDUSTRIES,
  industryByName,
  localeNumberRules,
  LEGAL_ENTITIES,
  PHONE_INPUT_MAX_LENGTH,
  YES_NO,
  productsFor,
  formatTaxId,
  typedOverMask,
  withShownMasks,
  isMasked,
} from '@portal/libs';
import { FormChoice, FormField, FormSelect } from '../../components/form/form-fields';
import { LocaleNumberField } from '../../components/form/locale-number-field';
import { currentLanguage } from '../../i18n/i18n';
import { useLanguage } from '../../i18n/use-language';
import { rulesResolver } from '../../components/form/rules-resolver';
import { draftQueryOptions } from '../../lib/drafts';
import { useOptions } from '../../i18n/use-options';
import { BusinessAddressFields } from './business-address-fields';
import { DETAILS_NUMBER_KINDS, detailsFrom, detailsPayload, type DetailsValues } from './business-details-values';
import { businessQueryOptions, journeyApi, type BusinessView } from '../../lib/journey/journey-api';
import { useJourney } from '../../lib/journey/use-journey';
import { shownPhone, usePhoneLibrary } from '../../lib/phone';
import { JourneyActions, JourneyForm, useJourneyForm } from './journey-form';

const today = () => new Date().toISOString().slice(0, 10);
/** The amounts as typed in the language shown ('450 000,50' in French), then the api's own rules on the numbers. */
const detailsRules = () => localeNumberRules(BUSINESS_DETAILS_RULES, DETAILS_NUMBER_KINDS, currentLanguage());

/** The Yes/No questions of the details, in the form's order. */
const YES_NO_QUESTIONS = [
  ['acceptsCreditCards', 'business.acceptsCards'],
  ['otherBusinessLoans', 'business.openLoans'],
  ['hasRealEstate', 'business.realEstate'],
] as const;

/** /business step 2: the business details; saving moves the journey on to /owners. */
export function BusinessDetailsForm({ business }: { business: BusinessView }) {
  // The phone's mask and rule read with it (here at once after the page's loader).
  usePhoneLibrary();
  const { t } = useTranslation();
  const opts = useOptions();
  const queryClient = useQueryClient();
  const journey = useJourney();
  const lng = useLanguage();
  // A tax id the page's draft keeps comes masked too, and is an answer like the one on file (read before the form).
  const draftKey = { applicationId: business.applicationId, step: 'businessDetails' };
  const { data: draft } = useSuspenseQuery(draftQueryOptions(draftKey));
  const shownTaxId = isMasked(draft.federalTaxId) ? draft.federalTaxId : business.federalTaxId;
  const form = useForm<DetailsValues>({
    defaultValues: detailsFrom(business, lng),
    // The tax id on file comes masked: sent back untouched, the api keeps it (the browser never holds it whole).
    resolver: rulesResolver(() => withShownMasks(detailsRules(), { federalTaxId: shownTaxId })),
    shouldFocusError: false,
  });
  const { control } = form;
  const taxId = useWatch({ control, name: 'federalTaxId' });
  const { queryKey } = businessQueryOptions(business.applicationId);
  const page = useJourneyForm(
    form,
    journey,
    (v, revision) =>
      journeyApi.saveBusiness(business._id, 'details', { ...detailsPayload(v, currentLanguage()), revision }),
    (saved) => {
      queryClient.setQueryData(queryKey, saved);
      journey.send({ type: 'journey.next', saved: 'businessDetails' });
    },
    'businessDetails',
    { loaded: business, queryKey, valuesOf: (saved) => detailsFrom(saved, lng) },
  );
  const country = useWatch({ control, name: 'country' });
  const ca = country === 'CA';
  // Products offered in the business's country only (no SBA financing in Canada: it is a US program); a
  // choice the new country does not offer is dropped, never sent hidden.
  useEffect(() => {
    const chosen = form.getValues('productsInterestedIn');
    const offered: readonly string[] = productsFor(country);
    if (chosen.some((p) => !offered.includes(p)))
      form.setValue(
        'productsInterestedIn',
        chosen.filter((p) => offered.includes(p)),
      );
  }, [country, form]);

  return (
    <section className="card wide">
      <h1>{t('business.detailsTitle')}</h1>
      <p className="lead">{t('business.detailsLead')}</p>
      <JourneyForm formRef={page.formRef} onSubmit={page.onSubmit} summary={page.summary} error={page.error}>
        <div className="grid-2">
          <FormField
            control={control}
            name="businessName"
            label={t('business.legalName')}
            maxLength={200}
            autoComplete="organization"
          />
          <FormField control={control} name="dbaName" label={t('business.dba')} maxLength={200} />
          <FormSelect
            control={control}
            name="legalEntity"
            label={t('business.legalEntity')}
            options={opts.of('legalEntities', LEGAL_ENTITIES)}
          />
          <FormField
            control={control}
            name="federalTaxId"
            label={ca ? t('business.bn') : t('business.ein')}
            mask={(typed) =>
              formatTaxId(form.getValues('country'), typedOverMask(form.getValues('federalTaxId'), typed))
            }
            maxLength={ca ? BN_INPUT_MAX_LENGTH : 10}
            placeholder={ca ? '123-456-789' : '12-3456789'}
            hint={page.draftMasked.includes('federalTaxId') && isMasked(taxId) ? t('business.keptMasked') : undefined}
          />
        </div>
        <Controller
          control={control}
          name="productsInterestedIn"
          render={({ field }) => (
            <fieldset className="field choice">
              <legend>{t('business.products')}</legend>
              <div className="checks">
                {productsFor(country).map((p) => (
                  <label key={p} className="choice-option">
                    <input
                      type="checkbox"
                      checked={field.value.includes(p)}
                      onChange={(e) =>
                        field.onChange(e.target.checked ? [...field.value, p] : field.value.filter((x) => x !== p))
                      }
                    />
                    {opts.label('products', p)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        />
        <div className="grid-2">
          {YES_NO_QUESTIONS.map(([name, label]) => (
            <FormChoice
              key={name}
              control={control}
              name={name}
              label={t(label)}
              options={YES_NO}
              optionLabel={opts.yesNo}
            />
          ))}
          {business.businessStartDate ? (
            <FormField
              control={control}
              name="businessStartDate"
              label={t('business.startDateShort')}
              type="date"
              max={today()}
            />
          ) : null}
          <FormField
            control={control}
            name="website"
            label={t('business.website')}
            type="url"
            placeholder="https://"
            maxLength={200}
          />
          <LocaleNumberField
            control={control}
            name="avgDailyBalance"
            kind="money"
            label={t('business.avgDailyBalance')}
          />
          <LocaleNumberField
            control={control}
            name="openLoanBalances"
            kind="money"
            label={t('business.openLoanBalances')}
          />
          <FormField
            control={control}
            name="phoneNumber"
            label={t('business.phone')}
            type="tel"
            // The business's line, which the HTML tokens call a work number, not the applicant's home one.
            autoComplete="work tel"
            mask={shownPhone}
            maxLength={PHONE_INPUT_MAX_LENGTH}
            placeholder="(123) 456-7890"
          />
          <BusinessAddressFields form={form} />
          <FormSelect
            control={control}
            name="industry"
            label={t('business.industry')}
            // The pick-list is the one the rules check against (libs), already in this page's code: no read.
            options={INDUSTRIES.map((i) => ({ value: i.name, label: opts.label('industries', i.name) }))}
            onPick={(name) => form.setValue('naics', industryByName(name)?.naics ?? '')}
          />
          <FormField
            control={control}
            name="naics"
            label={t('business.naics')}
            readOnly
            placeholder={t('business.naicsPlaceholder')}
          />
          <FormField control={control} name="businessDescription" label={t('business.description')} maxLength={200} />
          <FormField
            control={control}
            name="numberOfEmployees"
            label={t('business.employees')}
            type="number"
            min={0}
            max={99999999}
            inputMode="numeric"
          />
        </div>
        <JourneyActions busy={page.busy} submit={t('business.saveAndContinue')} />
      </JourneyForm>
    </section>
  );
}
