import { useTranslation } from './translation';
import { toLanguage, type Language } from './i18n';

/** The language shown now (documents kept whole per language, such as the legal pages, choose by it). */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}
