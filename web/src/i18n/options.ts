import {
  CA_PROVINCES,
  COUNTRIES,
  INDUSTRIES,
  LEGAL_ENTITIES,
  PRODUCTS,
  US_STATES,
  USE_OF_PROCEEDS,
  YES_NO,
} from '@portal/libs';

/**
 * The pick-lists the forms offer. What is sent stays the libs value (the api and the CRM take those);
 * only the label is translated, under `options.<list>.<key>`, the key made from the English value.
 */
export const optionKey = (value: string): string =>
  value
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join('');

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
