import { queryOptions } from '@tanstack/react-query';
import { accountApi } from '../account/account-api';

/** The signed-in user (null when signed out), shared by the shell and the guards. */
export const sessionQueryOptions = () =>
  queryOptions({ queryKey: ['session'], queryFn: () => accountApi.currentUser(), staleTime: 30_000 });
