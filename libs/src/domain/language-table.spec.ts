import { describe, expect, it } from 'vitest';
import { APPLICANT_LANGUAGES } from './languages';
import { LANGUAGE_WRITING, dateIn, languageOf, moneyIn } from './language-table';
import { formatPercent } from './offers';
import { INDUSTRIES } from './industries';
import { optionKey } from './option-key';
import { CA_PROVINCES, COUNTRIES, US_STATES } from './regions';
import { LEGAL_ENTITIES, PRODUCTS, USE_OF_PROCEEDS, YES_NO } from './pick-lists';
import { pickListLabel } from './pick-list-labels';
import { PICK_LIST_LABELS_ES } from './pick-lists-es';
import type { PickList } from './pick-lists-fr';

describe('the account’s language', () => {
  it('is one the portal speaks, English when none or another is kept', () => {
    expect(APPLICANT_LANGUAGES).toEqual(['en', 'fr-CA', 'es-US']);
    expect(languageOf('es-US')).toBe('es-US');
    expect(languageOf('fr-CA')).toBe('fr-CA');
    for (const v of [undefined, null, '', 'es', 'ES-us', 'de', { $ne: 1 }]) expect(languageOf(v)).toBe('en');
  });
});

describe('amounts, rates and dates the US Spanish way (Intl es-US)', () => {
  it('writes dollars with a point before the cents and commas between thousands', () => {
    expect(moneyIn(219600, 'es-US')).toBe('$219,600.00');
    expect(moneyIn('1234.5', 'es-US')).toBe('$1,234.50');
    expect(moneyIn(undefined, 'es-US')).toBe('$0.00');
    expect(moneyIn(219600, 'en')).toBe('$219,600.00');
    // French: a plain no-break space where Intl sets a narrow one (mail clients, the PDF's fonts).
    expect(moneyIn(219600, 'fr-CA')).toBe('219\u00a0600,00\u00a0$');
  });

  it('writes a rate with its decimal point and no space before the sign', () => {
    expect(formatPercent('1.50', 'es-US')).toBe('1.5%');
    expect(formatPercent(33.33, 'es-US')).toBe('33.33%');
  });

  it('writes a calendar date in words, never 15/3 or 3/15', () => {
    expect(dateIn('2024-03-15', 'es-US')).toBe('15 de marzo de 2024');
    expect(dateIn('1980-12-01', 'es-US')).toBe('1 de diciembre de 1980');
    // Not a date: as given.
    expect(dateIn('2024-02-30', 'es-US')).toBe('2024-02-30');
    expect(dateIn('soon', 'es-US')).toBe('soon');
    // English and Canadian French keep the form's date (Canada's numeric date).
    expect(dateIn('2024-03-15', 'en')).toBe('2024-03-15');
    expect(dateIn('2024-03-15', 'fr-CA')).toBe('2024-03-15');
  });

  it('has its writing rules for every language', () => {
    for (const l of APPLICANT_LANGUAGES) expect(LANGUAGE_WRITING[l]).toBeDefined();
  });
});

describe('pick-list labels in US Spanish', () => {
  const lists: Record<PickList, readonly string[]> = {
    useOfProceeds: USE_OF_PROCEEDS,
    legalEntities: LEGAL_ENTITIES,
    products: PRODUCTS,
    yesNo: YES_NO,
    countries: Object.values(COUNTRIES),
    provinces: Object.values(CA_PROVINCES),
    states: Object.values(US_STATES),
    industries: INDUSTRIES.map((i) => i.name),
  };

  it('labels every value of every list, and no value that is not one', () => {
    for (const [list, values] of Object.entries(lists) as [PickList, readonly string[]][])
      expect(Object.keys(PICK_LIST_LABELS_ES[list]).sort(), list).toEqual(values.map(optionKey).sort());
  });

  it('gives the label in the language, the value in English or when the list has no such value', () => {
    expect(pickListLabel('yesNo', 'Yes', 'es-US')).toBe('Sí');
    expect(pickListLabel('yesNo', 'Yes', 'fr-CA')).toBe('Oui');
    expect(pickListLabel('yesNo', 'Yes', 'en')).toBe('Yes');
    expect(pickListLabel('countries', 'Canada', 'es-US')).toBe('Canadá');
    expect(pickListLabel('industries', 'Made-up industry', 'es-US')).toBe('Made-up industry');
  });
});
