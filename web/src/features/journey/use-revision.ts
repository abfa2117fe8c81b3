import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef } from 'react';
import { revisionOf, type ApiError } from '@portal/libs';
import { HttpError } from '../../lib/http';

type Revised = { revision?: number };

/** A form's saved answers, by revision (libs domain/revisions.ts). */
export type RevisedAnswers<T, V extends Revised> = {
  /** The saved answers the form was made from: their revision goes with the first save. */
  loaded: V;
  /** Their cache entry, which takes the newer answers of a refused save. */
  queryKey: QueryKey;
  /** The form's values for answers as saved (the form's defaults are made the same way). */
  valuesOf: (saved: V) => T;
};

/** The answers as saved now that an ANSWERS_CHANGED refusal carries; undefined for any other failure. */
export function answersChangedIn<V>(e: unknown): V | undefined {
  if (!(e instanceof HttpError) || e.code !== 'ANSWERS_CHANGED') return undefined;
  const current = (e.body as Partial<ApiError> | undefined)?.data?.current;
  return current !== null && typeof current === 'object' ? (current as V) : undefined;
}

/**
 * The revision of the answers a form shows, sent with each of its saves: the api refuses a save made from
 * older answers than those on file (the same application open in another window, which saved since) with
 * the answers on file. `send(save)` gives the save the revision, and keeps the revision each save answers,
 * so the next save from this form (the journey refused to move on, the applicant saves again) carries it.
 * A refusal puts the newer answers in the cache and hands them to `onChanged`, which shows them in the form;
 * the refusal then goes on as the save's error, whose message says why the answers changed. What the
 * applicant had typed is replaced, not merged: they see what the other window saved and the message, and
 * a save from here after that is made from those answers and goes through.
 */
export function useRevision<T, V extends Revised>(
  revised: RevisedAnswers<T, V> | undefined,
  onChanged: (values: T) => void,
) {
  const queryClient = useQueryClient();
  const revision = useRef(revisionOf(revised?.loaded));
  return async function send<R>(save: (revision: number) => Promise<R>): Promise<R> {
    try {
      const saved = await save(revision.current);
      revision.current = revisionOf(saved as Revised);
      return saved;
    } catch (e) {
      const current = revised && answersChangedIn<V>(e);
      if (revised && current) {
        revision.current = revisionOf(current);
        queryClient.setQueryData(revised.queryKey, current);
        onChanged(revised.valuesOf(current));
      }
      throw e;
    }
  };
}
