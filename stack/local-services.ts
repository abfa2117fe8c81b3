// How `npm start`, the tests and the bench run each local service of the table (services.ts): one builder
// per service name, giving its process spec(s) for the stack's ports (none when its option is off).
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  S3_BUCKET,
  ferretdb,
  motoSpec,
  otelcolSpec,
  temporalSpec,
  zipkinSpec,
  type LocalContext,
} from './infrastructure-specs.ts';
import { httpOk, tcpOpen, type ServiceSpec } from './processes.ts';
import { prometheusSpec } from './prometheus.ts';
import { ROOT, bin } from './root.ts';
import type { StackPorts } from './stack.ts';

export {
  LOCAL_OPERATOR_TOKEN,
  S3_BUCKET,
  ZIPKIN_JAR,
  motoSpec,
  otelcolSpec,
  otlpTracesUrl,
  zipkinSpec,
  type LocalContext,
} from './infrastructure-specs.ts';

const NODE = process.execPath;
/** Node running one of our TypeScript files, as stack/node.sh runs it (esm-sources.mjs: no reparse, no warning). */
const NODE_TS = ['--import', bin('stack/esm-sources.mjs')];

/** maildev's web server answers its health path with `true`. */
async function maildevAnswers(webPort: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${webPort}/api/healthz`, { signal: AbortSignal.timeout(2000) });
    return res.ok && (await res.text()).trim() === 'true';
  } catch {
    return false;
  }
}

const metricsPortOf = (port: number | undefined) => (port ? String(port) : 'off');

/** The metrics endpoints the stack's ports give, by Prometheus job name. */
export function scrapeTargets(p: StackPorts): Record<string, string> {
  const targets: Record<string, string> = {};
  if (p.API_METRICS_PORT) targets.api = `127.0.0.1:${p.API_METRICS_PORT}`;
  if (p.WORKER_METRICS_PORT) targets.worker = `127.0.0.1:${p.WORKER_METRICS_PORT}`;
  if (p.TEMPORAL_METRICS_PORT) targets.temporal = `127.0.0.1:${p.TEMPORAL_METRICS_PORT}`;
  return targets;
}

/**
 * V8's heap for the worker, held to a steady size (docker-compose.yml runs it the same way, checked in services.spec.ts). By
 * default V8 sized each of its two heaps (the activities' and the workflow thread's) for throughput: a young
 * generation of 2 x 64 MB each, cut back to a few MB whenever the worker idled and grown back under load, and an
 * old space let grow to about three times what was live before a full collection. Its RSS swung between about
 * 540 and 890 MiB with the load (1.07 to 1.55x over 200 bench journeys). With a young generation of 2 x 16 MB and
 * the old space collected at 1.5 times its live size it holds about 440 to 490 MiB, idle or busy (1.00 to 1.03x),
 * its CPU per application within the runs' spread (149 to 168 ms against 154 to 162). Worker threads take the
 * process's flags (the workflow thread's young generation measured 2 x 16 MB too).
 */
export const WORKER_HEAP_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'];

/**
 * V8's heap for the api, held to a steady size (docker-compose.yml runs it the same way, checked in services.spec.ts).
 * By default V8 let the api's old space fill to about 250 MB before its first full collection, where about 60
 * MB were live: over one round of the browser's journeys its main heap grew from about 225 to 410 MB, the most of
 * its RSS growth (1.76 to 2.16x, 436 to 944 MiB in the report). With the old space collected first at 48 MB (32 since 2026-11-30) and then at 1.2
 * times its live size, the main heap holds at about 225 to 250 MB idle or busy. No --max-semi-space-size: V8's
 * flags are the process's, and that one overrides the young generation the upload inspection threads are given
 * (inspection-threads.ts asks for 8 MB; with --max-semi-space-size=32 each grew to 64). Over item 5 of the bench the
 * api went 442 to 554 and 441 to 555 MiB (1.25 and 1.26x, against 1.76 to 1.83x on the defaults in the same hour),
 * its CPU per application within the runs' spread (237 to 253 ms against 226 to 260 on the browser's journey).
 * The initial old space is the floor of every isolate's old-space limit, the upload inspection threads' too: their
 * live heaps are 20 to 25 MB, so at 48 each thread's heap filled with pdf.js's garbage to about 44 MB before a
 * collection, at 32 to about 38; the main heap (60 MB live, collected at 1.2 times that) the same either way, and the
 * threads' collections about 0.4 ms of CPU per statement (docs/performance.md, "The api's memory", 2026-11-30).
 */
export const API_HEAP_FLAGS = ['--heap-growing-percent=20', '--initial-old-space-size=32'];

/** Node running a file of the repo, answering health at `health`. */
const nodeService = (name: string, file: string, env: Record<string, string>, health: string, url = health) => ({
  name,
  command: NODE,
  args: [bin(file)],
  env,
  ready: () => httpOk(health),
  url,
});

export const LOCAL_SERVICES: Record<string, (c: LocalContext) => ServiceSpec[]> = {
  temporal: (c) => [temporalSpec(c)],
  postgres: ({ data, opts }) => {
    if (opts.engine !== 'postgresql') return [];
    const pg = join(data, 'postgres');
    return [
      {
        name: 'postgres',
        command: 'bash',
        args: [bin('stack/postgres.sh'), pg],
        ready: async () => existsSync(join(pg, '.s.PGSQL.5432')),
        readyTimeoutMs: 60_000,
        essential: true,
        quiet: true,
      },
    ];
  },
  ferretdb: ({ p, data, opts }) => [
    opts.engine === 'sqlite'
      ? ferretdb(p, { FERRETDB_SQLITE_DIR: join(data, 'ferretdb') })
      : ferretdb(p, {
          FERRETDB_HANDLER: 'postgresql',
          FERRETDB_POSTGRESQL_URL: `postgres://postgres@/postgres?host=${encodeURIComponent(join(data, 'postgres'))}`,
        }),
  ],
  maildev: ({ p, data }) => [
    {
      name: 'maildev',
      command: NODE,
      args: [
        bin('node_modules/maildev/dist/bin/maildev.js'),
        '--smtp',
        String(p.SMTP_PORT),
        '--ip',
        '127.0.0.1',
        '--web',
        String(p.MAILDEV_WEB_PORT),
        '--web-ip',
        '127.0.0.1',
        '--mail-directory',
        join(data, 'mail'),
      ],
      // Its own health answer, not just an open port: a port taken by another process is then an error here,
      // never a test reading somebody else's answers as the inbox.
      ready: async () => (await tcpOpen(p.SMTP_PORT)) && (await maildevAnswers(p.MAILDEV_WEB_PORT)),
      url: `http://localhost:${p.MAILDEV_WEB_PORT}`,
      quiet: true,
    },
  ],
  s3: ({ p, data, opts }) => [
    opts.s3 === 'moto'
      ? motoSpec(p.S3_PORT)
      : {
          // moto behind the strict front (stack/s3-front.ts): signatures, checksums and KMS key ids checked
          // as AWS checks them, and the objects kept across restarts (moto's recorder, replayed at start).
          name: 's3',
          command: NODE,
          args: [...NODE_TS, bin('stack/s3-front.ts')],
          env: {
            S3_PORT: String(p.S3_PORT),
            S3_DATA_DIR: join(data, 's3'),
            S3_BUCKET,
            MOTO_SERVER: process.env.MOTO_SERVER ?? bin('.tools/py/bin/moto_server'),
          },
          ready: () => tcpOpen(p.S3_PORT),
          readyTimeoutMs: 120_000,
          url: `http://127.0.0.1:${p.S3_PORT}`,
        },
  ],
  crm: ({ p, data }) => [
    nodeService(
      'crm',
      'sandbox/dist/crm/main.js',
      { CRM_STANDIN_PORT: String(p.CRM_STANDIN_PORT), CRM_STANDIN_DATA: join(data, 'crm', 'crm.json') },
      `http://127.0.0.1:${p.CRM_STANDIN_PORT}/__admin/health`,
      `http://127.0.0.1:${p.CRM_STANDIN_PORT}/__admin/sobjects/Lead`,
    ),
  ],
  esign: ({ p, data }) => [
    nodeService(
      'esign',
      'sandbox/dist/esign/main.js',
      { ESIGN_STANDIN_PORT: String(p.ESIGN_STANDIN_PORT), ESIGN_STANDIN_DATA: join(data, 'esign') },
      `http://127.0.0.1:${p.ESIGN_STANDIN_PORT}/__admin/health`,
    ),
  ],
  offers: ({ p }) => [
    nodeService(
      'offers',
      'sandbox/dist/offers/main.js',
      { OFFER_STANDIN_PORT: String(p.OFFER_STANDIN_PORT) },
      `http://127.0.0.1:${p.OFFER_STANDIN_PORT}/health`,
    ),
  ],
  plaid: ({ p }) => [
    nodeService(
      'plaid',
      'sandbox/dist/plaid/main.js',
      { PLAID_STANDIN_PORT: String(p.PLAID_STANDIN_PORT) },
      `http://127.0.0.1:${p.PLAID_STANDIN_PORT}/health`,
    ),
  ],
  zipkin: ({ p }) => (p.ZIPKIN_PORT && p.OTLP_PORT ? [zipkinSpec(p.ZIPKIN_PORT)] : []),
  // In front of Zipkin: the apps export OTLP to it (TRACES_URL), it hands the spans on to Zipkin.
  otelcol: ({ p }) => (p.ZIPKIN_PORT && p.OTLP_PORT ? [otelcolSpec(p.OTLP_PORT, p.ZIPKIN_PORT)] : []),
  api: ({ p, env }) => [
    {
      name: 'api',
      command: NODE,
      args: [...API_HEAP_FLAGS, bin('api/dist/main.js')],
      env: { ...env, METRICS_PORT: metricsPortOf(p.API_METRICS_PORT) },
      ready: () => httpOk(`http://127.0.0.1:${p.API_PORT}/api/health`),
    },
  ],
  worker: ({ p, env }) => [
    {
      name: 'worker',
      command: NODE,
      args: [...WORKER_HEAP_FLAGS, bin('worker/dist/main.js')],
      env: { ...env, METRICS_PORT: metricsPortOf(p.WORKER_METRICS_PORT) },
      ready: () => Promise.resolve(true),
    },
  ],
  // Scrapes what the stack gives a metrics port (stack/prometheus.ts); its data under the stack's.
  prometheus: ({ p, data }) =>
    p.PROMETHEUS_PORT ? [prometheusSpec(p.PROMETHEUS_PORT, join(data, 'prometheus'), scrapeTargets(p))] : [],
  codec: ({ p, env }) =>
    p.CODEC_PROXY_PORT
      ? [
          {
            name: 'codec',
            command: NODE,
            args: [...NODE_TS, bin('stack/codec-proxy.ts')],
            env: {
              ...env,
              CODEC_PROXY_PORT: String(p.CODEC_PROXY_PORT),
              // The UI it serves (none when the stack runs Temporal headless).
              ...(p.TEMPORAL_UI_PORT ? { TEMPORAL_UI_URL: `http://127.0.0.1:${p.TEMPORAL_UI_PORT}` } : {}),
            },
            ready: () => tcpOpen(p.CODEC_PROXY_PORT!),
            // The operator's way in: the Temporal UI, signed in (the link holds this start's operator token).
            url: `http://localhost:${p.CODEC_PROXY_PORT}/sign-in?token=${encodeURIComponent(env.OPERATOR_TOKEN ?? '')}`,
            quiet: true,
          },
        ]
      : [],
  web: ({ p, env, opts }) => [
    {
      name: 'web',
      command: NODE,
      args: [bin('node_modules/vite/bin/vite.js'), ...(opts.webMode === 'dev' ? [] : ['preview'])],
      cwd: bin('web'),
      env,
      ready: () => httpOk(`http://127.0.0.1:${p.WEB_PORT}/`),
      url: `http://localhost:${p.WEB_PORT}`,
    },
  ],
  'web-build': ({ env, opts }) =>
    opts.webMode === 'watch'
      ? [
          {
            name: 'web-build',
            // The first build is done before the stack starts; the outDir is not emptied on a rebuild,
            // so the page being served never disappears while the next one is written.
            command: NODE,
            args: [
              bin('node_modules/vite/bin/vite.js'),
              'build',
              '--watch',
              '--emptyOutDir',
              'false',
              '--logLevel',
              'warn',
            ],
            cwd: bin('web'),
            env,
            ready: () => Promise.resolve(true),
          },
        ]
      : [],
};

/** The data directory, resolved from the repo root, with a folder for each service that keeps data. */
export function dataDirOf(p: StackPorts): string {
  const data = resolve(ROOT, p.DATA_DIR);
  for (const d of ['temporal', 'ferretdb', 's3', 'crm', 'esign', 'mail']) mkdirSync(join(data, d), { recursive: true });
  return data;
}
