import { APPLICANT_LANGUAGES } from '@portal/libs';
import { enFirst } from './en-first';
import type { Catalogue } from './en';

/** The app's languages: the account's (libs), each with its catalogue here. English is the source. */
export const LANGUAGES = APPLICANT_LANGUAGES;
export type Language = (typeof LANGUAGES)[number];
/** The applicant's own choice, kept in localStorage; without one the browser's languages decide. */
export const LANGUAGE_STORAGE_KEY = 'language';

const primary = (tag: string) => tag.toLowerCase().split('-')[0] ?? '';
/**
 * A language tag as one of the app's languages: the same tag, else the one of the same language (any
 * French, fr-FR or fr, is Canadian French; any Spanish, es-MX or es, US Spanish), else English.
 * prerender.tsx's PICK_LANGUAGE is the same rule for index.html.
 */
export function toLanguage(tag: string | undefined | null): Language {
  const t = (tag ?? '').toLowerCase();
  if (!t) return 'en';
  return LANGUAGES.find((l) => l.toLowerCase() === t) ?? LANGUAGES.find((l) => primary(l) === primary(t)) ?? 'en';
}

/** A language's own name, in itself ('English', 'Français', 'Español'), for the switch: no catalogue needed. */
export function languageName(lng: Language): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([lng], { type: 'language' }).of(primary(lng));
  } catch {
    // an engine without DisplayNames: the tag
  }
  const text = name ?? lng;
  return text.charAt(0).toLocaleUpperCase(lng) + text.slice(1);
}

/**
 * The app's own small translation layer (it replaced i18next and react-i18next, 24 KiB of the first
 * visit, of which the app used this much): nested keys, `{{value}}` interpolation (no escaping: React
 * escapes), plurals by `count` with the language's own rules (`_one`, `_other`; French says 'one' for 0
 * and 1), a `defaultValue`, English as the fallback language, and `<tag>` components (translation.tsx).
 */
type Tree = { [key: string]: string | Tree };
export type TOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

/**
 * The first visit's English words (en-first.ts) are in its code; the rest of the English catalogue comes
 * with the first other page (loadAllWords). Every other language is its own chunk, whole, loaded when it
 * is chosen or detected (loadLanguage), so an English visit never downloads one. A new language is its
 * catalogue and its line here (the compiler asks for it once its tag is in LANGUAGES).
 */
export const RESOURCES = { en: enFirst } as const;
const catalogues: Partial<Record<Language, Tree>> = {};
const TRANSLATIONS: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  'fr-CA': () => import('./fr-ca').then((m) => m.frCA),
  'es-US': () => import('./es-us').then((m) => m.esUS),
};
const loadEnglishLater = () => import('./en').then((m) => m.enLater);

/** Adds words to a language's catalogue, deep (a later part of the catalogue beside the first). */
export function addWords(lng: Language, words: object) {
  const merge = (into: Tree, from: Tree) => {
    for (const [k, v] of Object.entries(from)) {
      const there = into[k];
      if (typeof v === 'object' && typeof there === 'object') merge(there, v);
      else into[k] = typeof v === 'object' ? merge({}, v) : v;
    }
    return into;
  };
  catalogues[lng] = merge(catalogues[lng] ?? {}, words as Tree);
}
export const hasWords = (lng: Language) => catalogues[lng] !== undefined;
addWords('en', RESOURCES.en);

const lookup = (lng: Language, key: string): string | undefined => {
  let at: string | Tree | undefined = catalogues[lng];
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  return typeof at === 'string' ? at : undefined;
};
const pluralRules = new Map<Language, Intl.PluralRules>();
const pluralOf = (lng: Language, count: number) => {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules.select(count);
};

/** The words of `key` in `lng` (else English, else the default value, else the key), values put in. */
export function translate(lng: Language, key: string, options: TOptions = {}): string {
  const find = (l: Language) => {
    if (typeof options.count === 'number')
      return lookup(l, `${key}_${pluralOf(l, options.count)}`) ?? lookup(l, `${key}_other`) ?? lookup(l, key);
    return lookup(l, key);
  };
  const text = find(lng) ?? (lng === 'en' ? undefined : find('en')) ?? options.defaultValue ?? key;
  return interpolate(text, options);
}

export const interpolate = (text: string, values: Record<string, unknown>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** A `t` for one language (React components take theirs from useTranslation). */
export const translator =
  (lng: Language): TFunction =>
  (key, options) =>
    translate(lng, key, options);

let language: Language = 'en';
const listeners = new Set<() => void>();
/** For useTranslation: re-render when the language changes. */
export const onLanguageChange = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
export const currentLanguage = (): Language => language;

function setLanguage(lng: Language) {
  language = lng;
  // The page's lang attribute follows the language, for screen readers and hyphenation.
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  for (const listener of listeners) listener();
}

/** The stored choice first, then the browser's languages (the first one decides), else English. */
export function detectLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored) return toLanguage(stored);
  } catch {
    // no storage (private mode): the browser decides
  }
  if (typeof navigator === 'undefined') return 'en';
  return toLanguage(navigator.languages?.[0] ?? navigator.language);
}

/** Sets the language: `lng` fixes it (tests), else it is detected (a browser set to es-US gets Spanish first). */
export function setUpI18n(lng?: Language) {
  setLanguage(lng ?? detectLanguage());
}

let allWordsWanted = false;
let englishLater: Promise<void> | undefined;

/** Puts `lng`'s words in place: a translation whole; English's rest once a page past the first visit wants it. */
async function ensureWords(lng: Language): Promise<void> {
  if (lng === 'en') {
    if (allWordsWanted) await (englishLater ??= loadEnglishLater().then((later) => addWords('en', later)));
  } else if (!hasWords(lng)) addWords(lng, await TRANSLATIONS[lng]());
}

/** Makes `lng` the language, loading its catalogue first when it is not in the bundle yet. */
export async function loadLanguage(lng: Language): Promise<void> {
  await ensureWords(lng);
  setLanguage(lng);
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
