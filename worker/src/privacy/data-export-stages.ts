import type { Client } from '@temporalio/client';
import { defaultPayloadConverter, type PayloadCodec } from '@temporalio/common';
import { tsToMs } from '@temporalio/common/lib/time';
import { temporal } from '@temporalio/proto';
import { applicationWorkflowId } from '@portal/workflows';

/** One step of the application's journey as its workflow recorded it. */
export type StageEntry = { at: string; event: string; stage?: string; step?: number };

const EventType = temporal.api.enums.v1.EventType;
/** The updates whose answer is the journey's position (libs JourneyPosition). */
const MOVES = new Set(['moveStage', 'submitStatements', 'submitApplication']);

/** Every event of the workflow, its earlier runs' first (a long application continues as new). */
async function allRuns(client: Client, workflowId: string) {
  const runs: temporal.api.history.v1.IHistoryEvent[][] = [];
  let runId: string | undefined;
  do {
    const events = (await client.workflow.getHandle(workflowId, runId).fetchHistory()).events ?? [];
    runs.unshift(events);
    runId = events[0]?.workflowExecutionStartedEventAttributes?.continuedExecutionRunId || undefined;
  } while (runId && runs.length < 100);
  return runs.flat();
}

/** A search attribute's value as the upsert carried it (search attributes are never encrypted). */
const attribute = (e: temporal.api.history.v1.IHistoryEvent, name: string): unknown => {
  const field = e.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields?.[name];
  return field ? defaultPayloadConverter.fromPayload(field) : undefined;
};

/**
 * The history of the application's stages with their dates, read from its workflow's own history (the
 * record operators read too): its start, every accepted stage move and submission with the position it
 * answered, the move the workflow made itself when the last signer signed (the stage it upserted after Box's
 * event), the signals that ended it, and its close. The payloads are the codec's (encrypted): decoded here
 * with the worker's key, and only the position is kept.
 */
export async function stageHistory(client: Client, codec: PayloadCodec, applicationId: string): Promise<StageEntry[]> {
  const names = new Map<string, string>();
  const entries: StageEntry[] = [];
  // Where the journey stands as the upserts and the moves left it (an upsert carries only what changed), and
  // whether the workflow task under way took an update: a stage changed in a task that took none is the
  // workflow's own move, on from the signature once the last signer signed (Box's event, or its poll).
  let stage: string | undefined;
  let step: number | undefined;
  let byUpdate = false;
  for (const e of await allRuns(client, applicationWorkflowId(applicationId))) {
    const at = new Date(tsToMs(e.eventTime)).toISOString();
    if (e.eventType === EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED) entries.push({ at, event: 'started' });
    const accepted = e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest;
    if (accepted?.meta?.updateId && accepted.input?.name) names.set(accepted.meta.updateId, accepted.input.name);
    const completed = e.workflowExecutionUpdateCompletedEventAttributes;
    const name = names.get(completed?.meta?.updateId ?? '');
    const payload = completed?.outcome?.success?.payloads?.[0];
    if (name && MOVES.has(name) && payload) {
      const [decoded] = await codec.decode([payload]);
      const answer = defaultPayloadConverter.fromPayload<{
        pageName?: string;
        pageStep?: number;
        position?: { pageName?: string; pageStep?: number };
      }>(decoded!);
      const position = answer?.position ?? answer;
      entries.push({ at, event: name, stage: position?.pageName, step: position?.pageStep });
      stage = position?.pageName ?? stage;
      step = position?.pageStep ?? step;
    }
    if (e.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED) byUpdate = false;
    if (e.workflowExecutionUpdateAcceptedEventAttributes) byUpdate = true;
    const upsertedStep = attribute(e, 'ApplicationStep');
    if (typeof upsertedStep === 'number') step = upsertedStep;
    const upsertedStage = attribute(e, 'ApplicationStage');
    if (typeof upsertedStage === 'string') {
      if (!byUpdate && stage !== undefined && upsertedStage !== stage)
        entries.push({ at, event: 'signed', stage: upsertedStage, step });
      stage = upsertedStage;
    }
    const signal = e.workflowExecutionSignaledEventAttributes?.signalName;
    if (signal === 'withdrawApplication') entries.push({ at, event: 'withdrawn' });
    if (e.eventType === EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED) entries.push({ at, event: 'ended' });
    if (e.eventType === EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW)
      entries.push({ at, event: 'continued' });
  }
  return entries;
}
