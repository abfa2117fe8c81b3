import { cloneElement, Fragment, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { currentLanguage, interpolate, onLanguageChange, translator, type TFunction } from './i18n';

/** The words in the applicant's language, `t`, and the language; a language switch re-renders. */
export function useTranslation(): { t: TFunction; i18n: { language: string; resolvedLanguage: string } } {
  const language = useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);
  return useMemo(() => ({ t: translator(language), i18n: { language, resolvedLanguage: language } }), [language]);
}

type TransProps = {
  i18nKey: string;
  values?: Record<string, unknown>;
  /** Each `<tag>words</tag>` of the text is shown as this element with the words inside. */
  components?: Record<string, ReactElement>;
};

/**
 * A text with elements in it ('We sent a code to <strong>{{destination}}</strong>.'). The tags are read
 * from the catalogue's text before the values go in, so a value is always text, never markup.
 */
export function Trans({ i18nKey, values = {}, components = {} }: TransProps) {
  const { t } = useTranslation();
  const text = t(i18nKey); // its {{values}} still in: no value is given yet
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(/<(\w+)>(.*?)<\/\1>/g)) {
    parts.push(interpolate(text.slice(last, m.index), values));
    const inner = interpolate(m[2]!, values);
    const element = components[m[1]!];
    parts.push(element ? cloneElement(element, { key: parts.length }, inner) : inner);
    last = m.index + m[0].length;
  }
  parts.push(interpolate(text.slice(last), values));
  return <Fragment>{parts}</Fragment>;
}
