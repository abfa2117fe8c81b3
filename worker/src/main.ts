import { WORKER_SETTINGS, configuredOr, loadEnv, s3Encryption } from '@portal/libs';
import { boxClient } from './esign/box.client';
import { registerBoxWebhook } from './esign/box.webhook';
import { createApplicationWorker } from './worker';
import { installRuntimeMetrics } from './metrics';

const exit = (problem: unknown): never => {
  console.error(problem);
  process.exit(1);
};

async function main() {
  // S3_SSE=aws:kms needs S3_SSE_KMS_KEY_ID: checked with the rest, before anything starts.
  const settings = configuredOr(() => loadEnv(WORKER_SETTINGS, process.env), exit, s3Encryption);
  // The Temporal SDK's metrics and the activity failures (metrics.ts), before the first connection.
  const metrics = installRuntimeMetrics(settings.METRICS_HOST, settings.METRICS_PORT);
  if (metrics) console.log(`worker metrics on http://${metrics}/metrics`);
  // Without a registered webhook Box never calls us and signing falls back to polling: register it at
  // start-up when configured, and say so loudly when it fails (the worker still starts and polls).
  if (settings.BOX_WEBHOOK_ADDRESS !== 'none') {
    await registerBoxWebhook(boxClient(settings), settings.BOX_PARENT_FOLDER_ID, settings.BOX_WEBHOOK_ADDRESS).then(
      (r) => console.log(`Box webhook ${r} for folder ${settings.BOX_PARENT_FOLDER_ID}`),
      (e: Error) => console.error(`Box webhook not registered, signing falls back to polling: ${e.message}`),
    );
  }
  const { run, close } = await createApplicationWorker(settings);
  console.log(`worker polling task queue ${settings.TEMPORAL_TASK_QUEUE} and its documents queue`);
  await run(); // returns after SIGINT/SIGTERM once in-flight tasks finish
  await close();
}

main().catch(exit);
