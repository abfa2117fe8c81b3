import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { accountApi } from '../account/account-api';

/** The signed-in user (null when signed out), shared by the shell and the guards. */
export const sessionQueryOptions = () =>
  queryOptions({ queryKey: ['session'], queryFn: () => accountApi.currentUser(), staleTime: 30_000 });

/** Reads the session afresh (after sign-in) so the guards see it before the next navigation. */
export const refreshSession = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
