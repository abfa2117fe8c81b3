import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { DbUser } from '@portal/libs';
import { accountApi } from './account-api';

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

/** Where a signed-in applicant resumes after sign-in: the saved stage path lower-cased, else /financial. */
export const resumePath = (user: DbUser | null | undefined): string =>
  firstApplication(user)?.stage?.path?.toLowerCase() || '/financial';

/** The session's cache entry, read as the application. */
export const applicationQueryOptions = () => queryOptions({ ...sessionQueryOptions(), select: applicationOf });

/** For loaders: the application, fetched if it is not in the cache yet. */
export const ensureApplication = async (queryClient: QueryClient) =>
  applicationOf(await queryClient.ensureQueryData(applicationQueryOptions()));

/** For pages below a loader that ensured it. */
export const useApplication = () => useSuspenseQuery(applicationQueryOptions()).data;

/** Reads the session afresh (after sign-in) so the guards see it before the next navigation. */
export const refreshSession = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
