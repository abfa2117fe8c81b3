/**
 * W3C Trace Context `traceparent` (version 00): the browser makes one per request (web/src/lib/http.ts, without
 * the OpenTelemetry web SDK: no first-visit cost) and the api continues that trace. The api takes nothing else
 * from it: not the sampling decision, not tracestate, and nothing when it is not exactly well-formed.
 */
export const TRACEPARENT_HEADER = 'traceparent';

export type TraceParent = { traceId: string; spanId: string; sampled: boolean };

const FORMAT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ZEROS = /^0+$/;

/** The parent a well-formed header names; undefined for anything else (a wrong length, case, version or zero id). */
export function parseTraceparent(header: string | string[] | undefined): TraceParent | undefined {
  if (typeof header !== 'string' || header.length !== 55) return undefined;
  const m = FORMAT.exec(header);
  if (!m || ZEROS.test(m[1]!) || ZEROS.test(m[2]!)) return undefined;
  return { traceId: m[1]!, spanId: m[2]!, sampled: (parseInt(m[3]!, 16) & 1) === 1 };
}
