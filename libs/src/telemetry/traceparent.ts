/**
 * W3C Trace Context `traceparent` (version 00) without the OpenTelemetry web SDK: the browser makes one per
 * request (a few bytes, no first-visit cost) and the api continues that trace. The api takes nothing else
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

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A new sampled `traceparent`: random 16-byte trace id and 8-byte span id (never all zero), flags 01. */
export function newTraceparent(random: (bytes: Uint8Array) => Uint8Array): string {
  const id = (n: number) => {
    for (;;) {
      const s = hex(random(new Uint8Array(n)));
      if (!ZEROS.test(s)) return s;
    }
  };
  return `00-${id(16)}-${id(8)}-01`;
}
