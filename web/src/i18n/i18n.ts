import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { en } from './en';
import { enFirst } from './en-first';

export const LANGUAGES = ['en', 'fr-CA'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The applicant's own choice, kept in localStorage; without one the browser's languages decide. */
export const LANGUAGE_STORAGE_KEY = 'language';

/** Any French (fr, fr-CA, fr-FR) is Canadian French here; anything else is English. */
export const toLanguage = (tag: string | undefined | null): Language =>
  tag?.toLowerCase().startsWith('fr') ? 'fr-CA' : 'en';

/**
 * The first visit's English words (en-first.ts) are in its code; the rest of the English catalogue comes
 * with the first other page (loadAllWords). French is its own chunk, whole, loaded when it is chosen or
 * detected (loadLanguage), so an English visit never downloads it.
 */
export const RESOURCES = { en: { translation: enFirst } } as const;
const loadFrench = () => import('./fr-ca').then((m) => m.frCA);
const loadEnglishLater = () => import('./en').then((m) => m.enLater);

/** The i18next options: the stored choice first, then the browser's languages, else English. */
export const i18nOptions = (lng?: Language, resources: InitOptions['resources'] = RESOURCES): InitOptions => ({
  resources,
  lng,
  supportedLngs: [...LANGUAGES],
  fallbackLng: 'en',
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false },
  detection: {
    order: ['localStorage', 'navigator'],
    lookupLocalStorage: LANGUAGE_STORAGE_KEY,
    // Only an explicit choice is remembered (chooseLanguage); a detected one follows the browser.
    caches: [],
    convertDetectedLanguage: toLanguage,
  },
});

/**
 * The one i18next instance (a browser set to fr-CA gets French first); `lng` fixes the language (tests).
 * The page's lang attribute follows the language, for screen readers and hyphenation.
 */
export function setUpI18n(lng?: Language): I18n {
  if (!lng) i18next.use(LanguageDetector);
  void i18next.use(initReactI18next).init(i18nOptions(lng));
  const mark = (l: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = toLanguage(l);
  };
  mark(i18next.language);
  i18next.on('languageChanged', mark);
  return i18next;
}

export const currentLanguage = (): Language => toLanguage(i18next.language);

let allWordsWanted = false;
let englishLater: Promise<void> | undefined;

/** Puts `lng`'s words in place: French whole; English's rest once a page past the first visit wants it. */
async function ensureWords(lng: Language): Promise<void> {
  if (lng === 'fr-CA' && !i18next.hasResourceBundle('fr-CA', 'translation'))
    i18next.addResourceBundle('fr-CA', 'translation', await loadFrench());
  if (lng === 'en' && allWordsWanted)
    await (englishLater ??= loadEnglishLater().then((later) => {
      i18next.addResourceBundle('en', 'translation', later, true, false);
    }));
}

/** Makes `lng` the language, loading its catalogue first when it is not in the bundle yet. */
export async function loadLanguage(lng: Language): Promise<void> {
  await ensureWords(lng);
  await i18next.changeLanguage(lng);
}

/**
 * Every page but /sign-up (and the shell) needs the whole catalogue: the router loads it with the page's
 * chunk, in parallel, before the page renders. From then on a language switch loads the whole language.
 */
export async function loadAllWords(): Promise<void> {
  allWordsWanted = true;
  await ensureWords(currentLanguage());
}

/** The language switch: shown at once, and remembered for the next visit. */
export function chooseLanguage(lng: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // private mode: the choice lasts for this page only
  }
  void loadLanguage(lng);
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
