// The local stack: every service of `npm start`, in start order, with its health wait. The services, their
// ports and their production counterparts are one table (services.ts); their processes, local-services.ts.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { LOCAL_APPLICATIONS_FOLDER_ID } from '../sandbox/src/esign/types.ts';
import { SEARCH_ATTRIBUTES } from '../workflows/src/application/search-attribute-table.ts';
import {
  LOCAL_OPERATOR_TOKEN,
  LOCAL_SERVICES,
  S3_BUCKET,
  dataDirOf,
  otlpTracesUrl,
  type LocalContext,
} from './local-services.ts';
import { startService, stopAll, type Running, type ServiceSpec } from './processes.ts';
import { ROOT, bin } from './root.ts';
import { SERVICES, type Service } from './services.ts';

export { ROOT } from './root.ts';
export { S3_BUCKET, motoSpec } from './local-services.ts';

export type StackPorts = {
  WEB_PORT: number;
  API_PORT: number;
  TEMPORAL_PORT: number;
  TEMPORAL_UI_PORT: number;
  MONGODB_PORT: number;
  SMTP_PORT: number;
  MAILDEV_WEB_PORT: number;
  S3_PORT: number;
  CRM_STANDIN_PORT: number;
  ESIGN_STANDIN_PORT: number;
  OFFER_STANDIN_PORT: number;
  PLAID_STANDIN_PORT: number;
  /** The operator's codec proxy the Temporal UI calls (only when the UI runs). */
  CODEC_PROXY_PORT?: number;
  /** Prometheus (npm start), scraping the metrics ports below (stack/prometheus.ts). */
  PROMETHEUS_PORT?: number;
  /** The api's, the worker's and the Temporal dev server's metrics; without one, that process serves none. */
  API_METRICS_PORT?: number;
  WORKER_METRICS_PORT?: number;
  TEMPORAL_METRICS_PORT?: number;
  /**
   * Zipkin, the trace viewer, and the OpenTelemetry Collector's OTLP/HTTP port in front of it: with both, the api
   * and the worker send their spans to the collector (TRACES_URL), which hands them on to Zipkin.
   */
  ZIPKIN_PORT?: number;
  OTLP_PORT?: number;
  DATA_DIR: string;
};

/** The application workflow's search attributes with their types: the workflow's own list, re-exported. */
export { SEARCH_ATTRIBUTES };

/**
 * Which local S3, both moto (PyPI moto[server], pinned in setup.sh): `strict` for `npm start`, moto behind
 * stack/s3-front.ts, which checks signatures, checksums and KMS key ids as AWS does and keeps the objects
 * across restarts; `moto` for the tests, bare, each spec adding the checks it proves (IAM, bucket policy).
 */
export type S3Kind = 'moto' | 'strict';

/**
 * Made at each start and given to the local web server and the api alone: the web server sends it with
 * the browser's socket address, so the api counts each browser on its own while a forged
 * X-Forwarded-For, from anyone without it, counts for nothing.
 */
const LOCAL_PROXY_SECRET = randomBytes(18).toString('base64url');

/** The environment every app process shares, derived from the stack's ports. */
export function appEnv(p: StackPorts, publicHost = 'localhost'): Record<string, string> {
  return {
    MONGODB_URI: `mongodb://127.0.0.1:${p.MONGODB_PORT}/portal`,
    TEMPORAL_ADDRESS: `127.0.0.1:${p.TEMPORAL_PORT}`,
    SF_LOGIN_URL: `http://127.0.0.1:${p.CRM_STANDIN_PORT}`,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(p.SMTP_PORT),
    S3_ENDPOINT: `http://127.0.0.1:${p.S3_PORT}`,
    S3_BUCKET,
    S3_CHECKSUMS: 'when_supported',
    BOX_API_URL: `http://127.0.0.1:${p.ESIGN_STANDIN_PORT}`,
    BOX_UPLOAD_URL: `http://127.0.0.1:${p.ESIGN_STANDIN_PORT}/api`,
    // The worker registers the api's webhook at start-up on the applications folder the stand-in seeds,
    // as production registers it on BOX_PARENT_FOLDER_ID (docs/integrations.md, 'Box webhook').
    BOX_PARENT_FOLDER_ID: LOCAL_APPLICATIONS_FOLDER_ID,
    BOX_WEBHOOK_ADDRESS: `http://127.0.0.1:${p.API_PORT}/api/webhooks/box`,
    PUBLIC_URL: `http://${publicHost}:${p.WEB_PORT}`,
    OFFER_SERVICE_URL: `http://127.0.0.1:${p.OFFER_STANDIN_PORT}`,
    PLAID_URL: `http://127.0.0.1:${p.PLAID_STANDIN_PORT}`,
    PLAID_WEBHOOK_URL: `http://127.0.0.1:${p.API_PORT}/api/webhooks/plaid`,
    // The stand-in's OAuth bank sends the browser back here, as Plaid's would (http allowed on loopback only).
    PLAID_REDIRECT_URI: `http://${publicHost}:${p.WEB_PORT}/bank-statements`,
    API_PORT: String(p.API_PORT),
    API_URL: `http://127.0.0.1:${p.API_PORT}`,
    WEB_PORT: String(p.WEB_PORT),
    TEMPORAL_UI_ORIGIN: `http://localhost:${p.TEMPORAL_UI_PORT}`,
    OPERATOR_TOKEN: LOCAL_OPERATOR_TOKEN,
    LOCAL_PROXY_SECRET,
    TRACES_URL: p.ZIPKIN_PORT && p.OTLP_PORT ? otlpTracesUrl(p.OTLP_PORT) : 'none',
  };
}

/**
 * On a dev server started with an existing database, new search attributes must be created explicitly. Only
 * the missing ones are created: the server logs a warning for each one asked for again, on every start.
 */
export async function registerSearchAttributes(port: number) {
  const temporal = (...args: string[]) =>
    spawnSync(bin('.tools/py/bin/temporal'), [...args, '--namespace', 'default', '--address', `127.0.0.1:${port}`], {
      encoding: 'utf8',
    });
  const listed = temporal('operator', 'search-attribute', 'list', '--output', 'json');
  if (listed.status !== 0) throw new Error(`search attributes: ${listed.stderr}`);
  const existing = (JSON.parse(listed.stdout) as { customAttributes?: Record<string, string> }).customAttributes ?? {};
  for (const [name, type] of Object.entries(SEARCH_ATTRIBUTES)) {
    if (name in existing) continue;
    const r = temporal('operator', 'search-attribute', 'create', '--name', name, '--type', type);
    if (r.status !== 0 && !/already exists/i.test(`${r.stderr}${r.stdout}`))
      throw new Error(`search attribute ${name}: ${r.stderr}`);
  }
}

/**
 * FerretDB's storage: SQLite (the default) or PostgreSQL (Debian's, a cluster under the data directory,
 * stack/postgres.sh). `PORTAL_DB_ENGINE=postgresql` chooses it for npm start, the tests and the bench;
 * the measurements that decided the default are in docs/ferretdb.md, 'FerretDB on PostgreSQL'.
 */
export type DbEngine = 'sqlite' | 'postgresql';
export const dbEngine = (): DbEngine => (process.env.PORTAL_DB_ENGINE === 'postgresql' ? 'postgresql' : 'sqlite');

/**
 * How the web app is served: `preview` serves the production build in web/dist (built beforehand);
 * `watch` does the same and rebuilds it when a source changes (`npm start`, the app as users get it);
 * `dev` is Vite's development server with hot reload (`npm run dev`).
 */
export type WebMode = 'dev' | 'preview' | 'watch';

/** The process specs of one tier of the service table (services.ts), in its order. */
function specsOf(tier: Service['tier'], c: LocalContext): ServiceSpec[] {
  return SERVICES.filter((s) => s.tier === tier).flatMap((s) => LOCAL_SERVICES[s.name]!(c));
}

/** Temporal, the database, mail, S3 and the stand-ins. */
export function infrastructureSpecs(
  p: StackPorts,
  opts: { headless?: boolean; s3?: S3Kind; engine?: DbEngine } = {},
): ServiceSpec[] {
  const engine = opts.engine ?? dbEngine();
  return specsOf('infrastructure', { p, data: dataDirOf(p), opts: { ...opts, engine }, env: {} });
}

/** The api, the worker, the codec proxy (with CODEC_PROXY_PORT) and the web app. */
export function appSpecs(
  p: StackPorts,
  opts: { webMode?: WebMode; publicHost?: string; s3?: S3Kind } = {},
): ServiceSpec[] {
  const env = appEnv(p, opts.publicHost);
  return specsOf('app', { p, data: resolve(ROOT, p.DATA_DIR), opts: { ...opts, engine: dbEngine() }, env });
}

/** Starts everything in order; on any failure stops what already runs. */
export async function startStack(
  p: StackPorts,
  opts: { headless?: boolean; webMode?: WebMode; publicHost?: string; s3?: S3Kind } = {},
): Promise<Running[]> {
  const running: Running[] = [];
  try {
    for (const spec of infrastructureSpecs(p, opts)) {
      running.push(await startService(spec));
      if (spec.name === 'temporal') await registerSearchAttributes(p.TEMPORAL_PORT);
    }
    for (const spec of appSpecs(p, opts)) running.push(await startService(spec));
    return running;
  } catch (e) {
    await stopAll(running);
    throw e;
  }
}
