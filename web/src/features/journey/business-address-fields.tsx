import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/translation';
import { formatTaxId } from '@portal/libs';
import { useOptions } from '../../i18n/use-options';
import { FormField, FormSelect } from '../../components/form/form-fields';
import { AddressLookupSlot } from '../../components/address/address-lookup-slot';
import type { DetailsValues } from './business-details-values';

/** The business address: lookup, country (which clears state, city and zip, and re-masks the tax id), parts. */
export function BusinessAddressFields({ form }: { form: UseFormReturn<DetailsValues> }) {
  const { t } = useTranslation();
  const opts = useOptions();
  const { control, setValue, getValues, clearErrors } = form;
  const ca = useWatch({ control, name: 'country' }) === 'CA';
  const retaxFor = (country: string) => setValue('federalTaxId', formatTaxId(country, getValues('federalTaxId')));
  return (
    <>
      <AddressLookupSlot
        label={t('business.addressLookup')}
        onFound={(a) => {
          for (const k of ['address', 'city', 'state', 'zip', 'country'] as const) setValue(k, a[k]);
          retaxFor(a.country);
          clearErrors(['address', 'city', 'state', 'zip', 'country']);
        }}
      />
      <FormSelect
        control={control}
        name="country"
        label={t('business.country')}
        options={opts.countries()}
        onPick={(country) => {
          for (const k of ['state', 'city', 'zip'] as const) setValue(k, '');
          retaxFor(country);
        }}
      />
      <FormField
        control={control}
        name="address"
        label={t('business.address')}
        maxLength={200}
        autoComplete="address-line1"
      />
      <FormField
        control={control}
        name="suiteFloor"
        label={t('business.suite')}
        maxLength={200}
        autoComplete="address-line2"
      />
      <FormField
        control={control}
        name="city"
        label={t('business.city')}
        maxLength={40}
        autoComplete="address-level2"
      />
      <FormSelect
        control={control}
        name="state"
        label={ca ? t('business.province') : t('business.state')}
        options={opts.regions(ca ? 'CA' : 'US')}
        autoComplete="address-level1"
      />
      <FormField
        control={control}
        name="zip"
        label={ca ? t('business.postal') : t('business.zip')}
        maxLength={ca ? 7 : 10}
        autoComplete="postal-code"
      />
    </>
  );
}
