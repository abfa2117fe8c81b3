// How `npm start`, the tests and the bench run each local service of the table (services.ts): one builder
// per service name, giving its process spec(s) for the stack's ports (none when its option is off).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SEARCH_ATTRIBUTES } from '../workflows/src/application/search-attribute-table.ts';
import { httpOk, tcpOpen, type ServiceSpec } from './processes.ts';
import { prometheusSpec } from './prometheus.ts';
import { ROOT, bin } from './root.ts';
import type { DbEngine, S3Kind, StackPorts, WebMode } from './stack.ts';

const NODE = process.execPath;
export const S3_BUCKET = 'portal-documents';
/**
 * A secret made at each start and given only to the Temporal UI, as the first part of its codec endpoint's
 * path: the codec proxy (stack/codec-proxy.ts) decodes for no caller that does not know it.
 */
export const CODEC_PATH_SECRET = randomBytes(18).toString('base64url');

/** What a builder is given: the ports, the data directory, the options and the app processes' environment. */
export type LocalContext = {
  p: StackPorts;
  data: string;
  opts: { headless?: boolean; s3?: S3Kind; engine: DbEngine; webMode?: WebMode };
  env: Record<string, string>;
};

async function temporalAnswers(port: number): Promise<boolean> {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(
    bin('.tools/py/bin/temporal'),
    ['operator', 'namespace', 'describe', '--namespace', 'default', '--address', `127.0.0.1:${port}`],
    { stdio: 'ignore' },
  );
  return r.status === 0;
}

/** moto's S3 on the port, with the documents bucket (created by the readiness check: moto starts empty). */
export function motoSpec(port: number, env: Record<string, string> = {}): ServiceSpec {
  const url = `http://127.0.0.1:${port}`;
  return {
    name: 's3',
    // MOTO_SERVER: another install of the same pinned moto (e.g. a shared .tools not yet set up again).
    command: process.env.MOTO_SERVER ?? bin('.tools/py/bin/moto_server'),
    args: ['-H', '127.0.0.1', '-p', String(port)],
    env,
    ready: async () =>
      (await tcpOpen(port)) &&
      (await fetch(`${url}/${S3_BUCKET}`, { method: 'PUT' }).then(
        (r) => r.ok,
        () => false,
      )),
    url,
    quiet: true,
  };
}

/** The pinned Zipkin jar stack/setup.sh fetched (Maven Central, checksum checked). */
export const ZIPKIN_JAR = '.tools/zipkin/zipkin-server-3.6.1-exec.jar';

/** Zipkin on the port: in-memory storage, its UI at / and the spans' endpoint at /api/v2/spans. */
export function zipkinSpec(port: number): ServiceSpec {
  return {
    name: 'zipkin',
    command: 'java',
    // ZIPKIN_JAR: another copy of the same pinned jar (as MOTO_SERVER for moto).
    // The client compiler and the serial collector: a third of the start-up time on a busy machine (22 s against
    // 67 s measured at load 21 on 2 cores), for a viewer that never runs hot.
    args: [
      ...['-Xmx256m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', process.env.ZIPKIN_JAR ?? bin(ZIPKIN_JAR)],
      ...['--server.address=127.0.0.1', `--server.port=${port}`],
    ],
    env: { STORAGE_TYPE: 'mem' },
    ready: () => httpOk(`http://127.0.0.1:${port}/health`),
    readyTimeoutMs: 150_000,
    url: `http://localhost:${port}/zipkin/`,
    quiet: true,
  };
}

const ferretdb = (p: StackPorts, env: Record<string, string>): ServiceSpec => ({
  name: 'ferretdb',
  command: bin('.tools/bin/ferretdb'),
  args: [],
  env: { FERRETDB_LISTEN_ADDR: `127.0.0.1:${p.MONGODB_PORT}`, ...env },
  ready: () => tcpOpen(p.MONGODB_PORT),
  essential: true,
});
/** A process's METRICS_PORT: the stack's port for it, or off (a process without one serves no metrics). */
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
 * V8's heap for the worker (issue 26; docker-compose.yml runs it the same way, checked in services.spec.ts). By
 * default V8 sized each of its two heaps (the activities' and the workflow thread's) for throughput: a young
 * generation of 2 x 64 MB each, cut back to a few MB whenever the worker idled and grown back under load, and an
 * old space let grow to about three times what was live before a full collection. Its RSS swung between about
 * 540 and 890 MiB with the load (1.07 to 1.55x over 200 bench journeys). With a young generation of 2 x 16 MB and
 * the old space collected at 1.5 times its live size it holds about 440 to 490 MiB, idle or busy (1.00 to 1.03x),
 * its CPU per application within the runs' spread (149 to 168 ms against 154 to 162). Worker threads take the
 * process's flags (the workflow thread's young generation measured 2 x 16 MB too).
 */
export const WORKER_HEAP_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'];

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
  temporal: ({ p, data, opts }) => [
    {
      name: 'temporal',
      command: bin('.tools/py/bin/temporal'),
      args: [
        'server',
        'start-dev',
        '--ip',
        '127.0.0.1',
        '--port',
        String(p.TEMPORAL_PORT),
        '--db-filename',
        join(data, 'temporal', 'dev.sqlite'),
        // The dev server's SQLite defaults to a rollback journal with a sync per transaction: every workflow
        // task wrote and deleted a journal file (tens of MB/s of writes under the journeys' load). WAL with
        // NORMAL sync survives a killed server (the resilience suite SIGKILLs it); only a power loss could
        // lose the last moments, which production's Temporal cluster does not run on anyway.
        '--sqlite-pragma',
        'journal_mode=wal',
        '--sqlite-pragma',
        'synchronous=normal',
        ...(opts.headless
          ? ['--headless']
          : [
              '--ui-port',
              String(p.TEMPORAL_UI_PORT),
              '--ui-disable-news-fetch',
              // The UI decodes payloads through the operator's codec proxy (stack/codec-proxy.ts).
              ...(p.CODEC_PROXY_PORT
                ? ['--ui-codec-endpoint', `http://localhost:${p.CODEC_PROXY_PORT}/${CODEC_PATH_SECRET}`]
                : []),
            ]),
        ...Object.entries(SEARCH_ATTRIBUTES).flatMap(([n, t]) => ['--search-attribute', `${n}=${t}`]),
        // Its own metrics (frontend requests, persistence latency) for Prometheus, when the stack gives a port.
        ...(p.TEMPORAL_METRICS_PORT ? ['--metrics-port', String(p.TEMPORAL_METRICS_PORT)] : []),
        // An activity the workflow schedules goes back to the worker with the workflow task's answer
        // instead of through a task queue poll (the SDK asks for it; the server's default refuses).
        '--dynamic-config-value',
        'system.enableActivityEagerExecution=true',
        // One partition per task queue: partitions spread a queue over matching hosts, and this server is
        // one host with one worker per queue, so more only forward polls and tasks between partitions.
        '--dynamic-config-value',
        'matching.numTaskqueueReadPartitions=1',
        '--dynamic-config-value',
        'matching.numTaskqueueWritePartitions=1',
        '--log-level',
        'warn',
      ],
      ready: async () => (await tcpOpen(p.TEMPORAL_PORT)) && (await temporalAnswers(p.TEMPORAL_PORT)),
      readyTimeoutMs: 90_000,
      essential: true,
      url: opts.headless ? undefined : `http://localhost:${p.TEMPORAL_UI_PORT}`,
    },
  ],
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
      ready: async () => (await tcpOpen(p.SMTP_PORT)) && (await tcpOpen(p.MAILDEV_WEB_PORT)),
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
          args: [bin('stack/s3-front.ts')],
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
  zipkin: ({ p }) => (p.ZIPKIN_PORT ? [zipkinSpec(p.ZIPKIN_PORT)] : []),
  api: ({ p, env }) => [
    {
      name: 'api',
      command: NODE,
      args: [bin('api/dist/main.js')],
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
            args: [bin('stack/codec-proxy.ts')],
            env: { ...env, CODEC_PROXY_PORT: String(p.CODEC_PROXY_PORT), CODEC_PATH_SECRET },
            ready: () => tcpOpen(p.CODEC_PROXY_PORT!),
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
