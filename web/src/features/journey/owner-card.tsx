import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/translation';
import { PHONE_INPUT_MAX_LENGTH, YES_NO, formatSsn, isMasked, typedOverMask } from '@portal/libs';
import { FormChoice, FormField, FormSelect } from '../../components/form/form-fields';
import { LocaleNumberField } from '../../components/form/locale-number-field';
import { Button } from '../../components/ui/button';
import { useOptions } from '../../i18n/use-options';
import { AddressLookup } from '../../components/address/address-lookup';
import { shownPhone } from '../../lib/phone';
import type { OwnersValues } from './owner-values';

type Props = {
  form: UseFormReturn<OwnersValues>;
  index: number;
  open: boolean;
  onToggle: (open: boolean) => void;
  onRemove?: () => void;
};

/** One collapsible owner card on '/owners': Owner #N, the primary first, others removable. */
export function OwnerCard({ form, index: i, open, onToggle, onRemove }: Props) {
  const { t } = useTranslation();
  const opts = useOptions();
  const { control, setValue, getValues, clearErrors } = form;
  const [ssnShown, setSsnShown] = useState(false);
  const ca = useWatch({ control, name: `owners.${i}.country` }) === 'CA';
  const dobMasked = isMasked(useWatch({ control, name: `owners.${i}.dateOfBirth` }));
  const name = <K extends keyof OwnersValues['owners'][number]>(k: K) => `owners.${i}.${k}` as const;
  const at = (k: 'firstName' | 'lastName' | 'address' | 'ownerEmailId', label: string, extra = {}) => (
    <FormField control={control} name={name(k)} label={label} maxLength={200} {...extra} />
  );
  return (
    <details className="owner-card" open={open} onToggle={(e) => onToggle((e.target as HTMLDetailsElement).open)}>
      <summary>
        <span className="owner-title">{t('owners.owner', { n: i + 1 })}</span>
        {i === 0 ? <span className="badge">{t('owners.primary')}</span> : null}
      </summary>
      <div className="grid-2">
        {at('firstName', t('owners.firstName'), { autoComplete: i === 0 ? 'given-name' : 'off' })}
        {at('lastName', t('owners.lastName'), { autoComplete: i === 0 ? 'family-name' : 'off' })}
        <AddressLookup
          label={t('owners.addressLookup')}
          onFound={(a) => {
            if (a.country !== getValues(name('country'))) setValue(name('ssn'), '');
            for (const k of ['address', 'city', 'state', 'zip', 'country'] as const) setValue(name(k), a[k]);
            clearErrors([name('address'), name('city'), name('state'), name('zip'), name('country')]);
          }}
        />
        <FormSelect
          control={control}
          name={name('country')}
          label={t('owners.country')}
          options={opts.countries()}
          // Changing the country clears the address, city, state, zip and SSN: their formats differ by country.
          onPick={() => {
            for (const k of ['address', 'city', 'state', 'zip', 'ssn'] as const) setValue(name(k), '');
          }}
        />
        {at('address', t('owners.address'))}
        <FormField control={control} name={name('city')} label={t('business.city')} maxLength={40} />
        <FormSelect
          control={control}
          name={name('state')}
          label={ca ? t('business.province') : t('business.state')}
          options={opts.regions(ca ? 'CA' : 'US')}
        />
        <FormField
          control={control}
          name={name('zip')}
          label={ca ? t('business.postal') : t('business.zip')}
          maxLength={ca ? 7 : 5}
        />
        {at('ownerEmailId', t('owners.email'), { type: 'email' })}
        <FormField
          control={control}
          name={name('dateOfBirth')}
          label={t('owners.dateOfBirth')}
          // The date on file comes masked (no date input can show it): as text until it is typed over.
          type={dobMasked ? 'text' : 'date'}
          max="9999-12-31"
          mask={(typed) => typedOverMask(getValues(name('dateOfBirth')), typed).slice(0, 10)}
        />
        <FormField
          control={control}
          name={name('phoneNumber')}
          label={t('owners.phone')}
          type="tel"
          mask={shownPhone}
          maxLength={PHONE_INPUT_MAX_LENGTH}
          placeholder="(123) 456-7890"
        />
        <LocaleNumberField
          control={control}
          name={name('ownershipPercent')}
          kind="percent"
          label={t('owners.percent')}
        />
        <LocaleNumberField control={control} name={name('creditReport')} kind="score" label={t('owners.creditScore')} />
        <FormField
          control={control}
          name={name('ssn')}
          label={ca ? t('owners.sin') : t('owners.ssn')}
          type={ssnShown ? 'text' : 'password'}
          inputMode="numeric"
          maxLength={11}
          autoComplete="off"
          mask={(typed) => formatSsn(getValues(name('country')), typedOverMask(getValues(name('ssn')), typed))}
          after={
            <Button variant="link" aria-pressed={ssnShown} onClick={() => setSsnShown((s) => !s)}>
              {ssnShown ? t('form.hide') : t('form.show')}
            </Button>
          }
        />
        <FormChoice
          control={control}
          name={name('isUSCitizen')}
          label={t('owners.usCitizen')}
          options={YES_NO}
          optionLabel={opts.yesNo}
        />
      </div>
      {onRemove ? (
        <Button variant="secondary" onClick={onRemove}>
          {t('owners.remove')}
        </Button>
      ) : null}
    </details>
  );
}
