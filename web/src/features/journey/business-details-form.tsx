import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  BN_INPUT_MAX_LENGTH,
  BUSINESS_DETAILS_RULES,
  CURRENCY_INPUT_MAX_LENGTH,
  LEGAL_ENTITIES,
  PHONE_INPUT_MAX_LENGTH,
  PRODUCTS,
  YES_NO,
  formatCurrency,
  formatPhone,
  formatTaxId,
} from '@portal/libs';
import { FormChoice, FormField, FormSelect } from '../../components/form/form-fields';
import { rulesResolver } from '../../components/form/rules-resolver';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { optionsOf } from '../../components/ui/select-field';
import { BusinessAddressFields } from './business-address-fields';
import { detailsFrom, detailsPayload, type DetailsValues } from './business-details-values';
import { businessQueryOptions, industriesQueryOptions, journeyApi, type BusinessView } from './journey-api';
import { useJourney } from './use-journey';
import { useSave } from './use-save';

const today = () => new Date().toISOString().slice(0, 10);
const money = {
  inputMode: 'decimal',
  maxLength: CURRENCY_INPUT_MAX_LENGTH,
  placeholder: '$0',
  mask: formatCurrency,
} as const;

/** /business step 2: the business details (section 2); saving moves the journey on to /owners. */
export function BusinessDetailsForm({ business }: { business: BusinessView }) {
  const queryClient = useQueryClient();
  const journey = useJourney();
  const { data: industries } = useSuspenseQuery(industriesQueryOptions());
  const form = useForm<DetailsValues>({
    defaultValues: detailsFrom(business),
    resolver: rulesResolver(BUSINESS_DETAILS_RULES),
  });
  const { control } = form;
  const save = useSave(
    form,
    (v) => journeyApi.saveBusiness(business._id, 'details', detailsPayload(v)),
    (saved) => {
      queryClient.setQueryData(businessQueryOptions(business.applicationId).queryKey, saved);
      journey.send({ type: 'journey.next', saved: 'businessDetails' });
    },
  );
  const ca = useWatch({ control, name: 'country' }) === 'CA';
  const error = save.error?.message ?? journey.error;
  const busy = save.isPending || journey.busy;

  return (
    <section className="card wide">
      <h1>Business details</h1>
      <p className="lead">Some answers are filled in from what you told us earlier.</p>
      {error ? <Alert>{error}</Alert> : null}
      <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
        <div className="grid-2">
          <FormField
            control={control}
            name="businessName"
            label="Legal business name"
            maxLength={200}
            autoComplete="organization"
          />
          <FormField control={control} name="dbaName" label="DBA (optional)" maxLength={200} />
          <FormSelect control={control} name="legalEntity" label="Legal entity" options={optionsOf(LEGAL_ENTITIES)} />
          <FormField
            control={control}
            name="federalTaxId"
            label={ca ? 'BN' : 'EIN / Tax ID'}
            mask={(typed) => formatTaxId(form.getValues('country'), typed)}
            maxLength={ca ? BN_INPUT_MAX_LENGTH : 10}
            placeholder={ca ? '123-456-789' : '12-3456789'}
          />
        </div>
        <Controller
          control={control}
          name="productsInterestedIn"
          render={({ field }) => (
            <fieldset className="field choice">
              <legend>Products interested in (optional)</legend>
              <div className="checks">
                {PRODUCTS.map((p) => (
                  <label key={p} className="choice-option">
                    <input
                      type="checkbox"
                      checked={field.value.includes(p)}
                      onChange={(e) =>
                        field.onChange(e.target.checked ? [...field.value, p] : field.value.filter((x) => x !== p))
                      }
                    />
                    {p}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        />
        <div className="grid-2">
          <FormChoice
            control={control}
            name="acceptsCreditCards"
            label="Do you accept credit cards?"
            options={YES_NO}
          />
          <FormChoice
            control={control}
            name="otherBusinessLoans"
            label="Do you have open business loans?"
            options={YES_NO}
          />
          <FormChoice
            control={control}
            name="hasRealEstate"
            label="Does the business own real estate?"
            options={YES_NO}
          />
          {business.businessStartDate ? (
            <FormField
              control={control}
              name="businessStartDate"
              label="Business start date"
              type="date"
              max={today()}
            />
          ) : null}
          <FormField
            control={control}
            name="website"
            label="Website (optional)"
            type="url"
            placeholder="https://"
            maxLength={200}
          />
          <FormField control={control} name="avgDailyBalance" label="Average daily balance" {...money} />
          <FormField control={control} name="openLoanBalances" label="Open loan balances (optional)" {...money} />
          <FormField
            control={control}
            name="phoneNumber"
            label="Business phone"
            type="tel"
            mask={formatPhone}
            maxLength={PHONE_INPUT_MAX_LENGTH}
            placeholder="(123) 456-7890"
          />
          <BusinessAddressFields form={form} />
          <FormSelect
            control={control}
            name="industry"
            label="Industry"
            options={industries.map((i) => ({ value: i.name, label: i.name }))}
            onPick={(name) => form.setValue('naics', industries.find((i) => i.name === name)?.naics ?? '')}
          />
          <FormField control={control} name="naics" label="NAICS" readOnly placeholder="Filled from the industry" />
          <FormField
            control={control}
            name="businessDescription"
            label="Business description (optional)"
            maxLength={200}
          />
          <FormField
            control={control}
            name="numberOfEmployees"
            label="Number of employees"
            type="number"
            min={0}
            max={99999999}
            inputMode="numeric"
          />
        </div>
        <div className="form-actions">
          <Button variant="secondary" onClick={() => journey.send({ type: 'journey.back' })} disabled={busy}>
            Back
          </Button>
          <Button type="submit" busy={busy}>
            Save and continue
          </Button>
        </div>
      </form>
    </section>
  );
}
