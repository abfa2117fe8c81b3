/**
 * What a failed Plaid call means for the applicant, from the error Plaid answers
 * (https://plaid.com/docs/errors): the plaid Node client (axios) rejects with `response.data` holding
 * `error_type` and `error_code`.
 * - pending: the statements are still being prepared (PRODUCT_NOT_READY): try again in a moment;
 * - reconnect: the item needs the applicant at their bank again (ITEM_LOGIN_REQUIRED), or Plaid no longer
 *   knows the stored token (INVALID_ACCESS_TOKEN, ITEM_NOT_FOUND: removed at Plaid);
 * - noStatements: the applicant's bank does not support Statements (PRODUCTS_NOT_SUPPORTED on a
 *   Statements call: https://plaid.com/docs/errors/item/#products_not_supported): the applicant uploads;
 * - refused (400): Plaid refused what the browser brought (an expired or unknown public token);
 * - unavailable (503): Plaid is down or refuses the portal itself (INVALID_API_KEYS, API_ERROR, rate
 *   limits): nothing the applicant can fix; uploading stays open.
 */
export type PlaidOutcome =
  | { kind: 'pending' }
  | { kind: 'reconnect' }
  | { kind: 'noStatements' }
  | { kind: 'refused'; code: string }
  | { kind: 'unavailable'; code?: string; misconfigured?: true };

type PlaidErrorBody = { error_type?: unknown; error_code?: unknown };

const RECONNECT = new Set(['ITEM_LOGIN_REQUIRED', 'INVALID_ACCESS_TOKEN', 'ITEM_NOT_FOUND']);
const OURS = new Set(['INVALID_API_KEYS', 'UNAUTHORIZED_ENVIRONMENT', 'INVALID_PRODUCT']);
const OUTAGES = new Set(['API_ERROR', 'RATE_LIMIT_EXCEEDED', 'INSTITUTION_ERROR', 'PLANNED_MAINTENANCE']);

/** A body read as bytes (`responseType: 'arraybuffer'`, as /statements/download is read): its JSON. */
function decoded(data: unknown): unknown {
  if (!(data instanceof ArrayBuffer) && !ArrayBuffer.isView(data)) return data;
  const bytes =
    data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  try {
    return JSON.parse(new TextDecoder().decode(bytes.subarray(0, 64 * 1024)));
  } catch {
    return undefined;
  }
}

/** Plaid's error body of a rejected call, if Plaid answered one (as JSON, or as the bytes of JSON). */
export function plaidError(e: unknown): { type?: string; code?: string } {
  const data = decoded((e as { response?: { data?: unknown } } | undefined)?.response?.data) as
    PlaidErrorBody | undefined;
  if (!data || typeof data !== 'object') return {};
  return {
    type: typeof data.error_type === 'string' ? data.error_type : undefined,
    code: typeof data.error_code === 'string' ? data.error_code : undefined,
  };
}

export function plaidOutcome(e: unknown): PlaidOutcome {
  const { type, code } = plaidError(e);
  if (!code) return { kind: 'unavailable' };
  if (code === 'PRODUCT_NOT_READY') return { kind: 'pending' };
  if (RECONNECT.has(code)) return { kind: 'reconnect' };
  // Per institution, not the portal's setting: that bank has no statements to give.
  if (code === 'PRODUCTS_NOT_SUPPORTED') return { kind: 'noStatements' };
  if (OURS.has(code)) return { kind: 'unavailable', code, misconfigured: true };
  if (type && OUTAGES.has(type)) return { kind: 'unavailable', code };
  return { kind: 'refused', code };
}
