import { queryOptions } from '@tanstack/react-query';
import type { BusinessView, OwnerSetView, StageMove, StageRecord } from '@portal/libs';
import { api } from '../http';

export type { AddressView, BusinessView, OwnerSetView, OwnerView } from '@portal/libs';

export const journeyApi = {
  business: (applicationId: string) => api.get<BusinessView>(`/business/application/${applicationId}`),
  saveBusiness: (id: string, section: 'financial' | 'question' | 'details', body: Record<string, unknown>) =>
    api.patch<BusinessView>(`/business/${id}`, { section, ...body }, { idempotent: true }),
  owners: (applicationId: string) => api.get<OwnerSetView>(`/owner/application/${applicationId}`),
  saveOwners: (
    id: string,
    body: { owners: Record<string, unknown>[]; sameAsBusinessInfo: boolean; revision?: number },
  ) => api.patch<OwnerSetView>(`/owner/${id}`, body, { idempotent: true }),
  /** Every move names where it starts, so a double click or a stale tab never moves twice. */
  moveStage: (applicationId: string, move: StageMove & { from: NonNullable<StageMove['from']> }) =>
    move.to === 'position'
      ? api.patch<StageRecord>(`/stage/${applicationId}`, move, { idempotent: true })
      : api.post<StageRecord>(
          `/stage/${applicationId}/${move.to === 'next' ? 'next' : 'previous'}`,
          {
            from: move.from,
          },
          { idempotent: true },
        ),
  giggle: (applicationId: string, action: 'enter' | 'back') =>
    api.post(`/application/${applicationId}/giggle-finance`, { action }, { idempotent: true }),
};

/** The application's business, shared by every page that reads it (one cache entry per application). */
export const businessQueryOptions = (applicationId: string) =>
  queryOptions({ queryKey: ['business', applicationId], queryFn: () => journeyApi.business(applicationId) });

export const ownersQueryOptions = (applicationId: string) =>
  queryOptions({ queryKey: ['owners', applicationId], queryFn: () => journeyApi.owners(applicationId) });
