// The bench's stack as npm start runs it (a full run's default): the web server in front of the browser's
// journey, the api's and the worker's traces through the OpenTelemetry Collector to Zipkin, and Prometheus
// scraping the metrics ports. What it adds to the bare stack: ports, a web build of the run's own, the ratio.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, type StackPorts } from '../../stack/stack.ts';

/** The share of traces kept: production's (docker-compose.yml's TRACES_SAMPLE_RATIO default). */
export const SAMPLE_RATIO = '0.1';

/** The observed services' ports, from six free ones. */
export const observedPorts = (free: number[]): Partial<StackPorts> => ({
  ZIPKIN_PORT: free[0]!,
  OTLP_PORT: free[1]!,
  PROMETHEUS_PORT: free[2]!,
  API_METRICS_PORT: free[3]!,
  WORKER_METRICS_PORT: free[4]!,
  TEMPORAL_METRICS_PORT: free[5]!,
});

/** The web build the web server serves, in the run's own folder (a suite beside the bench may serve web/dist). */
export function buildWeb(dataDir: string): string {
  const dist = join(dataDir, 'web-served');
  console.log('bench: building the web app for its web server');
  const built = spawnSync(
    process.execPath,
    ['../node_modules/vite/bin/vite.js', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: join(ROOT, 'web'), stdio: 'inherit', env: { ...process.env, WEB_DIST: dist } },
  );
  if (built.status !== 0) throw new Error('the web build failed');
  return dist;
}
