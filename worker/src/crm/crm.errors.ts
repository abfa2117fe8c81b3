import { CrmRejectedError } from '../errors';

/** One Salesforce error as the REST api answers it (or a SOAP result's error, code in statusCode). */
export type SfError = { errorCode: string; message: string; fields?: string[] };

/**
 * The Salesforce answers a later try can succeed on: the org's daily API limit, a row another
 * transaction holds, an expired session (jsforce re-authorises through refreshFn on the next try),
 * and the server's own failures. Everything else Salesforce answers is about the request itself.
 */
const TRANSIENT = new Set([
  'REQUEST_LIMIT_EXCEEDED',
  'UNABLE_TO_LOCK_ROW',
  'INVALID_SESSION_ID',
  'SERVER_UNAVAILABLE',
  'UNKNOWN_EXCEPTION',
  'ERROR_HTTP_420',
  'ERROR_HTTP_429',
]);

const isTransientCode = (code: string) => TRANSIENT.has(code) || /^ERROR_HTTP_5\d\d$/.test(code);

/** Salesforce's error codes are upper snake case ('STRING_TOO_LONG', 'sf:INVALID_FIELD'). */
const SF_CODE = /^(sf:)?[A-Z][A-Z0-9_]*$/;

/**
 * The errors a jsforce failure carries, MULTIPLE_API_ERRORS unwrapped into each one, SOAP faults
 * without their 'sf:' prefix. A failure with no Salesforce error code has none: a socket error, a failed
 * re-login, or an answer from something in front of Salesforce (a gateway's 503 or 429 with a JSON
 * `message` but no `errorCode`, which jsforce names 'Error'): those are not Salesforce refusing the
 * request, and are retried. (The load run found a gateway's 503 stopping a document copy for good.)
 */
export function sfErrors(e: unknown): SfError[] {
  const err = e as { errorCode?: unknown; name?: unknown; message?: unknown; data?: unknown };
  const code = typeof err.errorCode === 'string' ? err.errorCode : undefined;
  if (!code || !SF_CODE.test(code)) return [];
  if (code === 'MULTIPLE_API_ERRORS' && Array.isArray(err.data))
    return (err.data as Partial<SfError>[]).map((d) => ({
      errorCode: String(d.errorCode ?? 'UNKNOWN'),
      message: String(d.message ?? ''),
      ...(Array.isArray(d.fields) ? { fields: d.fields.map(String) } : {}),
    }));
  const fields = (err.data as { fields?: unknown } | undefined)?.fields;
  return [
    {
      errorCode: code.replace(/^sf:/, ''),
      message: typeof err.message === 'string' ? err.message : code,
      ...(Array.isArray(fields) ? { fields: fields.map(String) } : {}),
    },
  ];
}

/** Permanent: Salesforce answered, and at least one of its errors is about the request. */
export const isPermanent = (errors: SfError[]) => errors.some((x) => !isTransientCode(x.errorCode));

/**
 * 'STRING_TOO_LONG (Email); INVALID_FIELD', as operations read it in the Temporal UI. Codes and field
 * names only: Salesforce echoes the refused value in its message ('data value too large: ...'), and a
 * failure message is stored in clear, so the messages travel in the (encrypted) details instead.
 */
export const describeSfErrors = (errors: SfError[]) =>
  errors.map((x) => `${x.errorCode}${x.fields?.length ? ` (${x.fields.join(', ')})` : ''}`).join('; ');

/** The rejection, its codes in the message so that the Temporal UI shows them. */
export function crmRejection(errors: SfError[], what: string, heldBack?: Record<string, unknown>) {
  const codes = [...new Set(errors.map((x) => x.errorCode))].join(',');
  return new CrmRejectedError(`${what}: ${describeSfErrors(errors)}`, codes, errors, heldBack);
}

/**
 * Classifies by exclusion: every Salesforce rejection is permanent (CrmRejectedError, not retried)
 * except the transient ones above, which rethrow as they came for Temporal to retry with back-off.
 */
export function classifyCrmError(e: unknown, what: string): never {
  if (e instanceof CrmRejectedError) throw e;
  const errors = sfErrors(e);
  if (isPermanent(errors)) throw crmRejection(errors, what);
  throw e;
}

/** SOAP result errors (convertLead answers them in the body, with HTTP 200). */
export const soapErrors = (raw: unknown): SfError[] =>
  (Array.isArray(raw) ? raw : raw ? [raw] : []).map(
    (x: { statusCode?: string; message?: string; fields?: unknown }) => ({
      errorCode: String(x.statusCode ?? 'UNKNOWN'),
      message: String(x.message ?? ''),
      ...(Array.isArray(x.fields) ? { fields: x.fields.map(String) } : {}),
    }),
  );
