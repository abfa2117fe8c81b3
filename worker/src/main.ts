import { ConfigError, WORKER_SETTINGS, loadEnv, s3Encryption } from '@portal/libs';
import { boxClient } from './esign/box.client';
import { registerBoxWebhook } from './esign/box.webhook';
import { createApplicationWorker } from './worker';

async function main() {
  let settings;
  try {
    settings = loadEnv(WORKER_SETTINGS, process.env);
    s3Encryption(settings); // S3_SSE=aws:kms needs S3_SSE_KMS_KEY_ID
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
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

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
