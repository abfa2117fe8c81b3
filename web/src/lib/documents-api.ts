import { queryOptions } from '@tanstack/react-query';
import type { FileType, StatementAdviceNote } from '@portal/libs';
import { api, upload } from './http';

export type UploadedFile = {
  _id: string;
  fileName: string;
  fileType: FileType;
  monthLabel?: string;
  size: number;
  /** What the server's reading of a bank statement advises (issue 16); advice only, the file is kept. */
  advice?: StatementAdviceNote[];
  /** 'bank' when fetched from the applicant's connected bank (issue 27). */
  source?: string;
};

export const documentsApi = {
  list: async (applicationId: string) =>
    (await api.get<{ data: UploadedFile[] }>(`/file/application/${applicationId}`)).data,
  upload: async (
    applicationId: string,
    fileType: FileType,
    file: File,
    monthLabel: string | undefined,
    onProgress: (fraction: number) => void,
  ) => {
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
      await api.post<{ data: { sfOpportunityId: string; stage: { path: string } } }>(
        `/application/${applicationId}/submit-statements`,
        {},
        { idempotent: true },
      )
    ).data,
};

export const documentsQueryOptions = (applicationId: string) =>
  queryOptions({ queryKey: ['files', applicationId], queryFn: () => documentsApi.list(applicationId) });
