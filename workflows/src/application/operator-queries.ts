/**
 * The list filters operators use (`temporal workflow list --query`, and the same text as Temporal UI
 * saved views), over the workflow's own search attributes. workflows/README.md prints them; the workflow
 * spec runs each against a dev server, so the README cannot drift from what works.
 */
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const RUNNING = "WorkflowType = 'applicationWorkflow' AND ExecutionStatus = 'Running'";

export const OPERATOR_QUERIES = {
  /** No progress for more than `hours` (optionally in one stage). */
  stalledFor: (hours: number, now = Date.now(), stage?: string) =>
    `${RUNNING} AND StalledSince < '${iso(now - hours * 3_600_000)}'` +
    (stage ? ` AND ApplicationStage = '${stage}'` : ''),
  waitingOnSignature: () => `${RUNNING} AND ApplicationStatus = 'WaitingOnSignature'`,
  crmSyncFailing: () => `${RUNNING} AND CrmSyncPending = true AND LastError = 'CRM_UNAVAILABLE'`,
  /** Abandoned since `since` (e.g. this Monday 00:00 UTC). */
  abandonedSince: (since: number) =>
    `WorkflowType = 'applicationWorkflow' AND ApplicationStatus = 'Abandoned' AND CloseTime >= '${iso(since)}'`,
} as const;
