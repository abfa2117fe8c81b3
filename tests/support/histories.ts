// Records an application workflow's history from a real run, for the replay test to replay with every
// later version of the workflow (RECORD_HISTORIES=1; otherwise nothing happens).
import { Client, Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Payload } from '@temporalio/common';
import { MongoClient } from 'mongodb';
import { WORKER_SETTINGS, loadEnv } from '@portal/libs';
import {
  APPLICATION_KEYS_COLLECTION,
  applicationWorkflowId,
  createDataConverter,
  type ApplicationKeyRecord,
} from '@portal/workflows';

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
    await underMasterKey(history);
    mkdirSync(HISTORIES, { recursive: true });
    writeFileSync(join(HISTORIES, file), temporal.api.history.v1.History.encode(history).finish());
  } finally {
    await client.connection.close();
  }
}

/**
 * A recorded history's payloads re-sealed under the master key: the run sealed them with its application's
 * own key, kept in the test's database, which the replay test's database does not have.
 */
export async function underMasterKey(history: object) {
  const settings = loadEnv(WORKER_SETTINGS, process.env);
  const mongo = await MongoClient.connect(settings.MONGODB_URI);
  try {
    const keys = mongo.db().collection<ApplicationKeyRecord>(APPLICATION_KEYS_COLLECTION);
    const opener = (await createDataConverter(settings, keys)).payloadCodecs[0]!;
    const master = (await createDataConverter(settings)).payloadCodecs[0]!;
    // Only what the codec sealed with an application's key: other payloads (a local activity marker's own
    // data, which the SDK's core reads) stay as they are.
    const appKeyed = (p: Payload) => new TextDecoder().decode(p.metadata?.['encryption-key-id']).startsWith('app:');
    for (const p of payloadsIn(history).filter(appKeyed)) {
      const [again] = await master.encode(await opener.decode([p]));
      p.metadata = again!.metadata;
      p.data = again!.data;
    }
  } finally {
    await mongo.close();
  }
}

function payloadsIn(node: unknown, out: Payload[] = []): Payload[] {
  if (!node || typeof node !== 'object' || ArrayBuffer.isView(node)) return out;
  const o = node as Record<string, unknown>;
  if (o.metadata && typeof o.metadata === 'object' && 'data' in o && ArrayBuffer.isView(o.data)) out.push(o as Payload);
  else for (const v of Object.values(o)) payloadsIn(v, out);
  return out;
}
