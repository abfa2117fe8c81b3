/**
 * GET /privacy/data-export: the signed-in account's "Download my data" archive, as the page shows it.
 * `none` when none was asked for (or the last one expired and was deleted).
 */
export type DataExportView =
  | { state: 'none' }
  | { state: 'building'; exportId: string; requestedAt: string }
  | { state: 'ready'; exportId: string; requestedAt: string; expiresAt: string };
