import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { matchMessage } from './messages';

/** A libs or api message in the applicant's language; a text we do not know is shown as it came. */
export function translateMessage(t: TFunction, text: string): string {
  const found = matchMessage(text);
  return found ? (t as (key: string, values: Record<string, string>) => string)(found.key, found.values) : text;
}

export function useMessage(): (text: string | undefined) => string {
  const { t } = useTranslation();
  return useCallback((text) => (text ? translateMessage(t, text) : ''), [t]);
}
