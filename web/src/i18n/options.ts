import {
  CA_PROVINCES,
  COUNTRIES,
  INDUSTRIES,
  LEGAL_ENTITIES,
  PRODUCTS,
  US_STATES,
  USE_OF_PROCEEDS,
  YES_NO,
  optionKey,
} from '@portal/libs';

/**
 * The pick-lists the forms offer. What is sent stays the libs value (the api and the CRM take those);
 * only the label is translated, under `options.<list>.<key>`, the key made from the English value
 * (`optionKey`, in libs beside the French labels it keys).
 */
export { optionKey };

export const OPTION_LISTS = {
  useOfProceeds: USE_OF_PROCEEDS,
  legalEntities: LEGAL_ENTITIES,
  products: PRODUCTS,
  yesNo: YES_NO,
  countries: Object.values(COUNTRIES),
  provinces: Object.values(CA_PROVINCES),
  states: Object.values(US_STATES),
  industries: INDUSTRIES.map((i) => i.name),
} as const;

export type OptionList = keyof typeof OPTION_LISTS;
export type OptionCatalogue = Record<OptionList, Record<string, string>>;

export function englishOptions(): OptionCatalogue {
  return Object.fromEntries(
    Object.entries(OPTION_LISTS).map(([list, values]) => [
      list,
      Object.fromEntries((values as readonly string[]).map((v) => [optionKey(v), v])),
    ]),
  ) as OptionCatalogue;
}
