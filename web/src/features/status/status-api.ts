import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import type { ApplicantStatus, SharedStatus } from '@portal/libs';
import { api } from '../../lib/http';
import { ensureApplication } from '../../lib/session';

/** How often an open status page asks again, so its live region follows a signature or the team's work. */
const REFRESH_MS = 30_000;

/** The signed-in applicant's status (GET /application/{id}/progress). */
export const progressQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: ['progress', applicationId],
    queryFn: () => api.get<ApplicantStatus>(`/application/${applicationId}/progress`),
    staleTime: 5_000,
    refetchInterval: REFRESH_MS,
  });

/** The co-owner's invitation to sign, sent again (the one whose signature is waiting). */
export const useResendInvitation = (applicationId: string) =>
  useMutation({
    mutationFn: (_coOwner: { name?: string }) => api.post(`/application/${applicationId}/co-owner-invitation`),
  });

/** A co-owner's view through the signed link in their email (no session). */
export const sharedStatusQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['shared-status', token],
    queryFn: () => api.get<SharedStatus>(`/status/shared/${encodeURIComponent(token)}`),
    retry: false,
    staleTime: 5_000,
    refetchInterval: REFRESH_MS,
  });

/** The /status route's loader: the application, then its status. */
export async function statusLoader(qc: QueryClient) {
  const app = await ensureApplication(qc);
  await qc.ensureQueryData(progressQueryOptions(app._id));
}
