import type { ByLanguage } from './language-table';
import { optionKey } from './option-key';
import { PICK_LIST_LABELS_ES } from './pick-lists-es';
import { PICK_LIST_LABELS_FR, type PickList } from './pick-lists-fr';
import type { ApplicantLanguage } from './languages';

type Labels = Readonly<Record<PickList, Readonly<Record<string, string>>>>;

/** Each language's pick-list labels by list and option key; null where the values (English) are the labels. */
const PICK_LIST_LABELS: ByLanguage<Labels | null> = {
  en: null,
  'fr-CA': PICK_LIST_LABELS_FR,
  'es-US': PICK_LIST_LABELS_ES,
};

/** A pick-list value's label in `language`; the value itself in English, or when the list has no such value. */
export function pickListLabel(list: PickList, value: string, language: ApplicantLanguage): string {
  const labels = PICK_LIST_LABELS[language];
  return labels?.[list][optionKey(value)] ?? value;
}
