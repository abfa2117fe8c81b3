import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { clearDraft, storeDraft, storedDraft, type DraftKey } from '../../lib/drafts';
import { sessionDraftOwner, sessionQueryOptions } from '../../lib/session';

type Values = Record<string, unknown>;
const isRecord = (v: unknown): v is Values => v !== null && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A list item's fields, each empty: the shape of an item the saved answers do not have (a card added). */
const blankOf = (template: unknown): Values =>
  isRecord(template) ? Object.fromEntries(Object.keys(template).map((k) => [k, ''])) : {};

/**
 * The saved answers with the draft over them: the draft (newer, unsaved typing) wins for the fields it
 * holds; a field it does not hold (SSN/SIN, tax id, date of birth: never in a draft) keeps the saved one.
 * Lists of cards merge card by card; only fields the form has are taken.
 */
export function mergeDraft<T extends Values>(saved: T, draft: Values): T {
  const merged: Values = { ...saved };
  for (const [k, v] of Object.entries(draft)) {
    if (!(k in saved)) continue;
    const base = saved[k];
    if (Array.isArray(v) && Array.isArray(base))
      merged[k] = v.map((item, i) =>
        isRecord(item) ? { ...blankOf(base[0]), ...(isRecord(base[i]) ? base[i] : {}), ...item } : item,
      );
    else if (isRecord(v) && isRecord(base)) merged[k] = { ...base, ...v };
    else merged[k] = v;
  }
  return merged as T;
}

/** The fields whose value is not the saved one: what the draft keeps. */
export const changedFields = (values: Values, saved: Values): Values =>
  Object.fromEntries(Object.entries(values).filter(([k, v]) => !same(v, saved[k])));

/**
 * A journey form's draft (nothing typed is lost to a session that ends or a reload): on its first render the draft of this user, this
 * application and this step is laid over the saved answers (the form's default values stay the saved ones,
 * so the fields it changed show as changed); every change after that keeps the fields that differ from the
 * saved answers (lib/storage.ts leaves PII out). `clear` drops it once the step is saved; `rebase` when the
 * saved answers changed under the form (another window saved them): the newer ones are what the draft is
 * measured against from then on, and what was typed over the older ones is dropped with the form's values.
 */
export function useDraft<T extends FieldValues>(form: UseFormReturn<T>, step: string) {
  const { data: user } = useSuspenseQuery(sessionQueryOptions());
  // Fixed for the form's life: a session lost meanwhile (user null) must not move the draft elsewhere.
  const [key] = useState<DraftKey | undefined>(() => {
    const owner = sessionDraftOwner(user);
    return owner && { ...owner, step };
  });
  const saved = useRef<Values>(undefined);

  useLayoutEffect(() => {
    saved.current ??= form.getValues() as Values;
    const draft = key && storedDraft(key);
    if (draft) form.reset(mergeDraft(saved.current, draft) as T, { keepDefaultValues: true });
  }, [form, key]);

  useEffect(() => {
    if (!key) return;
    const { unsubscribe } = form.watch((values) =>
      storeDraft(key, changedFields(values as Values, saved.current ?? {})),
    );
    return unsubscribe;
  }, [form, key]);

  return {
    clear: () => key && clearDraft(key),
    rebase: (values: T) => {
      saved.current = values as Values;
      if (key) clearDraft(key);
    },
  };
}
