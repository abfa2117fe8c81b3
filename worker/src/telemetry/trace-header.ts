/**
 * A call's trace context as the SDK's OpenTelemetry interceptors carry it in Temporal headers, read without
 * OpenTelemetry: whether its trace is kept. Shared by the workflow interceptors (workflow-interceptors.ts, in the
 * workflow sandbox: @temporalio/common only) and the activities' (tracing.ts).
 */
import { type Payload, defaultPayloadConverter } from '@temporalio/common';

/** The header the SDK's interceptors carry the trace context in (its TRACE_HEADER). */
export const TRACE_HEADER = '_tracer-data';

/** A call's trace that is not kept: the header as it came, and its ids for the workflow's log lines. */
export type NotKept = { header: Payload; traceId: string; spanId: string };

const TRACEPARENT = /^\s?([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?\s?$/;

/**
 * The trace a call's headers name, when it is valid and not kept; undefined for anything else (no header, a kept
 * trace, a header OpenTelemetry would not read), which the SDK's interceptors handle as they always have.
 */
export function notKept(headers: Record<string, Payload>): NotKept | undefined {
  const header = headers[TRACE_HEADER];
  if (!header) return undefined;
  let carrier: unknown;
  try {
    carrier = defaultPayloadConverter.fromPayload(header);
  } catch {
    return undefined;
  }
  const traceparent = (carrier as { traceparent?: unknown } | null)?.traceparent;
  if (typeof traceparent !== 'string') return undefined;
  // As W3C trace context reads it (OpenTelemetry's W3CTraceContextPropagator): version ff and a zero id are invalid.
  const m = TRACEPARENT.exec(traceparent);
  if (!m || m[1] === 'ff' || (m[1] === '00' && m[5])) return undefined;
  const [traceId, spanId, flags] = [m[2]!, m[3]!, parseInt(m[4]!, 16)];
  if (/^0+$/.test(traceId) || /^0+$/.test(spanId) || flags & 1) return undefined;
  return { header, traceId, spanId };
}
