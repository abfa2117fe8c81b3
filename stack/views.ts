// The operators' saved views of the Temporal UI, shipped as links: the dev server's UI keeps "Save as view"
// in the browser only, so `npm run ops -- views` and `npm start` print each view as a workflow-list URL with
// its query. docs/operations/README.md ('Saved views') says what each one means. Times in a query are
// fixed when the links are printed (the list filter has no relative time): print them again for fresh ones.

export type SavedView = { name: string; meaning: string; query: string };

const HOUR = 3_600_000;
const RUNNING = `WorkflowType = 'applicationWorkflow' AND ExecutionStatus = 'Running'`;
/** A moment for a query: UTC, to the second, as the list filter takes it. */
const at = (ms: number) => `'${new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')}'`;

/** The views, with their times counted back from `now`. */
export function savedViews(now = Date.now()): SavedView[] {
  return [
    {
      name: 'stuck applications',
      meaning: 'running, no progress for 24 hours',
      query: `${RUNNING} AND StalledSince < ${at(now - 24 * HOUR)}`,
    },
    {
      name: 'awaiting signature',
      meaning: 'the applicant or a co-owner has a sign request open',
      query: `${RUNNING} AND ApplicationStatus = 'WaitingOnSignature'`,
    },
    {
      name: 'held for the CRM',
      meaning: 'Salesforce is down or refused something: work is held (read LastError)',
      query: `${RUNNING} AND ApplicationStatus = 'WaitingOnCrm'`,
    },
    {
      name: 'CRM rejected',
      meaning: 'Salesforce refused a write; LastError carries its code',
      query: `${RUNNING} AND LastError STARTS_WITH 'CRM_REJECTED'`,
    },
    {
      name: 'CRM unavailable',
      meaning: 'Salesforce did not answer; retried by itself',
      query: `${RUNNING} AND CrmSyncPending = true AND LastError = 'CRM_UNAVAILABLE'`,
    },
    {
      name: 'documents refused',
      meaning: 'Salesforce refused a document copy (the file is safe in S3)',
      query: `${RUNNING} AND LastError STARTS_WITH 'DOCUMENT_REFUSED'`,
    },
    {
      name: 'mail rejected',
      meaning: 'the mail service refused a reminder or the offer email for good (a 5xx)',
      query: `WorkflowType = 'applicationWorkflow' AND LastError IN ('REMINDER_FAILED:MAIL_REJECTED', 'OFFER_EMAIL_FAILED:MAIL_REJECTED')`,
    },
    {
      name: 'abandoned this week',
      meaning: 'ended by the stall clock in the last 7 days',
      query: `WorkflowType = 'applicationWorkflow' AND ApplicationStatus = 'Abandoned' AND CloseTime >= ${at(now - 7 * 24 * HOUR)}`,
    },
  ];
}

/** A view's link: the UI's workflow list of the namespace, filtered by the query. */
export const viewUrl = (ui: string, namespace: string, query: string) =>
  `${ui.replace(/\/$/, '')}/namespaces/${encodeURIComponent(namespace)}/workflows?query=${encodeURIComponent(query)}`;

/** The views as printed lines: name, meaning, then the link. */
export function viewLines(ui: string, namespace: string, now = Date.now()): string[] {
  return savedViews(now).flatMap((v) => [`  ${v.name}: ${v.meaning}`, `    ${viewUrl(ui, namespace, v.query)}`]);
}
