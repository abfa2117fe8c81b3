// The local stack: every service of `npm start`, in start order, with its health wait.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { httpOk, startService, stopAll, tcpOpen, type Running, type ServiceSpec } from './processes.ts';

/** Seeded by the e-sign stand-in (sandbox/src/esign/server.ts LOCAL_APPLICATIONS_FOLDER_ID). */
const LOCAL_APPLICATIONS_FOLDER_ID = '100';

/**
 * The repo root: the nearest folder up from the working directory whose package.json is this project's.
 * (Not import.meta: Playwright loads this file as CommonJS, the launcher as an ES module.)
 */
function findRoot(from: string): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'portal') return dir;
    if (dirname(dir) === dir) throw new Error('run from inside the portal repository');
  }
}
export const ROOT = findRoot(process.cwd());
const NODE = process.execPath;
const bin = (p: string) => join(ROOT, p);

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
  /** The operator's codec proxy the Temporal UI calls (only when the UI runs). */
  CODEC_PROXY_PORT?: number;
  DATA_DIR: string;
};

/**
 * The application workflow's search attributes with their types (the same table as SEARCH_ATTRIBUTES in
 * workflows/src/application/messages.ts; the workflow spec checks that they agree).
 */
export const SEARCH_ATTRIBUTES: Record<string, 'Keyword' | 'Int' | 'Bool' | 'Datetime'> = {
  ApplicationStage: 'Keyword',
  ApplicationStep: 'Int',
  ApplicationStatus: 'Keyword',
  Country: 'Keyword',
  AffiliateId: 'Keyword',
  StalledSince: 'Datetime',
  CrmSyncPending: 'Bool',
  LastError: 'Keyword',
  CrmLeadId: 'Keyword',
};
export const S3_BUCKET = 'portal-documents';

/**
 * Which local S3: moto (PyPI moto[server], pinned in setup.sh) for the tests, as strict as AWS on
 * checksums, encryption headers and IAM; s3rver for `npm start`, because moto keeps objects in memory
 * only and the local stack promises its data across restarts (README 'S3 locally').
 */
export type S3Kind = 'moto' | 's3rver';

/** The environment every app process shares, derived from the stack's ports. */
export function appEnv(p: StackPorts, publicHost = 'localhost', s3: S3Kind = 's3rver'): Record<string, string> {
  return {
    MONGODB_URI: `mongodb://127.0.0.1:${p.MONGODB_PORT}/portal`,
    TEMPORAL_ADDRESS: `127.0.0.1:${p.TEMPORAL_PORT}`,
    SF_LOGIN_URL: `http://127.0.0.1:${p.CRM_STANDIN_PORT}`,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(p.SMTP_PORT),
    S3_ENDPOINT: `http://127.0.0.1:${p.S3_PORT}`,
    S3_BUCKET,
    // s3rver stores aws-chunked frames inside the object when checksums are streamed; moto checks them.
    S3_CHECKSUMS: s3 === 's3rver' ? 'when_required' : 'when_supported',
    BOX_API_URL: `http://127.0.0.1:${p.ESIGN_STANDIN_PORT}`,
    BOX_UPLOAD_URL: `http://127.0.0.1:${p.ESIGN_STANDIN_PORT}/api`,
    // The worker registers the api's webhook at start-up on the applications folder the stand-in seeds,
    // as production registers it on BOX_PARENT_FOLDER_ID (README 'Box webhook').
    BOX_PARENT_FOLDER_ID: LOCAL_APPLICATIONS_FOLDER_ID,
    BOX_WEBHOOK_ADDRESS: `http://127.0.0.1:${p.API_PORT}/api/webhooks/box`,
    PUBLIC_URL: `http://${publicHost}:${p.WEB_PORT}`,
    OFFER_SERVICE_URL: `http://127.0.0.1:${p.OFFER_STANDIN_PORT}`,
    API_PORT: String(p.API_PORT),
    API_URL: `http://127.0.0.1:${p.API_PORT}`,
    WEB_PORT: String(p.WEB_PORT),
    TEMPORAL_UI_ORIGIN: `http://localhost:${p.TEMPORAL_UI_PORT}`,
  };
}

async function temporalAnswers(port: number): Promise<boolean> {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(
    bin('.tools/py/bin/temporal'),
    ['operator', 'namespace', 'describe', '--namespace', 'default', '--address', `127.0.0.1:${port}`],
    { stdio: 'ignore' },
  );
  return r.status === 0;
}

/** On a dev server started with an existing database, new search attributes must be created explicitly. */
export async function registerSearchAttributes(port: number) {
  const { spawnSync } = await import('node:child_process');
  for (const [name, type] of Object.entries(SEARCH_ATTRIBUTES)) {
    const r = spawnSync(
      bin('.tools/py/bin/temporal'),
      [
        'operator',
        'search-attribute',
        'create',
        '--namespace',
        'default',
        '--name',
        name,
        '--type',
        type,
        '--address',
        `127.0.0.1:${port}`,
      ],
      { encoding: 'utf8' },
    );
    if (r.status !== 0 && !/already exists/i.test(`${r.stderr}${r.stdout}`))
      throw new Error(`search attribute ${name}: ${r.stderr}`);
  }
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

/**
 * FerretDB's storage: SQLite (the default) or PostgreSQL (Debian's, a cluster under the data directory,
 * stack/postgres.sh). `PORTAL_DB_ENGINE=postgresql` chooses it for npm start, the tests and the bench;
 * the measurements that decided the default are in README 'FerretDB and MongoDB'.
 */
export type DbEngine = 'sqlite' | 'postgresql';
export const dbEngine = (): DbEngine => (process.env.PORTAL_DB_ENGINE === 'postgresql' ? 'postgresql' : 'sqlite');

function databaseSpecs(p: StackPorts, data: string, engine: DbEngine): ServiceSpec[] {
  const listen = { FERRETDB_LISTEN_ADDR: `127.0.0.1:${p.MONGODB_PORT}` };
  if (engine === 'sqlite')
    return [
      {
        name: 'ferretdb',
        command: bin('.tools/bin/ferretdb'),
        args: [],
        env: { ...listen, FERRETDB_SQLITE_DIR: join(data, 'ferretdb') },
        ready: () => tcpOpen(p.MONGODB_PORT),
        essential: true,
      },
    ];
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
    {
      name: 'ferretdb',
      command: bin('.tools/bin/ferretdb'),
      args: [],
      env: {
        ...listen,
        FERRETDB_HANDLER: 'postgresql',
        FERRETDB_POSTGRESQL_URL: `postgres://postgres@/postgres?host=${encodeURIComponent(pg)}`,
      },
      ready: () => tcpOpen(p.MONGODB_PORT),
      essential: true,
    },
  ];
}

export function infrastructureSpecs(
  p: StackPorts,
  opts: { headless?: boolean; s3?: S3Kind; engine?: DbEngine } = {},
): ServiceSpec[] {
  const data = resolve(ROOT, p.DATA_DIR);
  for (const d of ['temporal', 'ferretdb', 's3', 'crm', 'esign', 'mail']) mkdirSync(join(data, d), { recursive: true });
  return [
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
              ...(p.CODEC_PROXY_PORT ? ['--ui-codec-endpoint', `http://localhost:${p.CODEC_PROXY_PORT}`] : []),
            ]),
        ...Object.entries(SEARCH_ATTRIBUTES).flatMap(([n, t]) => ['--search-attribute', `${n}=${t}`]),
        // An activity the workflow schedules goes back to the worker with the workflow task's answer
        // instead of through a task queue poll (the SDK asks for it; the server's default refuses).
        '--dynamic-config-value',
        'system.enableActivityEagerExecution=true',
        '--log-level',
        'warn',
      ],
      ready: async () => (await tcpOpen(p.TEMPORAL_PORT)) && (await temporalAnswers(p.TEMPORAL_PORT)),
      readyTimeoutMs: 90_000,
      essential: true,
      url: opts.headless ? undefined : `http://localhost:${p.TEMPORAL_UI_PORT}`,
    },
    ...databaseSpecs(p, data, opts.engine ?? dbEngine()),
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
    opts.s3 === 'moto'
      ? motoSpec(p.S3_PORT)
      : {
          name: 's3',
          command: NODE,
          args: [
            bin('node_modules/s3rver/bin/s3rver.js'),
            '-d',
            join(data, 's3'),
            '-a',
            '127.0.0.1',
            '-p',
            String(p.S3_PORT),
            '--silent',
            '--configure-bucket',
            S3_BUCKET,
          ],
          ready: () => tcpOpen(p.S3_PORT),
          url: `http://127.0.0.1:${p.S3_PORT}`,
        },
    {
      name: 'crm',
      command: NODE,
      args: [bin('sandbox/dist/crm/main.js')],
      env: { CRM_STANDIN_PORT: String(p.CRM_STANDIN_PORT), CRM_STANDIN_DATA: join(data, 'crm', 'crm.json') },
      ready: () => httpOk(`http://127.0.0.1:${p.CRM_STANDIN_PORT}/__admin/health`),
      url: `http://127.0.0.1:${p.CRM_STANDIN_PORT}/__admin/sobjects/Lead`,
    },
    {
      name: 'esign',
      command: NODE,
      args: [bin('sandbox/dist/esign/main.js')],
      env: {
        ESIGN_STANDIN_PORT: String(p.ESIGN_STANDIN_PORT),
        ESIGN_STANDIN_DATA: join(data, 'esign'),
      },
      ready: () => httpOk(`http://127.0.0.1:${p.ESIGN_STANDIN_PORT}/__admin/health`),
      url: `http://127.0.0.1:${p.ESIGN_STANDIN_PORT}/__admin/health`,
    },
    {
      name: 'offers',
      command: NODE,
      args: [bin('sandbox/dist/offers/main.js')],
      env: { OFFER_STANDIN_PORT: String(p.OFFER_STANDIN_PORT) },
      ready: () => httpOk(`http://127.0.0.1:${p.OFFER_STANDIN_PORT}/health`),
      url: `http://127.0.0.1:${p.OFFER_STANDIN_PORT}/health`,
    },
  ];
}

/**
 * How the web app is served: `preview` serves the production build in web/dist (built beforehand);
 * `watch` does the same and rebuilds it when a source changes (`npm start`, the app as users get it);
 * `dev` is Vite's development server with hot reload (`npm run dev`).
 */
export type WebMode = 'dev' | 'preview' | 'watch';

export function appSpecs(
  p: StackPorts,
  opts: { webMode?: WebMode; publicHost?: string; s3?: S3Kind } = {},
): ServiceSpec[] {
  const env = appEnv(p, opts.publicHost, opts.s3);
  const vite = bin('node_modules/vite/bin/vite.js');
  const rebuild: ServiceSpec[] =
    opts.webMode === 'watch'
      ? [
          {
            name: 'web-build',
            // The first build is done before the stack starts; the outDir is not emptied on a rebuild,
            // so the page being served never disappears while the next one is written.
            command: NODE,
            args: [vite, 'build', '--watch', '--emptyOutDir', 'false', '--logLevel', 'warn'],
            cwd: bin('web'),
            env,
            ready: () => Promise.resolve(true),
          },
        ]
      : [];
  return [
    {
      name: 'api',
      command: NODE,
      args: [bin('api/dist/main.js')],
      env,
      ready: () => httpOk(`http://127.0.0.1:${p.API_PORT}/api/health`),
    },
    {
      name: 'worker',
      command: NODE,
      args: [bin('worker/dist/main.js')],
      env,
      ready: () => Promise.resolve(true),
    },
    ...(p.CODEC_PROXY_PORT
      ? [
          {
            name: 'codec',
            command: NODE,
            args: [bin('stack/codec-proxy.ts')],
            env: { ...env, CODEC_PROXY_PORT: String(p.CODEC_PROXY_PORT) },
            ready: () => tcpOpen(p.CODEC_PROXY_PORT!),
            quiet: true,
          } satisfies ServiceSpec,
        ]
      : []),
    {
      name: 'web',
      command: NODE,
      args: [vite, ...(opts.webMode === 'dev' ? [] : ['preview'])],
      cwd: bin('web'),
      env,
      ready: () => httpOk(`http://127.0.0.1:${p.WEB_PORT}/`),
      url: `http://localhost:${p.WEB_PORT}`,
    },
    ...rebuild,
  ];
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
