// A workflow history's events, each named with what made it (the activity, local activity, signal, update or
// search attributes): for the journey's history spec and for the bench's log of a history over its goal.
import { createRequire } from 'node:module';
import type { temporal as Proto } from '@temporalio/proto';

// Required, not imported: the bench runs this file as plain ESM, where the package's CommonJS exports have no
// named `temporal`.
const { temporal } = createRequire(import.meta.url)('@temporalio/proto') as { temporal: typeof Proto };
const E = temporal.api.enums.v1.EventType;

/** A local activity's marker names its activity in its data (JSON, written by the SDK's core). */
function localActivityType(e: Proto.api.history.v1.IHistoryEvent): string | undefined {
  const data = e.markerRecordedEventAttributes?.details?.['data']?.payloads?.[0]?.data;
  if (!data) return e.markerRecordedEventAttributes?.markerName ?? undefined;
  try {
    return (JSON.parse(Buffer.from(data).toString()) as { activity_type?: string }).activity_type;
  } catch {
    return e.markerRecordedEventAttributes?.markerName ?? undefined;
  }
}

/** Each event's type, with the activity or marker it names: what produced it, in order. */
export function eventList(history: Proto.api.history.v1.IHistory): string[] {
  return (history.events ?? []).map((e) => {
    const name = E[e.eventType ?? 0]?.replace('EVENT_TYPE_', '') ?? String(e.eventType);
    const detail =
      e.activityTaskScheduledEventAttributes?.activityType?.name ??
      localActivityType(e) ??
      e.workflowExecutionSignaledEventAttributes?.signalName ??
      e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name ??
      Object.keys(e.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields ?? {}).join(',');
    return `${e.eventId} ${name}${detail ? ` ${detail}` : ''}`;
  });
}
