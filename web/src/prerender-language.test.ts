/**
 * index.html picks the prerendered page's language before the app's code runs (prerender.tsx PICK_LANGUAGE):
 * it must pick what the app will (i18n.ts detectLanguage), or the page would change language as it hydrates.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, LANGUAGE_STORAGE_KEY } from './i18n/i18n';
import { PICK_LANGUAGE } from './prerender';

// The script's function, as index.html runs it.
const pick = new Function(`return (${PICK_LANGUAGE})`)() as (key: string) => string;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('index.html’s choice of language', () => {
  it.each([['es-US'], ['es-MX'], ['es'], ['fr-CA'], ['fr-FR'], ['en-US'], ['de-DE'], ['']])(
    'is the app’s for a browser set to %j',
    (tag) => {
      vi.stubGlobal('navigator', { ...navigator, languages: tag ? [tag] : [], language: tag });
      expect(pick(LANGUAGE_STORAGE_KEY)).toBe(detectLanguage());
    },
  );

  it('takes the stored choice first, as the app does', () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['fr-CA'], language: 'fr-CA' });
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es-US');
    expect(pick(LANGUAGE_STORAGE_KEY)).toBe('es-US');
    expect(detectLanguage()).toBe('es-US');
  });
});
