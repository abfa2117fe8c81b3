import type { ErasureStarted, ErasureView } from '@portal/libs';
import { api } from '../../lib/http';

/** "Delete my account": what it keeps, and the deletion confirmed by the password. */
export const eraseApi = {
  view: () => api.get<ErasureView>('/privacy/erasure'),
  erase: (password: string) => api.post<ErasureStarted>('/privacy/erasure', { password }),
};

export const erasureQuery = { queryKey: ['privacy', 'erasure'] as const, queryFn: () => eraseApi.view() };
