import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import type { DraftView } from '@portal/libs';
import { request } from './http';

/**
 * Drafts: what was typed on a journey page and not saved yet, kept by the api under the application and
 * the page, never in this browser's storage (a shared computer would keep names, addresses and scores for
 * whoever comes next). The api checks the application is the signed-in user's, seals the draft at rest and
 * answers SSN/SIN, tax id and date of birth masked; a masked value sent back untouched keeps the one it holds.
 */
export type DraftKey = { applicationId: string; step: string };

/** Typing is saved once it pauses this long: a keystroke is never a request. */
export const DRAFT_SAVE_DELAY_MS = 800;

const draftPath = ({ applicationId, step }: DraftKey) => `/draft/${encodeURIComponent(applicationId)}/${step}`;

// Quiet: a draft is kept in the background, and a session lost meanwhile is for the applicant's next
// action to tell (the login page), not for a save they did not ask for.
export const draftsApi = {
  // Once: the page shows without its draft rather than wait through the retries of a busy moment.
  read: (key: DraftKey) => request<DraftView>('GET', draftPath(key), undefined, true, { once: true }),
  save: (key: DraftKey, fields: Record<string, unknown>) => request<void>('PUT', draftPath(key), { fields }, true),
  remove: (key: DraftKey) => request<void>('DELETE', draftPath(key), undefined, true),
};

/**
 * The page's draft fields ({} when there is none, or no application, or it could not be read: a draft is
 * a convenience, never a reason for the page not to show). Read afresh each time the page shows (another
 * device may have typed since), and gone from memory once no page shows it.
 */
export const draftQueryOptions = (key: DraftKey | undefined) =>
  queryOptions({
    queryKey: ['draft', key?.applicationId ?? '', key?.step ?? ''],
    queryFn: async (): Promise<Record<string, unknown>> => {
      if (!key) return {};
      const view = await draftsApi.read(key).catch(() => undefined);
      return view?.fields && typeof view.fields === 'object' ? view.fields : {};
    },
    staleTime: 0,
    gcTime: 0,
  });

/** The page's mutation scope: its draft saves and removals go one after the other, in the order they were asked. */
const draftScope = (key: DraftKey | undefined) => `draft:${key?.applicationId ?? ''}:${key?.step ?? ''}`;

/**
 * Saves (or, with no fields left, removes) the page's draft. One scope per page: saves go one after the
 * other, so an older one never lands after a newer one. The step's save drops the draft on the api, and
 * is sent only once none of these is on its way (draftSavesSettled).
 */
export function useDraftMutation(key: DraftKey | undefined) {
  return useMutation({
    scope: { id: draftScope(key) },
    mutationFn: async (fields: Record<string, unknown> | null) => {
      if (!key) return;
      await (fields && Object.keys(fields).length ? draftsApi.save(key, fields) : draftsApi.remove(key));
    },
  });
}

/**
 * Resolves once no draft save or removal of the page is on its way or waiting its turn in the page's scope
 * (from this page or an earlier visit to it), whatever they answered: a draft save sent in a page's
 * last moment still lands before the step's save, never after the api dropped the draft with it.
 */
export function draftSavesSettled(queryClient: QueryClient, key: DraftKey): Promise<void> {
  const cache = queryClient.getMutationCache();
  const scope = draftScope(key);
  const busy = () =>
    cache.findAll({ predicate: (m) => m.options.scope?.id === scope && m.state.status === 'pending' }).length > 0;
  if (!busy()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = cache.subscribe(() => {
      if (busy()) return;
      unsubscribe();
      resolve();
    });
  });
}
