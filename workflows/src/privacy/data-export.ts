import { defineQuery } from '@temporalio/workflow';

/**
 * "Download my data": one short workflow per account, apart from the application's own (whose recorded
 * histories it leaves alone). It builds the archive, mails the link, waits out the link's life and
 * deletes the archive. Ids carry no personal data: the account's id only.
 */
export const DATA_EXPORT_WORKFLOW_TYPE = 'dataExportWorkflow';
export const dataExportWorkflowId = (userId: string): string => `data-export-${userId}`;

export type DataExportInput = {
  userId: string;
  /** How long the link (and the archive in S3) lasts, in milliseconds, from when the archive is ready. */
  expiryMs: number;
};

/** Where the archive is: building, ready to download until `expiresAt`, or deleted. */
export type DataExportState = {
  exportId: string;
  state: 'building' | 'ready' | 'expired';
  /** ISO time the archive was requested. */
  requestedAt: string;
  /** ISO time the link stops working (set once the archive is ready). */
  expiresAt?: string;
  /** The archive's S3 key (set once it is ready); the api streams it, never the browser from S3. */
  key?: string;
};

export const getDataExport = defineQuery<DataExportState>('getDataExport');

/** The activities the export runs in the worker. */
export interface DataExportActivities {
  /**
   * Builds the account's archive as one zip streamed to S3 under `key` (answers, documents, the application
   * PDF, the emails sent, the stages with dates). Rebuilding after a retry overwrites the same key.
   */
  buildDataExport(input: { userId: string; exportId: string; key: string }): Promise<{ bytes: number }>;
  /** Mails the account's owner that the archive is ready, in their language; once per export. */
  mailDataExport(input: { userId: string; exportId: string; expiresAt: string }): Promise<void>;
  /** Deletes the archive from S3 (an archive already gone is fine). */
  deleteDataExport(input: { key: string }): Promise<void>;
}

export const dataExportKey = (userId: string, exportId: string) => `exports/${userId}/${exportId}.zip`;
