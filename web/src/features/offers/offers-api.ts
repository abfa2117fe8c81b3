import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferView } from '@portal/libs';
import { api } from '../../lib/http';

export type { OfferView } from '@portal/libs';
export type Rep = { repName: string; schedulingLink: string };
export type DocumentAnswer = 'uploaded' | 'notAvailable';
export type DocumentAnswers = { voidedCheck: DocumentAnswer; driversLicense: DocumentAnswer };

export const offersApi = {
  calculate: async (applicationId: string) => (await api.post<{ data: OfferView }>('/offer', { applicationId })).data,
  select: async (offerId: string, applicationId: string, selectedId: string) =>
    (await api.patch<{ data: OfferView }>(`/offer/${offerId}`, { applicationId, selectedId }, { idempotent: true }))
      .data,
  submit: async (applicationId: string, answers: DocumentAnswers) =>
    (await api.post<{ data: Rep }>(`/application/${applicationId}/submit-application`, answers, { idempotent: true }))
      .data,
  rep: async (opportunityId: string) =>
    (await api.get<{ data: Rep }>(`/salesforce/opportunity/calandly/${opportunityId}`)).data,
};

/**
 * The offers, calculated on arrival at /offers: the calculation is a POST the server answers anew each
 * time, so it runs once per visit and is never retried behind the applicant's back.
 */
export const offerQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: ['offer', applicationId],
    queryFn: () => offersApi.calculate(applicationId),
    retry: false,
    staleTime: Infinity,
  });

/** The applicant's pick, saved: the offers as the server now has them replace the calculated ones. */
export function useSelectOffer(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pick: { offerId: string; selectedId: string }) =>
      offersApi.select(pick.offerId, applicationId, pick.selectedId),
    onSuccess: (updated) => queryClient.setQueryData(offerQueryOptions(applicationId).queryKey, updated),
  });
}

/**
 * The agent who books the call once the application is submitted. Not retried: without one the page
 * says the team will be in touch.
 */
export const repQueryOptions = (opportunityId: string) =>
  queryOptions({ queryKey: ['rep', opportunityId], queryFn: () => offersApi.rep(opportunityId), retry: false });

/** The submission, with what the applicant said of each last document; it answers with the agent. */
export function useSubmitApplication(applicationId: string) {
  return useMutation({ mutationFn: (answers: DocumentAnswers) => offersApi.submit(applicationId, answers) });
}
