import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/translation';
import { PHONE_INPUT_MAX_LENGTH, YES_NO, formatSsn, isMasked, typedOverMask } from '@portal/libs';
import { FormChoice, FormField, FormSelect } from '../../components/form/form-fields';
import { LocaleNumberField } from '../../components/form/locale-number-field';
import { Button } from '../../components/ui/button';
import { useOptions } from '../../i18n/use-options';
import { AddressLookupSlot } from '../../components/address/address-lookup-slot';
import { shownPhone } from '../../lib/phone';
import type { OwnersValues } from './owner-values';

type Props = {
  form: UseFormReturn<OwnersValues>;
  index: number;
  open: boolean;
  onToggle: (open: boolean) => void;
  onRemove?: () => void;
  /** This card's fields restored from the draft as a mask ('ssn', 'dateOfBirth'): each says why. */
  keptMasked?: readonly string[];
};

/** One collapsible owner card on '/owners': Owner #N, the primary first, others removable. */
export function OwnerCard({ form, index: i, open, onToggle, onRemove, keptMasked = [] }: Props) {
  const { t } = useTranslation();
  const opts = useOptions();
  const { control, setValue, getValues, clearErrors } = form;
  const [ssnShown, setSsnShown] = useState(false);
  const ca = useWatch({ control, name: `owners.${i}.country` }) === 'CA';
  const dobMasked = isMasked(useWatch({ control, name: `owners.${i}.dateOfBirth` }));
  const ssnMasked = isMasked(useWatch({ control, name: `owners.${i}.ssn` }));
  // Until typed over: the draft keeps the value behind the mask, never sent back to the browser in clear.
  const keptNote = (field: 'ssn' | 'dateOfBirth', stillMasked: boolean) =>
    keptMasked.includes(field) && stillMasked ? t('owners.keptMasked') : undefined;
  const name = <K extends keyof OwnersValues['owners'][number]>(k: K) => `owners.${i}.${k}` as const;
  // Owner 1 is the applicant: the browser may fill in their own saved details. The other owners are other
  // people, so 'off': a section token would still offer the applicant's own address and birth date there.
  const own = (token: string) => (i === 0 ? token : 'off');
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
        {at('firstName', t('owners.firstName'), { autoComplete: own('given-name') })}
        {at('lastName', t('owners.lastName'), { autoComplete: own('family-name') })}
        <AddressLookupSlot
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
        {/* The home address has no second line here: the whole street part, apartment included. */}
        {at('address', t('owners.address'), { autoComplete: own('street-address') })}
        <FormField
          control={control}
          name={name('city')}
          label={t('business.city')}
          maxLength={40}
          autoComplete={own('address-level2')}
        />
        <FormSelect
          control={control}
          name={name('state')}
          label={ca ? t('business.province') : t('business.state')}
          options={opts.regions(ca ? 'CA' : 'US')}
          autoComplete={own('address-level1')}
        />
        <FormField
          control={control}
          name={name('zip')}
          label={ca ? t('business.postal') : t('business.zip')}
          maxLength={ca ? 7 : 5}
          autoComplete={own('postal-code')}
        />
        {at('ownerEmailId', t('owners.email'), { type: 'email', autoComplete: own('email') })}
        <FormField
          control={control}
          name={name('dateOfBirth')}
          label={t('owners.dateOfBirth')}
          // The date on file comes masked (no date input can show it): as text until it is typed over.
          type={dobMasked ? 'text' : 'date'}
          hint={keptNote('dateOfBirth', dobMasked)}
          max="9999-12-31"
          autoComplete={own('bday')}
          mask={(typed) => typedOverMask(getValues(name('dateOfBirth')), typed).slice(0, 10)}
        />
        <FormField
          control={control}
          name={name('phoneNumber')}
          label={t('owners.phone')}
          type="tel"
          autoComplete={own('tel')}
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
          hint={keptNote('ssn', ssnMasked)}
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
