// Records an application workflow's history from a real run, for the replay test to replay with every
// later version of the workflow (RECORD_HISTORIES=1; otherwise nothing happens).
import { Client, Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applicationWorkflowId, type createDataConverter } from '@portal/workflows';

type DataConverter = Awaited<ReturnType<typeof createDataConverter>>;

export const HISTORIES = join(__dirname, '..', '..', 'workflows', 'test', 'histories');

/**
 * A Temporal client; with the slice's payload converter (its applications' keys) it reads results and
 * queries too.
 */
export async function workflowClient(temporalAddress: string, dataConverter?: DataConverter) {
  return new Client({
    connection: await Connection.connect({ address: temporalAddress }),
    ...(dataConverter ? { dataConverter } : {}),
  });
}

export async function recordHistory(temporalAddress: string, applicationId: string, file: string) {
  if (process.env.RECORD_HISTORIES !== '1') return;
  const client = await workflowClient(temporalAddress);
  try {
    const history = await client.workflow.getHandle(applicationWorkflowId(applicationId)).fetchHistory();
    mkdirSync(HISTORIES, { recursive: true });
    writeFileSync(join(HISTORIES, file), temporal.api.history.v1.History.encode(history).finish());
  } finally {
    await client.connection.close();
  }
}
