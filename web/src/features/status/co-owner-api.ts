import { queryOptions } from '@tanstack/react-query';
import type { CoOwnerSigning } from '@portal/libs';
import { api } from '../../lib/http';

/** Where a co-owner's signing link leads (GET /status/sign/{token}; no session, the token is the proof). */
export const coOwnerSigningQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['co-owner-signing', token],
    queryFn: () => api.get<CoOwnerSigning>(`/status/sign/${encodeURIComponent(token)}`),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

/**
 * The signing link this browser opened last (this tab), so that the page Box sends the co-owner back to
 * can confirm the signature with the api rather than take the redirect's word for it.
 */
const LINK_KEY = 'coOwnerSignLink';
export function rememberSignLink(token: string) {
  try {
    sessionStorage.setItem(LINK_KEY, token);
  } catch {
    /* no storage: the page after signing says what Box's redirect means */
  }
}
export function rememberedSignLink(): string | undefined {
  try {
    return sessionStorage.getItem(LINK_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
