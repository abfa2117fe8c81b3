// Counts the RPCs a Temporal client sends to the WorkflowService (queries, describes, history reads, updates),
// by method: the api's status reads are held to what they may ask of Temporal.
import type { Client } from '@temporalio/client';

const METHODS = [
  'queryWorkflow',
  'describeWorkflowExecution',
  'getWorkflowExecutionHistory',
  'updateWorkflowExecution',
  'pollWorkflowExecutionUpdate',
];

/** Counts the RPCs the client sends, by method, from now on. */
export function countRpcs(client: Client) {
  const counts: Record<string, number> = {};
  const service = client.connection.workflowService as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const m of METHODS) {
    const real = service[m]!.bind(service);
    service[m] = (...a: unknown[]) => {
      counts[m] = (counts[m] ?? 0) + 1;
      return real(...a);
    };
  }
  return { counts, reset: () => METHODS.forEach((m) => delete counts[m]) };
}
