import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { DbUser } from '@portal/libs';
import { accountApi } from './account-api';
import type { DraftKey } from './drafts';

export type Application = DbUser['applications'][number];

/** The signed-in user (null when signed out), shared by the shell and the guards. */
export const sessionQueryOptions = () =>
  queryOptions({ queryKey: ['session'], queryFn: () => accountApi.currentUser(), staleTime: 30_000 });

// Sign-up makes exactly one application per user; a session without one is a broken record, not a state.
export const NO_APPLICATION = 'Your application could not be found';

/** The one place that knows the user's application is the first of the list. */
const firstApplication = (user: DbUser | null | undefined): Application | undefined => user?.applications[0];

export function applicationOf(user: DbUser | null | undefined): Application {
  const app = firstApplication(user);
  if (!app) throw new Error(NO_APPLICATION);
  return app;
}

export { resumePath } from './resume';

/** The session's cache entry, read as the application. */
export const applicationQueryOptions = () => queryOptions({ ...sessionQueryOptions(), select: applicationOf });

/** For loaders: the application, fetched if it is not in the cache yet. */
export const ensureApplication = async (queryClient: QueryClient) =>
  applicationOf(await queryClient.ensureQueryData(applicationQueryOptions()));

/** For pages below a loader that ensured it. */
export const useApplication = () => useSuspenseQuery(applicationQueryOptions()).data;

/**
 * A write's answer said what changed of the application (the statements' and the final submission answer
 * with the saved stage): the session's cache entry takes it, so the guards see it without reading the
 * session again. Nothing cached (a session lost meanwhile): read afresh, as before.
 */
export async function keepApplication(
  queryClient: QueryClient,
  applicationId: string,
  changed: Partial<Omit<Application, '_id'>>,
) {
  const user = queryClient.getQueryData(sessionQueryOptions().queryKey);
  if (!user) return refreshSession(queryClient);
  const next: DbUser = {
    ...user,
    applications: user.applications.map((a) => (a._id === applicationId ? { ...a, ...changed } : a)),
  };
  return queryClient.setQueryData(sessionQueryOptions().queryKey, next);
}

/** The saved stage as the session carries it, from a write's answer (which may hold more of the record). */
export const sessionStage = ({ pageName, pageStep, path }: { pageName: string; pageStep: number; path: string }) => ({
  pageName,
  pageStep,
  path,
});

/** Reads the session afresh so the guards see it before the next navigation. */
export const refreshSession = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });

/**
 * A sign-in answered (login, sign-up's code): its answer carries the session's user, as GET /auth/user
 * answers them, so the session's cache entry takes it and the guards see it without a read. An answer
 * without them (an api from before they came with it): the session is read afresh, as it was then.
 */
export async function startSession(queryClient: QueryClient, user: DbUser | undefined) {
  if (!user) return refreshSession(queryClient);
  queryClient.setQueryData(sessionQueryOptions().queryKey, user);
  return user;
}

/** Whose drafts a journey form keeps: the signed-in user's application's (none signed out). */
export const sessionDraftOwner = (user: DbUser | null | undefined): Omit<DraftKey, 'step'> | undefined => {
  const app = firstApplication(user);
  return user && app ? { applicationId: app._id } : undefined;
};

/**
 * A path to return to after sign-in: a path of this origin only (never another site: '//host',
 * '/\\host', a full URL), with its query; anything else is no path.
 */
export function returnPath(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\'))
    return undefined;
  try {
    const url = new URL(raw, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

/** /login's search: `signedOut` (a session that ended, said so on the page) and `next`, where to return. */
export type LoginSearch = { signedOut?: boolean; next?: string };
export function loginSearch(search: Record<string, unknown>): LoginSearch {
  const next = returnPath(search.next);
  return {
    ...(search.signedOut === true || search.signedOut === 'true' ? { signedOut: true } : {}),
    ...(next ? { next } : {}),
  };
}
