import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { APPLICATION_STATUS_SUBMITTED, type OfferView } from '@portal/libs';
import { api } from '../../lib/http';
import { keepApplication, sessionStage } from '../../lib/session';

export type { OfferView } from '@portal/libs';
export type Rep = { repName: string; schedulingLink: string };
export type DocumentAnswer = 'uploaded' | 'notAvailable';
export type DocumentAnswers = { voidedCheck: DocumentAnswer; driversLicense: DocumentAnswer };
/** The final submission's answer: the agent, and the stage the submission saved. */
export type SubmittedAnswer = Rep & { stage?: { pageName: string; pageStep: number; path: string } };

export const offersApi = {
  calculate: async (applicationId: string) => (await api.post<{ data: OfferView }>('/offer', { applicationId })).data,
  select: async (offerId: string, applicationId: string, selectedId: string) =>
    (await api.patch<{ data: OfferView }>(`/offer/${offerId}`, { applicationId, selectedId }, { idempotent: true }))
      .data,
  submit: async (applicationId: string, answers: DocumentAnswers) =>
    (
      await api.post<{ data: SubmittedAnswer }>(`/application/${applicationId}/submit-application`, answers, {
        idempotent: true,
      })
    ).data,
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

/**
 * The applicant's pick, saved: the offers as the server now has them replace the calculated ones. Sent
 * through `settled` (the page's draft's `saving`): the api drops the pick's draft with the save.
 */
export function useSelectOffer(applicationId: string, settled: <R>(save: () => Promise<R>) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pick: { offerId: string; selectedId: string }) =>
      settled(() => offersApi.select(pick.offerId, applicationId, pick.selectedId)),
    onSuccess: (updated) => queryClient.setQueryData(offerQueryOptions(applicationId).queryKey, updated),
  });
}

/**
 * The agent who books the call once the application is submitted. Not retried: without one the page
 * says the team will be in touch.
 */
export const repQueryOptions = (opportunityId: string) =>
  queryOptions({ queryKey: ['rep', opportunityId], queryFn: () => offersApi.rep(opportunityId), retry: false });

/**
 * The submission answered: the application is submitted (the server marks it so before answering) at the
 * stage the answer names; the session's cache entry takes that rather than the session being read again.
 */
export const keepSubmitted = (queryClient: QueryClient, applicationId: string, answer: SubmittedAnswer) =>
  keepApplication(queryClient, applicationId, {
    applicationStatus: APPLICATION_STATUS_SUBMITTED,
    ...(answer.stage ? { stage: sessionStage(answer.stage) } : {}),
  });

/** The submission, with what the applicant said of each last document; it answers with the agent. */
export function useSubmitApplication(applicationId: string) {
  return useMutation({ mutationFn: (answers: DocumentAnswers) => offersApi.submit(applicationId, answers) });
}
