// The service table (services.ts) against docker-compose.yml and the local stack: the same services, published
// ports and environment names in both directions. docker-compose.yml is read with js-yaml (a devDependency; also in
// node_modules, through eslint), so the check needs no docker client and no install.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPOSE_APP_ENV, LOCAL_ONLY_APP_ENV, SERVICES } from './services.ts';
import { THREAD_LIMITS } from '../api/src/files/inspection-threads.ts';
import { API_HEAP_FLAGS, WORKER_HEAP_FLAGS } from './local-services.ts';
import { ROOT, appEnv, appSpecs, infrastructureSpecs, type StackPorts } from './stack.ts';

type ComposeService = { ports?: string[]; environment?: Record<string, unknown>; command?: string[] };
const yaml = createRequire(join(ROOT, 'package.json'))('js-yaml') as { load: (text: string) => unknown };
const compose = yaml.load(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as {
  'x-app-env': Record<string, unknown>;
  services: Record<string, ComposeService>;
};

// A distinct number for each port, so that a spec's text shows which ports it uses.
const PORTS: StackPorts = {
  WEB_PORT: 41001,
  API_PORT: 41002,
  TEMPORAL_PORT: 41003,
  TEMPORAL_UI_PORT: 41004,
  MONGODB_PORT: 41005,
  SMTP_PORT: 41006,
  MAILDEV_WEB_PORT: 41007,
  S3_PORT: 41008,
  CRM_STANDIN_PORT: 41009,
  ESIGN_STANDIN_PORT: 41010,
  OFFER_STANDIN_PORT: 41011,
  PLAID_STANDIN_PORT: 41013,
  CODEC_PROXY_PORT: 41012,
  PROMETHEUS_PORT: 41013,
  API_METRICS_PORT: 41014,
  WORKER_METRICS_PORT: 41015,
  TEMPORAL_METRICS_PORT: 41016,
  ZIPKIN_PORT: 41017,
  OTLP_PORT: 41018,
  DATA_DIR: join(tmpdir(), 'portal-services-spec'),
};
const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

describe('the service table and docker-compose.yml', () => {
  it('name the same services', () => {
    expect(sorted(SERVICES.flatMap((s) => s.compose))).toEqual(sorted(Object.keys(compose.services)));
  });

  it('publish the same ports, each from a service of its row', () => {
    for (const s of SERVICES) {
      const published = s.compose.flatMap((c) => compose.services[c]!.ports ?? []);
      expect(sorted(published), s.name).toEqual(sorted(s.composePorts ?? []));
    }
  });

  it('give the app processes the same environment names', () => {
    const { api, worker } = compose.services;
    expect(sorted(Object.keys(compose['x-app-env']))).toEqual(sorted(COMPOSE_APP_ENV.shared));
    expect(sorted(Object.keys(worker!.environment!))).toEqual(sorted(COMPOSE_APP_ENV.shared));
    // The api's block merges x-app-env (`<<`) and adds its own.
    const apiOwn = Object.keys(api!.environment!).filter((k) => k !== '<<');
    expect(sorted([...Object.keys(compose['x-app-env']), ...apiOwn])).toEqual(
      sorted([...COMPOSE_APP_ENV.shared, ...COMPOSE_APP_ENV.api]),
    );
  });

  it("run the worker with the local stack's V8 heap flags", () => {
    expect(compose.services.worker!.command).toEqual(['node', ...WORKER_HEAP_FLAGS, 'worker/dist/main.js']);
    const worker = appSpecs(PORTS, { webMode: 'watch' }).find((s) => s.name === 'worker')!;
    expect(worker.args.slice(0, -1)).toEqual(WORKER_HEAP_FLAGS);
  });

  it("run the api with the local stack's V8 heap flags", () => {
    expect(compose.services.api!.command).toEqual(['node', ...API_HEAP_FLAGS, 'api/dist/main.js']);
    const api = appSpecs(PORTS, { webMode: 'watch' }).find((s) => s.name === 'api')!;
    expect(api.args.slice(0, -1)).toEqual(API_HEAP_FLAGS);
  });

  it("and those flags leave the upload inspection threads' young generation at the size the threads ask for", () => {
    // V8's flags are the process's: a --max-semi-space-size among them would override each thread's limit.
    const thread = `
      const { getHeapSpaceStatistics } = require('node:v8');
      let kept = [];
      for (let i = 0; i < 2e6; i++) { kept.push({ i, s: 'x' + i }); if (kept.length > 20000) kept = []; }
      const young = getHeapSpaceStatistics().find((x) => x.space_name === 'new_space').space_size;
      require('node:worker_threads').parentPort.postMessage(young / 1024 / 1024);`;
    const main = `
      const { Worker } = require('node:worker_threads');
      const w = new Worker(${JSON.stringify(thread)}, { eval: true, resourceLimits: ${JSON.stringify(THREAD_LIMITS)} });
      w.once('message', (mb) => { console.log(mb); void w.terminate(); });`;
    const run = spawnSync(process.execPath, [...API_HEAP_FLAGS, '-e', main], { encoding: 'utf8', timeout: 30_000 });
    expect(run.stderr).toBe('');
    expect(Number(run.stdout)).toBeGreaterThan(0);
    expect(Number(run.stdout)).toBeLessThanOrEqual(THREAD_LIMITS.maxYoungGenerationSizeMb);
  });

  it("and the local stack's app environment is compose's but for the local-only names", () => {
    const local = Object.keys(appEnv(PORTS));
    const inCompose = new Set([...COMPOSE_APP_ENV.shared, ...COMPOSE_APP_ENV.api]);
    expect(sorted(local.filter((k) => !inCompose.has(k)))).toEqual(sorted(LOCAL_ONLY_APP_ENV));
  });
});

describe('the service table and the local stack', () => {
  const all = [...infrastructureSpecs(PORTS, { engine: 'postgresql' }), ...appSpecs(PORTS, { webMode: 'watch' })];

  it('starts every service of the table, in its order, when every option is on', () => {
    expect(all.map((s) => s.name)).toEqual(SERVICES.map((s) => s.name));
  });

  it('starts the services without an option by default', () => {
    const names = [
      ...infrastructureSpecs({
        ...PORTS,
        CODEC_PROXY_PORT: undefined,
        PROMETHEUS_PORT: undefined,
        ZIPKIN_PORT: undefined,
        OTLP_PORT: undefined,
      }),
      ...appSpecs({
        ...PORTS,
        CODEC_PROXY_PORT: undefined,
        PROMETHEUS_PORT: undefined,
        ZIPKIN_PORT: undefined,
        OTLP_PORT: undefined,
      }),
    ].map((s) => s.name);
    expect(names).toEqual(SERVICES.filter((s) => !s.when).map((s) => s.name));
  });

  it('runs each service on the ports its row gives, and every port is some row’s', () => {
    for (const spec of all) {
      const row = SERVICES.find((s) => s.name === spec.name)!;
      const text = JSON.stringify({ args: spec.args, env: spec.env, url: spec.url });
      for (const port of row.ports) expect(text, `${spec.name} ${port}`).toContain(String(PORTS[port]));
    }
    const ports = SERVICES.flatMap((s) => s.ports);
    expect(sorted(ports)).toEqual(sorted(Object.keys(PORTS).filter((k) => k !== 'DATA_DIR')));
    expect(ports.length).toBe(new Set(ports).size);
  });
});
