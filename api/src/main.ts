import { API_SETTINGS, ConfigError, loadEnv, s3Encryption } from '@portal/libs';
import { createApp } from './app';

async function main() {
  let settings;
  try {
    settings = loadEnv(API_SETTINGS, process.env);
    s3Encryption(settings); // S3_SSE=aws:kms needs S3_SSE_KMS_KEY_ID
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const app = await createApp();
  await app.listen(settings.API_PORT, settings.API_HOST);
  console.log(`api listening on http://${settings.API_HOST}:${settings.API_PORT}/api`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
