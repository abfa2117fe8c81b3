import { queryOptions } from '@tanstack/react-query';
import type { OfferView } from '@portal/libs';
import { api } from '../../lib/http';

export type { OfferView } from '@portal/libs';
export type Rep = { repName: string; schedulingLink: string };
export type DocumentAnswer = 'uploaded' | 'notAvailable';

export const offersApi = {
  calculate: async (applicationId: string) => (await api.post<{ data: OfferView }>('/offer', { applicationId })).data,
  select: async (offerId: string, applicationId: string, selectedId: string) =>
    (await api.patch<{ data: OfferView }>(`/offer/${offerId}`, { applicationId, selectedId }, { idempotent: true }))
      .data,
  submit: async (applicationId: string, answers: { voidedCheck: DocumentAnswer; driversLicense: DocumentAnswer }) =>
    (await api.post<{ data: Rep }>(`/application/${applicationId}/submit-application`, answers, { idempotent: true }))
      .data,
  rep: async (opportunityId: string) =>
    (await api.get<{ data: Rep }>(`/salesforce/opportunity/calandly/${opportunityId}`)).data,
};

/** The offers, calculated on arrival at /offers (section 4); one calculation per visit. */
export const offerQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: ['offer', applicationId],
    queryFn: () => offersApi.calculate(applicationId),
    retry: false,
    staleTime: Infinity,
  });
