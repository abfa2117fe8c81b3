import { API_SETTINGS, configuredOr, loadEnv, s3Encryption } from '@portal/libs';
import { createApp } from './app';
import { registry } from './common/metrics';
import { serveMetrics } from './metrics/metrics-server';
import { startApiTracing } from './common/tracing';

const exit = (problem: unknown): never => {
  console.error(problem);
  process.exit(1);
};

async function main() {
  // S3_SSE=aws:kms needs S3_SSE_KMS_KEY_ID: checked with the rest, before anything starts.
  const settings = configuredOr(() => loadEnv(API_SETTINGS, process.env), exit, s3Encryption);
  // Before the app is built: its requests and its Temporal client's calls are traced when TRACES_URL is set.
  await startApiTracing(settings);
  const app = await createApp();
  await app.listen(settings.API_PORT, settings.API_HOST);
  console.log(`api listening on http://${settings.API_HOST}:${settings.API_PORT}/api`);
  // Prometheus metrics on their own port, never the public one (docs/operations/metrics.md).
  if (settings.METRICS_PORT !== 'off') {
    await serveMetrics(registry, settings.METRICS_HOST, settings.METRICS_PORT);
    console.log(`api metrics on http://${settings.METRICS_HOST}:${settings.METRICS_PORT}/metrics`);
  }
}

main().catch(exit);
