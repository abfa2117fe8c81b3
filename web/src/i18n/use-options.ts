import { useTranslation } from './translation';
import { CA_PROVINCES, COUNTRIES, US_STATES } from '@portal/libs';
import { optionKey, type OptionList } from './options';

/** Pick-list labels in the applicant's language; the values stay the libs ones. */
export function useOptions() {
  const { t } = useTranslation();
  const label = (list: OptionList, value: string): string =>
    (t as (key: string, o: object) => string)(`options.${list}.${optionKey(value)}`, { defaultValue: value });
  return {
    label,
    of: (list: OptionList, values: readonly string[]) => values.map((value) => ({ value, label: label(list, value) })),
    countries: () => Object.entries(COUNTRIES).map(([value, name]) => ({ value, label: label('countries', name) })),
    regions: (country: string) =>
      country === 'CA'
        ? Object.entries(CA_PROVINCES).map(([value, name]) => ({ value, label: label('provinces', name) }))
        : Object.entries(US_STATES).map(([value, name]) => ({ value, label: label('states', name) })),
    yesNo: (value: string) => label('yesNo', value),
  };
}
