import { readFileSync } from 'node:fs';
import { NativeConnection, Worker } from '@temporalio/worker';
import { Client } from '@temporalio/client';
import { S3Client } from '@aws-sdk/client-s3';
import { MongoClient } from 'mongodb';
import type { Connection } from 'jsforce';
import {
  quietPoolChecks,
  s3ClientOptions,
  temporalConnectionOptions,
  type WORKER_SETTINGS,
  type Loaded,
} from '@portal/libs';
import {
  APPLICATION_KEYS_COLLECTION,
  createDataConverter,
  documentTaskQueue,
  type ApplicationActivities,
  type ApplicationKeyRecord,
  type DataExportActivities,
  type ErasureActivities,
} from '@portal/workflows';
import { connectCrm } from './crm/crm.connection';
import { crmOrg } from './crm/crm.org';
import { createCrmActivities } from './crm/crm.activities';
import { progressRecordSink } from './records/progress-record';
import { PiiKeys } from '@portal/libs/dist/security/pii-keys';
import { documentStore } from './documents/s3';
import { boxClient } from './esign/box.client';
import { createSigningActivities } from './esign/esign.activities';
import { createDocumentActivities } from './documents/documents.activities';
import { COPIES_AT_ONCE } from './documents/copy-gate';
import { createOfferActivities } from './offers/offers.activities';
import { createOperationActivities } from './operations/operations.activities';
import { activityFailureInterceptor, watchCrmAllowance } from './metrics';
import { startWorkerTracing } from './telemetry/tracing';
import { workflowCode } from './workflow-code';
import { createDataExportActivities } from './privacy/data-export.activities';
import { exportStore } from './privacy/data-export-store';
import { createErasureActivities } from './privacy/erasure.activities';

export type WorkerSettings = Loaded<typeof WORKER_SETTINGS>;

/** One lazily opened connection or client (the CRM's, Plaid's), opened again after a failure to open. */
function lazy<T>(open: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= open().catch((e: unknown) => {
      pending = undefined;
      throw e;
    });
    return pending;
  };
}

/**
 * `workflowBundleDir`: a folder of prebuilt workflow bundles (workflow-code.ts), for the test suites; else the
 * image's (WORKFLOW_BUNDLE_DIR), if any.
 */
export async function createApplicationWorker(settings: WorkerSettings, opts: { workflowBundleDir?: string } = {}) {
  const mongo = await quietPoolChecks(new MongoClient(settings.MONGODB_URI)).connect();
  // Each application's payloads under its own key, kept in MongoDB (docs/decisions/015): one converter.
  const dataConverter = await createDataConverter(
    settings,
    mongo.db().collection<ApplicationKeyRecord>(APPLICATION_KEYS_COLLECTION),
  );
  const crm = lazy<Connection>(async () => {
    const conn = await connectCrm(settings);
    watchCrmAllowance(conn);
    return conn;
  });
  const store = documentStore(settings);
  const box = boxClient(settings);
  const org = crmOrg(settings);
  const documents = createDocumentActivities({
    db: mongo.db(),
    crm,
    box: () => box,
    store,
    parentFolderId: settings.BOX_PARENT_FOLDER_ID,
    org,
  });
  const archives = exportStore(settings);
  // The account erasure's Temporal client, made once the worker's connection is open (below).
  const temporal: { client?: Client } = {};
  const erasureS3 = new S3Client(s3ClientOptions(settings));
  const codec = dataConverter.payloadCodecs[0]!;
  const activities: ApplicationActivities & DataExportActivities & ErasureActivities = {
    ...createCrmActivities({ crm, db: mongo.db(), affiliateRecordTypeId: settings.AFFILIATE_RECORD_TYPE_ID, org }),
    ...createSigningActivities({
      db: mongo.db(),
      box: () => box,
      store,
      pii: new PiiKeys(settings),
      publicUrl: settings.PUBLIC_URL,
      parentFolderId: settings.BOX_PARENT_FOLDER_ID,
    }),
    ...createOfferActivities({ db: mongo.db(), crm, settings, org }),
    ...createOperationActivities({ db: mongo.db(), box: () => box, settings }),
    ...documents,
    // "Download my data": its own short workflow on this queue (workflows/src/privacy).
    ...createDataExportActivities({
      db: mongo.db(),
      store: archives,
      box: () => box,
      pii: new PiiKeys(settings),
      codec,
      settings,
    }),
    ...createErasureActivities({
      db: mongo.db(),
      crm,
      s3: { client: erasureS3, bucket: settings.S3_BUCKET },
      box: () => box,
      boxParentFolderId: settings.BOX_PARENT_FOLDER_ID,
      temporal: () => temporal.client!,
      keys: codec.applicationKeys!,
      retentionYears: { US: settings.RETENTION_YEARS_US, CA: settings.RETENTION_YEARS_CA },
      // Loaded for the first erasure that meets a connected bank: the plaid module alone is about 56 MiB of RSS
      // and 0.3 s of CPU to load (its 9.7 MB of source kept whole by V8), for a call few workers ever make.
      plaid: lazy(async () => (await import('@portal/libs/dist/bank/plaid-api.js')).plaidApi(settings)),
      pii: new PiiKeys(settings),
    }),
  };
  // TLS, an mTLS client pair or a Temporal Cloud API key as the settings say (libs/src/config/connections.ts).
  // Traces (TRACES_URL): the workflow's and the activities' interceptors and the workflow spans' sink; {} when off.
  const tracing = await startWorkerTracing(settings);
  const connection = await NativeConnection.connect(temporalConnectionOptions(settings, (path) => readFileSync(path)));
  temporal.client = new Client({ connection, namespace: settings.TEMPORAL_NAMESPACE });
  const worker = await Worker.create({
    connection,
    namespace: settings.TEMPORAL_NAMESPACE,
    taskQueue: settings.TEMPORAL_TASK_QUEUE,
    ...(await workflowCode(
      tracing.workflows.interceptors?.workflowModules,
      opts.workflowBundleDir ?? (settings.WORKFLOW_BUNDLE_DIR === 'none' ? undefined : settings.WORKFLOW_BUNDLE_DIR),
    )),
    maxCachedWorkflows: settings.WORKER_MAX_CACHED_WORKFLOWS,
    activities,
    dataConverter,
    ...tracing.workflows,
    // The workflow spans' exporter (traces on), and the progress a watched status page reads (watchProgress).
    sinks: { ...tracing.workflows.sinks, ...progressRecordSink(mongo.db()) },
    // Traces' activity interceptors (when on) and the failure count by activity type and code (metrics.ts).
    interceptors: {
      ...tracing.workflows.interceptors,
      activity: [...(tracing.workflows.interceptors?.activity ?? []), activityFailureInterceptor],
    },
  });
  // Document copies on their own queue (and slots): a large or stuck copy never delays a lead update.
  const documentWorker = await Worker.create({
    connection,
    namespace: settings.TEMPORAL_NAMESPACE,
    taskQueue: documentTaskQueue(settings.TEMPORAL_TASK_QUEUE),
    activities: { uploadContentVersions: documents.uploadContentVersions },
    maxConcurrentActivityTaskExecutions: COPIES_AT_ONCE,
    dataConverter,
    ...tracing.activities,
    // Traces' activity interceptors (when on) and the failure count by activity type and code (metrics.ts).
    interceptors: {
      ...tracing.activities.interceptors,
      activity: [...(tracing.activities.interceptors?.activity ?? []), activityFailureInterceptor],
    },
  });
  return {
    worker,
    documentWorker,
    /** The payload converter with the applications' keys (test clients read results through it). */
    dataConverter,
    /** Both workers until shutdown (SIGINT/SIGTERM, or shutdown() on each). */
    run: () => Promise.all([worker.run(), documentWorker.run()]),
    shutdown() {
      worker.shutdown();
      documentWorker.shutdown();
    },
    async close() {
      await connection.close();
      await mongo.close();
      store.close();
      archives.close();
      erasureS3.destroy();
      await tracing.shutdown(); // the last spans out
    },
  };
}
