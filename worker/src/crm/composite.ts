import type { Connection } from 'jsforce';
import { readableResult, type SfError } from './crm.errors';

/** A REST call within a composite one; its url after `/services/data/vXX.X`, `@{referenceId.field}` allowed. */
export type SubRequest = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  referenceId: string;
  body?: Record<string, unknown>;
  httpHeaders?: Record<string, string>;
};
export type SubResponse = { body: unknown; httpStatusCode: number; referenceId: string };

const halted = (r: SubResponse) =>
  Array.isArray(r.body) && (r.body as SfError[]).every((x) => x?.errorCode === 'PROCESSING_HALTED');

/** A failed subrequest's errors, as jsforce throws a single call's (so that classifyCrmError reads them alike). */
export function subrequestError(r: SubResponse): Error {
  const errors = Array.isArray(r.body) ? (r.body as Partial<SfError>[]) : [];
  if (errors.length > 1)
    return Object.assign(new Error('Multiple errors returned.'), { errorCode: 'MULTIPLE_API_ERRORS', data: errors });
  const only = errors[0];
  const errorCode = typeof only?.errorCode === 'string' ? only.errorCode : `ERROR_HTTP_${r.httpStatusCode}`;
  return Object.assign(new Error(String(only?.message ?? errorCode)), { name: errorCode, errorCode, data: only });
}

/**
 * Several REST calls in one ('Send Multiple Requests Using Composite'): Salesforce counts the whole as one
 * call of the org's daily API allowance. Answers each subrequest's answer in order. All or none: a failed
 * subrequest rolls back every write of the call (so a retry finds nothing half made); otherwise only the
 * subrequests that use a failed one's answer are left undone.
 */
export async function compositeAnswers(conn: Connection, subs: SubRequest[], allOrNone: boolean) {
  const base = `/services/data/v${conn.version}`;
  const answer = readableResult<{ compositeResponse?: SubResponse[] }>(
    await conn.request({
      method: 'POST',
      url: '/composite',
      body: JSON.stringify({ allOrNone, compositeRequest: subs.map((s) => ({ ...s, url: `${base}${s.url}` })) }),
      headers: { 'content-type': 'application/json' },
    }),
    'Composite call',
  );
  const responses = answer.compositeResponse;
  if (!Array.isArray(responses) || responses.length !== subs.length)
    throw new Error("Composite call: the CRM's answer was unreadable");
  return responses;
}

/**
 * All or none, answering each subrequest's body in order; a failure throws the errors of the subrequest that
 * failed (not the others' PROCESSING_HALTED).
 */
export async function compositeCall(conn: Connection, subs: SubRequest[]): Promise<unknown[]> {
  const responses = await compositeAnswers(conn, subs, true);
  const failed =
    responses.find((r) => r.httpStatusCode >= 400 && !halted(r)) ?? responses.find((r) => r.httpStatusCode >= 400);
  if (failed) throw subrequestError(failed);
  return responses.map((r) => r.body);
}
