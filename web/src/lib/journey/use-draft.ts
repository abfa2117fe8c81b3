import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { isMasked } from '@portal/libs';
import { DRAFT_SAVE_DELAY_MS, draftQueryOptions, draftSavesSettled, useDraftMutation, type DraftKey } from '../drafts';
import { sessionDraftOwner, sessionQueryOptions } from '../session';

type Values = Record<string, unknown>;
const isRecord = (v: unknown): v is Values => v !== null && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A list item's fields, each empty: the shape of an item the saved answers do not have (a card added). */
const blankOf = (template: unknown): Values =>
  isRecord(template) ? Object.fromEntries(Object.keys(template).map((k) => [k, ''])) : {};

/**
 * The saved answers with the draft over them: the draft (newer, unsaved typing) wins for the fields it
 * holds (SSN/SIN, tax id and date of birth as the api's masks); a field it does not hold keeps the saved
 * one. Lists of cards merge card by card; only fields the form has are taken.
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
 * The draft's secret fields that came back masked and are not the saved answers' own masks, as form
 * paths ('owners.0.ssn'): the api keeps what was typed, and the page says why it shows only a mask.
 */
export function maskedFromDraft(draft: Values, saved: Values, path = ''): string[] {
  return Object.entries(draft).flatMap(([k, v]) => {
    const at = path ? `${path}.${k}` : k;
    const base = saved[k];
    if (isRecord(v)) return maskedFromDraft(v, isRecord(base) ? base : {}, at);
    if (Array.isArray(v))
      return v.flatMap((item, i) =>
        isRecord(item)
          ? maskedFromDraft(item, Array.isArray(base) && isRecord(base[i]) ? base[i] : {}, `${at}.${i}`)
          : [],
      );
    return isMasked(v) && v !== base ? [at] : [];
  });
}

/**
 * A journey form's draft, kept by the api (lib/drafts.ts; nothing typed is lost to a session that ends, a
 * reload or another device, and nothing stays in this browser). On its first render the page's draft is laid
 * over the saved answers (the form's default values stay the saved ones, so the fields it changed show as
 * changed); every change after that is saved, once typing pauses, as the fields that differ from the saved
 * answers. The step's save goes through `saving`: the api drops the draft when the save succeeds, so no
 * draft save may land after it (a stale draft would come back over the saved answers on the next visit).
 * `rebase` when the saved answers changed under the form (another window saved them): the newer ones are
 * what the draft is measured against from then on, and what was typed over the older ones is dropped with
 * the form's values (a removal the api is asked for). `masked`: the fields restored as a mask.
 */
export function useDraft<T extends FieldValues>(form: UseFormReturn<T>, step: string) {
  const { data: user } = useSuspenseQuery(sessionQueryOptions());
  const queryClient = useQueryClient();
  // Fixed for the form's life: a session lost meanwhile (user null) must not move the draft elsewhere.
  const [key] = useState<DraftKey | undefined>(() => {
    const owner = sessionDraftOwner(user);
    return owner && { ...owner, step };
  });
  const { data: draft } = useSuspenseQuery(draftQueryOptions(key));
  const { mutate } = useDraftMutation(key);
  const saved = useRef<Values>(undefined);
  const applied = useRef(false);
  const [masked, setMasked] = useState<string[]>([]);
  const [restored, setRestored] = useState<Values>();
  const quiet = useRef(false);
  const pending = useRef<{ fields: Values; timer: ReturnType<typeof setTimeout> }>(undefined);
  // While the step's save is on its way: typing waits in `pending`, sent only if the save fails.
  const holding = useRef(false);

  useLayoutEffect(() => {
    saved.current ??= form.getValues() as Values;
    // Once: a draft read again later (the query refetched) never overwrites what is being typed.
    if (applied.current || !Object.keys(draft).length) return;
    applied.current = true;
    const merged = mergeDraft(saved.current, draft) as T;
    form.reset(merged, { keepDefaultValues: true });
    setMasked(maskedFromDraft(draft, saved.current));
    setRestored(merged);
  }, [form, draft]);

  // Laid over again on the render after: a useWatch the page calls below its form hook subscribes after the
  // reset above, and would otherwise go on showing the saved value. Not a change to save.
  useEffect(() => {
    if (!restored) return;
    quiet.current = true;
    form.reset(restored as T, { keepDefaultValues: true });
    quiet.current = false;
  }, [form, restored]);

  /** Sends what typing left waiting, unless the step's save is on its way. */
  const flush = useCallback(() => {
    const due = pending.current;
    if (!due || holding.current) return;
    pending.current = undefined;
    clearTimeout(due.timer);
    mutate(due.fields);
  }, [mutate]);

  useEffect(() => {
    if (!key) return;
    const { unsubscribe } = form.watch((values) => {
      if (quiet.current) return;
      if (pending.current) clearTimeout(pending.current.timer);
      const fields = changedFields(values as Values, saved.current ?? {});
      pending.current = { fields, timer: setTimeout(flush, DRAFT_SAVE_DELAY_MS) };
    });
    // Leaving the page saves what is still waiting.
    return () => {
      unsubscribe();
      flush();
    };
  }, [form, key, flush]);

  /**
   * The step's save, with the draft settled first: the draft save typing left waiting is held back, and
   * the save is sent once the page's draft saves already sent or queued have landed. The api drops the
   * draft when the save succeeds, and what was held goes with it; a save that fails (the network, a
   * refusal) leaves the draft as it was, sends what was held and typing is drafted again.
   */
  async function saving<R>(save: () => Promise<R>): Promise<R> {
    holding.current = true;
    if (pending.current) clearTimeout(pending.current.timer);
    try {
      if (key) await draftSavesSettled(queryClient, key);
      const answer = await save();
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = undefined;
      return answer;
    } finally {
      holding.current = false;
      flush();
    }
  }

  return {
    masked,
    saving,
    rebase: (values: T) => {
      saved.current = values as Values;
      setMasked([]);
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = undefined;
      mutate(null);
    },
  };
}
