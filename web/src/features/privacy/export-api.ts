import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataExportView } from '@portal/libs';
import { api } from '../../lib/http';

/** How often the page asks again while the archive is being built, so it shows the download when ready. */
const BUILDING_REFRESH_MS = 5_000;

/** The signed-in account's archive (GET /privacy/data-export). */
export const dataExportQueryOptions = () =>
  queryOptions({
    queryKey: ['data-export'],
    queryFn: () => api.get<DataExportView>('/privacy/data-export'),
    refetchInterval: (q) => (q.state.data?.state === 'building' ? BUILDING_REFRESH_MS : false),
  });

/** Asks for the archive, confirmed by the account's password; the answer is the archive's state. */
export function useRequestDataExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.post<DataExportView>('/privacy/data-export', { password }),
    onSuccess: (view) => qc.setQueryData(dataExportQueryOptions().queryKey, view),
  });
}

/** Where the browser downloads a ready archive: through the api, which checks the session's account. */
export const archiveHref = (exportId: string) => `/api/privacy/data-export/${encodeURIComponent(exportId)}/archive`;
