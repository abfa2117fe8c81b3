// The local stack's infrastructure processes, as `npm start`, the tests and the bench run them: the Temporal
// dev server, FerretDB, moto's S3, Zipkin and the OpenTelemetry Collector in front of it (local-services.ts puts
// them in its table with the app's own).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SEARCH_ATTRIBUTES } from '../workflows/src/application/search-attribute-table.ts';
import { httpOk, tcpOpen, type ServiceSpec } from './processes.ts';
import { bin } from './root.ts';
import type { DbEngine, S3Kind, StackPorts, WebMode } from './stack.ts';

export const S3_BUCKET = 'portal-documents';
/**
 * The operators' token (the api's OPERATOR_TOKEN), made at each start unless the environment sets one: the
 * published development default would let any local process decode applicants' data through the api's
 * codec. The operators' door (stack/codec-proxy.ts) signs operators in with it; `npm run ops` reads it from
 * the data directory (start.ts writes it there, for the operator's account alone).
 */
export const LOCAL_OPERATOR_TOKEN = process.env.OPERATOR_TOKEN || randomBytes(32).toString('base64url');

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

/** The Temporal dev server: the stack's ports, its SQLite file under the data directory, its UI unless headless. */
export function temporalSpec({ p, data, opts }: LocalContext): ServiceSpec {
  return {
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
            // The UI decodes payloads through the operators' door (stack/codec-proxy.ts), which serves the UI
            // too: the endpoint is the door's own origin, so the operator's sign-in cookie goes with each call.
            // Anyone can read it in the UI's settings: it names the door and holds no credential.
            ...(p.CODEC_PROXY_PORT ? ['--ui-codec-endpoint', `http://localhost:${p.CODEC_PROXY_PORT}/codec`] : []),
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
      // An idle poll is answered empty after 5 minutes, not 1: the server's own system workers keep polls of
      // their own open, and renewing them every minute was about 0.1 CPU-s a minute of an idle dev server's
      // 0.22 (measured, docs/performance.md 'The idle stack'). The worker's polls are unchanged: the server
      // ends a poll a second before the deadline its caller set (the SDK's 70 s) when that comes first.
      '--dynamic-config-value',
      'matching.longPollExpirationInterval="5m"',
      // Without the server's own scanners (task queue and history clean-up, for long-lived clusters) and its
      // parent-close-policy worker (the one child, the retention timer, is abandoned by its parent): their
      // system workers' polls and timers were about 0.025 CPU-s a minute of an idle dev server's 0.16 (three
      // paired readings, docs/performance.md 'The idle stack'). Production's Temporal is not this server.
      ...['taskQueueScanner', 'historyScanner', 'executionsScanner'].flatMap((w) => [
        '--dynamic-config-value',
        `worker.${w}Enabled=false`,
      ]),
      '--dynamic-config-value',
      'system.enableParentClosePolicyWorker=false',
      '--log-level',
      'warn',
    ],
    ready: async () => (await tcpOpen(p.TEMPORAL_PORT)) && (await temporalAnswers(p.TEMPORAL_PORT)),
    readyTimeoutMs: 90_000,
    essential: true,
    url: opts.headless ? undefined : `http://localhost:${p.TEMPORAL_UI_PORT}`,
  };
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

/** The spans Zipkin keeps in memory (measured in docs/performance.md: the heap stays far below its 256 MB). */
export const ZIPKIN_MAX_SPANS = 50_000;

/** Zipkin on the port: in-memory storage, its UI at / and the spans' endpoint at /api/v2/spans. */
export function zipkinSpec(port: number): ServiceSpec {
  return {
    name: 'zipkin',
    command: 'java',
    // ZIPKIN_JAR: another copy of the same pinned jar (as MOTO_SERVER for moto).
    // The client compiler and the serial collector: a third of the start-up time on a busy machine (22 s against
    // 67 s measured at load 21 on 2 cores), for a viewer that never runs hot. Without the JVM's performance
    // counters (UsePerfData, sampled every 50 ms for jstat, which nobody runs here) it idles at 0.026 CPU-s a
    // minute instead of 0.066 (measured, docs/performance.md 'The idle stack').
    args: [
      ...['-Xmx256m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-XX:-UsePerfData'],
      ...['-jar', process.env.ZIPKIN_JAR ?? bin(ZIPKIN_JAR)],
      // Zipkin 3 serves through Armeria, which takes its listening ports from armeria.ports and ignores
      // server.address: without an ip there it listened on every interface and took spans from anyone.
      // The list is given whole (a list set here replaces the jar's, it does not merge with it).
      ...['--armeria.ports[0].ip=127.0.0.1', `--armeria.ports[0].port=${port}`, '--armeria.ports[0].protocols[0]=http'],
    ],
    // At most MEM_MAX_SPANS spans are kept, the oldest traces dropped first: Zipkin's default (500,000) outgrows
    // the 256 MB heap after a few hours of light traffic, and a full heap answers every span with an error.
    env: { STORAGE_TYPE: 'mem', MEM_MAX_SPANS: String(ZIPKIN_MAX_SPANS) },
    ready: () => httpOk(`http://127.0.0.1:${port}/health`),
    readyTimeoutMs: 150_000,
    url: `http://localhost:${port}/zipkin/`,
    quiet: true,
  };
}

/** The collector stack/setup.sh builds from tools/otelcol (the Go module proxy), and its configuration. */
export const OTELCOL_BIN = '.tools/bin/otelcol';
export const OTELCOL_CONFIG = 'tools/otelcol/otelcol.yaml';

/**
 * The OpenTelemetry Collector between the apps and Zipkin: OTLP/HTTP in on loopback (the apps' TRACES_URL,
 * otlpTracesUrl), Zipkin's v2 JSON out. OpenTelemetry deprecated the apps' Zipkin exporter; the collector's stays
 * maintained, so the apps speak OTLP as in production and Zipkin stays the local viewer.
 */
export function otelcolSpec(otlpPort: number, zipkinPort: number): ServiceSpec {
  return {
    name: 'otelcol',
    // OTELCOL_BIN: another build of the same module (as ZIPKIN_JAR for Zipkin).
    command: process.env.OTELCOL_BIN ?? bin(OTELCOL_BIN),
    args: ['--config', bin(OTELCOL_CONFIG)],
    env: {
      OTLP_ENDPOINT: `127.0.0.1:${otlpPort}`,
      ZIPKIN_ENDPOINT: `http://127.0.0.1:${zipkinPort}/api/v2/spans`,
      // A small heap, collected early: the collector holds at most a few batches of spans.
      GOMEMLIMIT: '96MiB',
    },
    ready: () => tcpOpen(otlpPort),
    quiet: true,
  };
}

/** Where the apps send their spans when the stack runs the collector (TRACES_URL). */
export const otlpTracesUrl = (otlpPort: number) => `http://127.0.0.1:${otlpPort}/v1/traces`;

/** FerretDB on the stack's MongoDB port, storing as `env` says (SQLite or PostgreSQL). */
export const ferretdb = (p: StackPorts, env: Record<string, string>): ServiceSpec => ({
  name: 'ferretdb',
  command: bin('.tools/bin/ferretdb'),
  args: [],
  env: { FERRETDB_LISTEN_ADDR: `127.0.0.1:${p.MONGODB_PORT}`, ...env },
  ready: () => tcpOpen(p.MONGODB_PORT),
  essential: true,
});
