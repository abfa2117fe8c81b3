import { useCallback } from 'react';
import { useTranslation } from './translation';
import type { TFunction } from './i18n';
import { matchMessage } from './messages';

/** A libs or api message in the applicant's language; a text we do not know is shown as it came. */
export function translateMessage(t: TFunction, text: string): string {
  const found = matchMessage(text);
  if (!found) return text;
  // The English words are the text itself: the first visit's catalogue (en-first.ts) leaves them out.
  const translate = t as (key: string, values: Record<string, string>) => string;
  return translate(found.key, { ...found.values, defaultValue: text });
}

export function useMessage(): (text: string | undefined) => string {
  const { t } = useTranslation();
  return useCallback((text) => (text ? translateMessage(t, text) : ''), [t]);
}
