import { useCallback } from 'react';
import { useTranslation } from './translation';
import type { TFunction } from './i18n';
import { messageKey } from './messages';

/**
 * A message code (a libs rule's, or the api's data.messageCode) in the applicant's language; a text that
 * is not a code (the api's English where it had no code, a network error) is shown as it came.
 */
export function translateMessage(t: TFunction, code: string): string {
  const found = messageKey(code);
  if (!found) return code;
  if (!found.key) return found.english;
  // The English words are the libs text: the first visit's catalogue (en-first.ts) leaves them out.
  const translate = t as (key: string, values: Record<string, string>) => string;
  return translate(found.key, { ...found.values, defaultValue: found.english });
}

export function useMessage(): (code: string | undefined) => string {
  const { t } = useTranslation();
  return useCallback((code) => (code ? translateMessage(t, code) : ''), [t]);
}
