import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_CODES, COMMON_CODES, FILE_CODES } from '@portal/libs';
import { formatterFor } from './format';
import { esUS } from './es-us';
import { frCA } from './fr-ca';
import { addWords, detectLanguage, LANGUAGE_STORAGE_KEY, languageName, toLanguage, translator } from './i18n';
import { messageKey } from './messages';
import { translateMessage } from './use-message';

const detected = async () => detectLanguage();

describe('the language', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is French first for a browser set to fr-CA (or any French), Spanish for any Spanish, else English', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['fr-CA', 'en'], language: 'fr-CA' });
    expect(await detected()).toBe('fr-CA');
    vi.stubGlobal('navigator', { ...navigator, languages: ['fr-FR'], language: 'fr-FR' });
    expect(await detected()).toBe('fr-CA');
    vi.stubGlobal('navigator', { ...navigator, languages: ['es-US', 'en-US'], language: 'es-US' });
    expect(await detected()).toBe('es-US');
    vi.stubGlobal('navigator', { ...navigator, languages: ['es-MX', 'en-US'], language: 'es-MX' });
    expect(await detected()).toBe('es-US');
    vi.stubGlobal('navigator', { ...navigator, languages: ['de-DE', 'es-US'], language: 'de-DE' });
    expect(await detected()).toBe('en');
  });

  it('reads a tag as one of the app’s languages: itself, else its language’s, else English', () => {
    expect(toLanguage('es-US')).toBe('es-US');
    expect(toLanguage('ES-us')).toBe('es-US');
    expect(toLanguage('es')).toBe('es-US');
    expect(toLanguage('fr')).toBe('fr-CA');
    expect(toLanguage('en-GB')).toBe('en');
    expect(toLanguage('pt-BR')).toBe('en');
    expect(toLanguage('')).toBe('en');
    expect(toLanguage(undefined)).toBe('en');
  });

  it('names each language in itself, for the switch', () => {
    expect([languageName('en'), languageName('fr-CA'), languageName('es-US')]).toEqual([
      'English',
      'Français',
      'Español',
    ]);
  });

  it('is the applicant’s remembered choice over the browser’s', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['fr-CA'], language: 'fr-CA' });
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(await detected()).toBe('en');
  });
});

describe('libs and api messages', () => {
  it('are found by their code, numbers carried over, never by their English text', () => {
    expect(messageKey(COMMON_CODES.emailRequiredReset)?.key).toBe('messages.common.emailRequiredReset');
    expect(messageKey(COMMON_CODES.maxLength(40))).toEqual({
      key: 'messages.common.maxLength',
      values: { a: '40' },
      english: 'Must be 40 characters or less',
    });
    expect(messageKey(FILE_CODES.missingDocuments(1, 4))?.values).toEqual({ a: '1', b: '4' });
    expect(messageKey('Email is requiured')).toBeUndefined();
    expect(messageKey('Network Error')).toBeUndefined();
  });

  it('read in French, in English as the api words its own, or as they came when not a code', async () => {
    addWords('fr-CA', frCA);
    expect(translateMessage(translator('fr-CA'), FILE_CODES.missingDocuments(1, 4))).toBe(
      'Il semble que vous n’ayez téléversé que 1 des 4 relevés bancaires requis. Voulez-vous vraiment poursuivre?',
    );
    expect(translateMessage(translator('fr-CA'), API_CODES.businessNotFound)).toBe('Business not found');
    expect(translateMessage(translator('fr-CA'), 'Network Error')).toBe('Network Error');
    expect(translateMessage(translator('en'), COMMON_CODES.emailRequiredReset)).toBe('Email is requiured');
  });

  it('read in Spanish, the spec’s words translated, numbers carried over', () => {
    addWords('es-US', esUS);
    const es = translator('es-US');
    expect(translateMessage(es, FILE_CODES.missingDocuments(1, 4))).toBe(
      'Parece que solo subió 1 de los 4 estados de cuenta bancarios requeridos. ¿Seguro que desea seguir?',
    );
    expect(translateMessage(es, COMMON_CODES.maxLength(40))).toBe('Debe tener 40 caracteres o menos');
    expect(translateMessage(es, COMMON_CODES.emailRequiredReset)).toBe('El correo electrónico es obligatorio');
    expect(translateMessage(es, API_CODES.businessNotFound)).toBe('Business not found');
  });
});

describe('formats', () => {
  addWords('fr-CA', frCA);
  addWords('es-US', esUS);
  const en = formatterFor('en');
  const fr = formatterFor('fr-CA');
  const es = formatterFor('es-US');
  it('write amounts, percentages, months, periods and phones per language', () => {
    expect(en.money('219600')).toBe('$219,600.00');
    expect(fr.money('219600')).toBe('219\u00a0600,00\u00a0$');
    expect(en.percent('2.5')).toBe('2.5%');
    expect(fr.percent('2.5')).toBe('2,5\u00a0%');
    expect(en.month('October 2026')).toBe('October 2026');
    expect(fr.month('October 2026')).toBe('octobre 2026');
    expect(fr.period('2026-08-01', '2026-08-31')).toMatch(/^1(er)?.*31 août 2026$/);
    expect(en.phone('(888) 555-0142')).toBe('(888) 555-0142');
    expect(fr.phone('(888) 555-0142')).toBe('888 555-0142');
  });

  it('write US Spanish the US way for numbers and Spanish for words: $1,234.56, 29 de noviembre de 2026', () => {
    expect(es.money('1234.56')).toBe('$1,234.56');
    expect(es.money('219600')).toBe('$219,600.00');
    expect(es.percent('2.5')).toBe('2.5%');
    expect(es.integer(1234567)).toBe('1,234,567');
    expect(es.month('October 2026')).toBe('octubre de 2026');
    expect(es.date('2026-11-29')).toBe('29 de noviembre de 2026');
    expect(es.period('2026-08-01', '2026-08-31')).toBe('1–31 de agosto de 2026');
    expect(es.phone('+1 888 555 0142')).toBe('(888) 555-0142');
    expect(es.fileSize(512)).toBe('512 B');
    expect(es.fileSize(1536)).toBe('1.5 kB');
  });

  it('write a file size in bytes under 1 kB, with one decimal under 10 kB', () => {
    expect(en.fileSize(512)).toBe('512 B');
    expect(fr.fileSize(512)).toBe('512\u00a0o');
    expect(en.fileSize(0)).toBe('0 B');
    expect(en.fileSize(1536)).toBe('1.5 kB');
    expect(fr.fileSize(1536)).toBe('1,5\u00a0ko');
    expect(en.fileSize(20480)).toBe('20 kB');
    expect(fr.fileSize(20480)).toBe('20\u00a0ko');
    expect(en.fileSize(5 * 1024 * 1024)).toBe('5,120 kB');
  });
});
