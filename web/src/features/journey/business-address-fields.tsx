import { useWatch, type UseFormReturn } from 'react-hook-form';
import { COUNTRIES, formatTaxId } from '@portal/libs';
import { FormField, FormSelect } from '../../components/form/form-fields';
import { AddressLookup } from '../address/address-lookup';
import { regionOptions, type DetailsValues } from './business-details-values';

const COUNTRY_OPTIONS = Object.entries(COUNTRIES).map(([value, label]) => ({ value, label }));

/** The business address: lookup, country (which clears state, city and zip, and re-masks the tax id), parts. */
export function BusinessAddressFields({ form }: { form: UseFormReturn<DetailsValues> }) {
  const { control, setValue, getValues, clearErrors } = form;
  const ca = useWatch({ control, name: 'country' }) === 'CA';
  const retaxFor = (country: string) => setValue('federalTaxId', formatTaxId(country, getValues('federalTaxId')));
  return (
    <>
      <AddressLookup
        label="Business address lookup"
        onFound={(a) => {
          for (const k of ['address', 'city', 'state', 'zip', 'country'] as const) setValue(k, a[k]);
          retaxFor(a.country);
          clearErrors(['address', 'city', 'state', 'zip', 'country']);
        }}
      />
      <FormSelect
        control={control}
        name="country"
        label="Country of business"
        options={COUNTRY_OPTIONS}
        onPick={(country) => {
          for (const k of ['state', 'city', 'zip'] as const) setValue(k, '');
          retaxFor(country);
        }}
      />
      <FormField
        control={control}
        name="address"
        label="Business address"
        maxLength={200}
        autoComplete="address-line1"
      />
      <FormField
        control={control}
        name="suiteFloor"
        label="Suite / floor (optional)"
        maxLength={200}
        autoComplete="address-line2"
      />
      <FormField control={control} name="city" label="City" maxLength={40} autoComplete="address-level2" />
      <FormSelect
        control={control}
        name="state"
        label={ca ? 'Province / territory' : 'State'}
        options={regionOptions(ca ? 'CA' : 'US')}
      />
      <FormField
        control={control}
        name="zip"
        label={ca ? 'Postal code' : 'Zip code'}
        maxLength={ca ? 7 : 10}
        autoComplete="postal-code"
      />
    </>
  );
}
