import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  FILE_CODES,
  FILE_TYPES,
  type FileType,
  type StatementAdviceNote,
  type StatementsSubmittedView,
} from '@portal/libs';
import { api } from './http';
import { keepApplication, sessionStage } from './session';
import { clearSigning } from './storage';
import { upload } from './upload';

export type UploadedFile = {
  _id: string;
  fileName: string;
  fileType: FileType;
  monthLabel?: string;
  size: number;
  /** What the server's reading of a bank statement advises; advice only, the file is kept. */
  advice?: StatementAdviceNote[];
  /** 'bank' when fetched from the applicant's connected bank rather than uploaded. */
  source?: string;
};

/** One file for one slot: a statement month, the voided check or the license. */
export type UploadRequest = {
  fileType: FileType;
  file: File;
  monthLabel: string | undefined;
  onProgress: (fraction: number) => void;
};

export const documentsApi = {
  list: async (applicationId: string) =>
    (await api.get<{ data: UploadedFile[] }>(`/file/application/${applicationId}`)).data,
  upload: async (applicationId: string, { fileType, file, monthLabel, onProgress }: UploadRequest) => {
    const form = new FormData();
    form.append('applicationId', applicationId);
    form.append('fileType', fileType);
    if (monthLabel) form.append('monthLabel', monthLabel);
    form.append('file', file, file.name);
    // The action: this slot and this file (a file picked again is a new File, so a new action).
    const action = [applicationId, fileType, monthLabel ?? '', file.name, file.size, file.lastModified].join('|');
    return (await upload<{ data: UploadedFile }>('/file/s3', form, onProgress, action)).data;
  },
  remove: (id: string) => api.delete(`/file/${id}`),
  /**
   * `seen`: the statements the page counted (their ids); the api refuses the submission when it holds others
   * (FILE_CODES.statementsChanged), so the page need not read the list again before it.
   */
  submitStatements: async (applicationId: string, seen?: readonly string[]) =>
    (
      await api.post<{ data: StatementsSubmittedView }>(
        `/application/${applicationId}/submit-statements`,
        seen ? { seen } : {},
        { idempotent: true },
      )
    ).data,
};

/**
 * The application's uploaded documents, every slot's: one list, shared by the pages and the phone dialog.
 * This browser's own uploads and removals change it from their answers (keepUploaded, keepRemoved); what
 * another device adds is read again where it counts (Proceed on /bank-statements with a month missing, or
 * refused as counted on other statements than the api's; the phone dialog's poll; a page load), and by a
 * page that mounts once the list is half a minute old.
 */
export const documentsQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: ['files', applicationId],
    queryFn: () => documentsApi.list(applicationId),
    staleTime: 30_000,
  });

/**
 * An upload's answer is the file as the list has it (the server's reading and advice included): it joins
 * the cached list instead of the list being read again. No list cached, or a read of it on its way (which
 * may have started before the file was stored): the list is read afresh.
 */
export function keepUploaded(queryClient: QueryClient, applicationId: string, file: UploadedFile) {
  const { queryKey } = documentsQueryOptions(applicationId);
  const reading = queryClient.isFetching({ queryKey }) > 0;
  const list = queryClient.getQueryData(queryKey);
  if (!list || reading) return queryClient.invalidateQueries({ queryKey });
  // A repeat of an upload (the same Idempotency-Key) answers the same file: it keeps its place.
  const known = list.some((f) => f._id === file._id);
  queryClient.setQueryData(queryKey, known ? list.map((f) => (f._id === file._id ? file : f)) : [...list, file]);
}

/** A removal answered: the file leaves the cached lists (no read). */
export const keepRemoved = (queryClient: QueryClient, id: string) =>
  queryClient.setQueriesData<UploadedFile[]>({ queryKey: ['files'] }, (list) => list?.filter((f) => f._id !== id));

/**
 * Uploads to the application's slots; several may be on their way at once (each call's own promise says
 * how it ended), so the slot keeps each file's progress and error itself.
 */
export function useUploadDocument(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UploadRequest) => documentsApi.upload(applicationId, request),
    onSuccess: (file) => keepUploaded(queryClient, applicationId, file),
  });
}

export function useRemoveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => documentsApi.remove(id),
    onSuccess: (_, id) => keepRemoved(queryClient, id),
  });
}

/**
 * The statements' submission answered: the session's application takes what the answer says (submitted,
 * the opportunity when the CRM made it in time, the saved stage), as a read of the session would.
 */
export const keepStatementsSubmitted = (
  queryClient: QueryClient,
  applicationId: string,
  answer: StatementsSubmittedView,
) =>
  keepApplication(queryClient, applicationId, {
    statementsSubmitted: answer.statementsSubmitted,
    sfOpportunityId: answer.sfOpportunityId,
    stage: sessionStage(answer.stage),
  });

/** The ids of the bank statements of a list: what a submission says it counted. */
export const statementIds = (list: readonly UploadedFile[]) =>
  list.filter((f) => f.fileType === FILE_TYPES.bankStatement).map((f) => f._id);

/**
 * The statements submitted, as counted on `seen`: the session takes the answer (it now says they are, and
 * carries the opportunity when the CRM made it in time), and the signing remembered for the signature page
 * is forgotten, before the page moves the journey on. Refused as counted on other statements than the api
 * holds (changed on another device or tab): the list is read again, for the applicant to see and count anew.
 */
export function useSubmitStatements(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seen: readonly string[]) => documentsApi.submitStatements(applicationId, seen),
    onSuccess: async (answer) => {
      clearSigning();
      await keepStatementsSubmitted(queryClient, applicationId, answer);
    },
    onError: async (e) => {
      if (e.message === FILE_CODES.statementsChanged)
        await queryClient.invalidateQueries({ queryKey: documentsQueryOptions(applicationId).queryKey });
    },
  });
}
