// docker-compose.yml is the operators' reference deployment, and nothing here can start it (no Docker
// engine): this spec holds it to what a deployment that stands needs. Every image at an exact version (a
// digest, or named in docs/launch-checklist.md for the operator to pin); TLS in front of the web, and no other
// port open to the world; Temporal on its server image with its schema set up by the admin tools and no
// tctl; MongoDB with authentication and a keyFile; Prometheus loading the alert rules and scraping the apps'
// metrics ports. And the client's address as the chain Caddy → nginx → api hands it on.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIp } from '../api/src/common/client-ip.ts';
import { SEARCH_ATTRIBUTES } from '../workflows/src/application/search-attribute-table.ts';
import { ROOT } from './root.ts';

type Service = {
  image?: string;
  build?: unknown;
  command?: string[] | string;
  entrypoint?: string[] | string;
  environment?: Record<string, unknown>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test?: unknown; disable?: boolean };
  depends_on?: Record<string, { condition: string }> | string[];
};
const yaml = createRequire(join(ROOT, 'package.json'))('js-yaml') as { load: (text: string) => unknown };
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const composeText = read('docker-compose.yml');
const compose = yaml.load(composeText) as { 'x-app-env': Record<string, string>; services: Record<string, Service> };
const services = Object.entries(compose.services);
const checklist = read('docs/launch-checklist.md');
/** A file's lines that are not comments (# …), for the configuration files that take # comments. */
const directives = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
const dependsOn = (s: Service) => (Array.isArray(s.depends_on) ? {} : (s.depends_on ?? {}));

describe('docker-compose.yml: images', () => {
  const images = services.filter(([, s]) => s.image).map(([name, s]) => [name, s.image!] as const);

  it('every service runs a pinned image or one built from this repository', () => {
    for (const [name, s] of services) expect(Boolean(s.image) !== Boolean(s.build), name).toBe(true);
  });

  it('names an exact version of each image, never latest or a bare major', () => {
    for (const [name, image] of images) {
      const m = /^([a-z0-9./-]+):([A-Za-z0-9._-]+)(@sha256:[0-9a-f]{64})?$/.exec(image);
      expect(m, `${name}: ${image} has no tag`).not.toBeNull();
      const tag = m![2]!;
      expect(tag, name).not.toBe('latest');
      // 2.10.2, v3.5.0, 7.0.24, 1.30.4: a release, so the image cannot move under the file to a new version
      // (PostgreSQL numbers its releases major.minor: 16.10).
      const release = m![1] === 'postgres' ? /^\d+\.\d+(-|$)/ : /^v?\d+\.\d+\.\d+/;
      expect(tag, `${name}: ${image}`).toMatch(release);
    }
  });

  it('lists every image not yet pinned by digest in the launch checklist, to pin before launch', () => {
    for (const [, image] of images.filter(([, i]) => !i.includes('@sha256:')))
      expect(checklist, `${image} is not in docs/launch-checklist.md`).toContain(image);
  });

  it('runs no development image (temporalio/auto-setup) and no out-of-support tool (tctl)', () => {
    for (const [name, image] of images) expect(image, name).not.toMatch(/auto-setup|admin-tools:.*tctl/);
    expect(JSON.stringify(compose)).not.toMatch(/\btctl\b/);
    expect(read('deploy/temporal/setup-namespace.sh')).not.toMatch(/^\s*tctl\b/m);
  });
});

describe('docker-compose.yml: TLS in front of the web', () => {
  const caddy = compose.services.caddy!;

  it('publishes 80 and 443 from Caddy only, with deploy/Caddyfile proxying to the web service', () => {
    expect(caddy.image).toMatch(/^caddy:/);
    expect(caddy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(caddy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(directives(read('deploy/Caddyfile'))).toContain('reverse_proxy web:80');
    expect(compose.services.web!.ports).toBeUndefined();
  });

  it('publishes every other port on loopback only (operators reach those through a tunnel or their proxy)', () => {
    for (const [name, s] of services.filter(([n]) => n !== 'caddy'))
      for (const port of s.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:/);
  });

  it('takes the public host and the certificate contact from the environment, and PUBLIC_URL is required https', () => {
    expect(composeText).toMatch(/PUBLIC_HOST: \$\{PUBLIC_HOST:\?/);
    expect(composeText).toMatch(/ACME_EMAIL: \$\{ACME_EMAIL:\?/);
    expect(compose['x-app-env'].PUBLIC_URL).toMatch(/^\$\{PUBLIC_URL:\?.*https/);
  });
});

describe('docker-compose.yml: MongoDB', () => {
  const mongos = services.filter(([name]) => /^mongo\d$/.test(name));

  it('runs every member with the replica set keyFile, made mode 400 by a one-shot service first', () => {
    expect(mongos.length).toBe(3);
    for (const [name, s] of mongos) {
      expect(s.command, name).toEqual(expect.arrayContaining(['--replSet', '--keyFile']));
      expect(
        s.volumes?.some((v) => v.startsWith('mongo-keyfile:') && v.endsWith(':ro')),
        name,
      ).toBe(true);
      expect(dependsOn(s)['mongo-keyfile'], name).toEqual({ condition: 'service_completed_successfully' });
      expect(JSON.stringify(s.command), name).not.toContain('noauth');
    }
    expect(JSON.stringify(compose.services['mongo-keyfile']!.command)).toContain('chmod 400');
  });

  it('makes a root user from a required password, and the apps sign in as their own user', () => {
    expect(composeText).toMatch(/MONGO_INITDB_ROOT_PASSWORD: \$\{MONGO_ROOT_PASSWORD:\?/);
    const uri = compose['x-app-env'].MONGODB_URI!;
    expect(uri).toMatch(/^mongodb:\/\/portal:\$\{MONGO_APP_PASSWORD:\?[^}]*\}@mongo1:27017,/);
    expect(uri).toMatch(/[?&]authSource=portal(&|$)/);
    expect(read('deploy/mongo/create-app-user.js')).toMatch(/user: 'portal'[\s\S]*process\.env\.MONGO_APP_PASSWORD/);
  });
});

describe('docker-compose.yml: Temporal', () => {
  const { temporal, 'temporal-schema': schema, 'temporal-namespace': namespace } = compose.services;
  const version = (image: string) => /:([^@]+)/.exec(image)![1];

  it('runs the server image after the admin tools of the same version set up its schema', () => {
    expect(temporal!.image).toMatch(/^temporalio\/server:/);
    expect(schema!.image).toMatch(/^temporalio\/admin-tools:/);
    expect(version(schema!.image!)).toBe(version(temporal!.image!));
    expect(dependsOn(temporal!)['temporal-schema']).toEqual({ condition: 'service_completed_successfully' });
    const script = read('deploy/temporal/setup-schema.sh');
    expect(script).toContain('temporal-sql-tool --plugin postgres12');
    expect(script).toMatch(/setup-schema -v 0\.0/);
    expect(script).toMatch(/update-schema -d "\$SCHEMA\/\$dir\/versioned"/);
    expect(script).toContain('temporal_visibility:visibility');
  });

  it("checks the cluster's health with the supported CLI before the apps start", () => {
    expect(temporal!.healthcheck?.test).toBeDefined();
    expect(read('deploy/temporal/setup-namespace.sh')).toContain('temporal operator cluster health');
    for (const app of ['api', 'worker', 'temporal-ui'])
      expect(dependsOn(compose.services[app]!)['temporal-namespace'], app).toEqual({
        condition: 'service_completed_successfully',
      });
    expect(namespace!.image).toBe(schema!.image);
  });

  it("registers exactly the workflow's search attributes on the namespace", () => {
    const script = read('deploy/temporal/setup-namespace.sh');
    const listed = [...script.matchAll(/\b([A-Z]\w+)=(Keyword|Int|Bool|Datetime|Text|Double|KeywordList)\b/g)];
    expect(Object.fromEntries(listed.map((m) => [m[1], m[2]]))).toEqual(SEARCH_ATTRIBUTES);
  });
});

describe('docker-compose.yml: metrics and alerts', () => {
  const prometheus = compose.services.prometheus!;
  const config = yaml.load(read('deploy/prometheus/prometheus.yml')) as {
    rule_files: string[];
    alerting: { alertmanagers: { static_configs: { targets: string[] }[] }[] };
    scrape_configs: { job_name: string; dns_sd_configs?: { names: string[]; port: number }[] }[];
  };

  it('loads deploy/prometheus/alerts.yml where its configuration looks for it', () => {
    expect(prometheus.image).toMatch(/^prom\/prometheus:/);
    const mount = prometheus.volumes!.find((v) => v.startsWith('./deploy/prometheus/alerts.yml:'))!;
    expect(config.rule_files).toEqual([mount.split(':')[1]]);
  });

  it("scrapes every replica of the api and the worker on the apps' METRICS_PORT", () => {
    const port = Number(compose['x-app-env'].METRICS_PORT);
    expect(compose['x-app-env'].METRICS_HOST).toBe('0.0.0.0');
    for (const job of ['api', 'worker']) {
      const sd = config.scrape_configs.find((c) => c.job_name === job)?.dns_sd_configs?.[0];
      expect(sd, job).toEqual(expect.objectContaining({ names: [job], port }));
    }
  });

  it('sends alerts to Alertmanager, which posts them to a required webhook', () => {
    expect(config.alerting.alertmanagers[0]!.static_configs[0]!.targets).toEqual(['alertmanager:9093']);
    expect(composeText).toMatch(/ALERT_WEBHOOK_URL: \$\{ALERT_WEBHOOK_URL:\?/);
    expect(read('deploy/alertmanager/alertmanager.yml')).toContain('url_file: /alertmanager/webhook-url');
    expect(JSON.stringify(compose.services.alertmanager!.command)).toContain('> /alertmanager/webhook-url');
  });
});

describe('docker-compose.yml: traces', () => {
  const collector = compose.services['otel-collector']!;
  type Pipeline = { receivers: string[]; processors: string[]; exporters: string[] };
  const config = yaml.load(read('deploy/otel/collector.yaml')) as {
    receivers: { otlp: { protocols: { http: { endpoint: string } } } };
    exporters: { otlphttp: { endpoint: string } };
    service: { pipelines: { traces: Pipeline } };
  };

  it('the apps send OTLP/HTTP to the collector, which sends OTLP on to a required backend', () => {
    expect(collector.image).toMatch(/^otel\/opentelemetry-collector-contrib:/);
    const port = config.receivers.otlp.protocols.http.endpoint.split(':')[1];
    expect(compose['x-app-env'].TRACES_URL).toBe(`\${TRACES_URL:-http://otel-collector:${port}/v1/traces}`);
    const mount = collector.volumes!.find((v) => v.startsWith('./deploy/otel/collector.yaml:'))!;
    expect(JSON.stringify(collector.command)).toContain(`--config=${mount.split(':')[1]}`);
    expect(config.exporters.otlphttp.endpoint).toBe('${env:OTEL_BACKEND_URL}');
    expect(composeText).toMatch(/OTEL_BACKEND_URL: \$\{OTEL_BACKEND_URL:\?/);
    expect(collector.ports ?? []).toEqual([]);
  });

  it('limits its memory first, then batches', () => {
    expect(config.service.pipelines.traces).toEqual({
      receivers: ['otlp'],
      processors: ['memory_limiter', 'batch'],
      exporters: ['otlphttp'],
    });
  });
});

describe("the client's address through Caddy, nginx and the api", () => {
  // Caddy (without trusted_proxies) sets X-Forwarded-For to its peer and drops the client's own; nginx appends
  // Caddy's address. Here the api's socket peer is loopback, standing for nginx on the compose network.
  const nginx = directives(read('deploy/nginx.conf'));
  const trusted = /\$\{TRUSTED_PROXIES:-([^}]+)\}/.exec(composeText)![1]!.split(',');
  let base = '';
  let server: ReturnType<ReturnType<typeof express>['listen']>;
  beforeAll(async () => {
    const app = express();
    app.set('trust proxy', ['loopback', ...trusted]);
    app.get('/ip', (req, res) => res.send(clientIp(req)));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const ipFor = async (xff: string) => (await fetch(`${base}/ip`, { headers: { 'x-forwarded-for': xff } })).text();

  it('Caddy trusts no proxy in front of it and nginx appends, never replaces', () => {
    expect(directives(read('deploy/Caddyfile')).some((l) => l.includes('trusted_proxies'))).toBe(false);
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(nginx.join('\n')).not.toMatch(/X-Forwarded-For \$remote_addr/);
  });

  it('the api counts the address Caddy saw, each client its own', async () => {
    // What Caddy sends (the client's address), with Caddy's own on the compose network appended by nginx.
    expect(await ipFor('203.0.113.7, 172.18.0.5')).toBe('203.0.113.7');
    expect(await ipFor('198.51.100.20, 172.18.0.5')).toBe('198.51.100.20');
  });

  it('an address a client writes itself never counts: past the trusted hops the first one is taken', async () => {
    // Were nginx reached without Caddy, it would append the client's real address after the forged one.
    expect(await ipFor('1.2.3.4, 198.51.100.20')).toBe('198.51.100.20');
  });

  it("nginx asks Docker's DNS for the api at request time, not once at start", () => {
    expect(nginx).toContain('resolver 127.0.0.11 valid=10s ipv6=off;');
    expect(nginx).toContain('set $api_upstream http://api:3000;');
    expect(nginx).toContain('proxy_pass $api_upstream;');
    expect(nginx.some((l) => l.startsWith('upstream '))).toBe(false);
  });
});
