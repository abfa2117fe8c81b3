import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileType, StatementAdviceNote, StatementsSubmittedView } from '@portal/libs';
import { api } from './http';
import { refreshSession } from './session';
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
  submitStatements: async (applicationId: string) =>
    (
      await api.post<{ data: StatementsSubmittedView }>(
        `/application/${applicationId}/submit-statements`,
        {},
        { idempotent: true },
      )
    ).data,
};

/** The application's uploaded documents, every slot's: one list, shared by the pages and the phone dialog. */
export const documentsQueryOptions = (applicationId: string) =>
  queryOptions({ queryKey: ['files', applicationId], queryFn: () => documentsApi.list(applicationId) });

/**
 * Uploads to the application's slots; several may be on their way at once (each call's own promise says
 * how it ended), so the slot keeps each file's progress and error itself.
 */
export const useUploadDocument = (applicationId: string) =>
  useMutation({ mutationFn: (request: UploadRequest) => documentsApi.upload(applicationId, request) });

export const useRemoveDocument = () => useMutation({ mutationFn: (id: string) => documentsApi.remove(id) });

/**
 * The statements submitted: the session is read again (it now says they are, and carries the opportunity
 * when the CRM made it in time), and the signing remembered for the signature page is forgotten, before
 * the page moves the journey on.
 */
export function useSubmitStatements(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => documentsApi.submitStatements(applicationId),
    onSuccess: async () => {
      clearSigning();
      await refreshSession(queryClient);
    },
  });
}
