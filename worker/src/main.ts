import { ConfigError, WORKER_SETTINGS, loadEnv, s3Encryption } from '@portal/libs';
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
  const { worker, close } = await createApplicationWorker(settings);
  console.log(`worker polling task queue ${settings.TEMPORAL_TASK_QUEUE}`);
  await worker.run(); // returns after SIGINT/SIGTERM once in-flight tasks finish
  await close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
