import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { storeSignatureId } from '../../lib/storage';

type Signer = { email: string; order: number; decision: 'signed' | 'declined' | null; embedUrl: string | null };
export type Signing = {
  id: string;
  status: string;
  signed: boolean;
  signers: Signer[];
  /** Signed (the status read): where the journey is now, the workflow having moved it on by itself. */
  stage?: { pageName: string; pageStep: number; path: string };
};

/**
 * A signing request as the server has it now: read afresh each time, since the page asks it again while
 * it waits for Box's word that the request is signed.
 */
export const signingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['signing', id],
    queryFn: async () => (await api.get<{ data: Signing }>(`/box/${id}`)).data,
    staleTime: 0,
    gcTime: 0,
  });

export const signatureApi = {
  /** The signing request built, or the open one continued. */
  build: async (applicationId: string) => (await api.post<{ data: Signing }>('/box/sign', { applicationId })).data,
};

/** The signing request built (or the open one continued); its id is kept for the return from Box. */
export const useBuildSigning = (applicationId: string) =>
  useMutation({
    mutationFn: () => signatureApi.build(applicationId),
    onSuccess: (signing) => storeSignatureId(signing.id),
  });
