// The portal's services, once: each part of the design with the name `npm start` runs it under
// (stack/local-services.ts builds its process), the StackPorts it listens on locally, and the services of
// docker-compose.yml (the production topology) that play the same part, with their published ports.
//
// docker-compose.yml stays hand-written and is checked against this table, not generated from it: it is the
// operators' reference, with comments, YAML anchors (x-app-env, the mongo replicas) and `${VAR:?message}`
// requirements that a generator would have to carry as strings, for a file that changes rarely.
// stack/services.spec.ts reads it and asserts, both ways, that every service, published port and
// environment name here is there and every one there is here; and that the local stack starts exactly the
// table's local services on the table's ports.
import type { StackPorts } from './stack.ts';

export type Service = {
  /** The service's name in the local stack (processes.ts spec name). */
  name: string;
  /** What it is, in the design's words. */
  part: string;
  /** Started first (the services the apps need), or with the apps. */
  tier: 'infrastructure' | 'app';
  /** When the local stack runs it: always, or only with some options. */
  when?: 'engine=postgresql' | 's3=moto' | 'codec proxy' | 'webMode=watch' | 'metrics' | 'traces';
  /** The StackPorts it listens on locally. */
  ports: (keyof StackPorts)[];
  /** docker-compose.yml services playing this part in production ([]: a local stand-in for a vendor's service). */
  compose: string[];
  /** Their published ports ('host:container'). */
  composePorts?: string[];
};

export const SERVICES: Service[] = [
  {
    name: 'temporal',
    tier: 'infrastructure',
    part: 'Temporal (dev server with its UI locally; in production the server on PostgreSQL, its schema and namespace set up by the admin tools, and the UI on loopback)',
    ports: ['TEMPORAL_PORT', 'TEMPORAL_UI_PORT', 'TEMPORAL_METRICS_PORT'],
    compose: ['temporal', 'postgres', 'temporal-schema', 'temporal-namespace', 'temporal-ui'],
    composePorts: ['127.0.0.1:8233:8080'],
  },
  {
    name: 'postgres',
    tier: 'infrastructure',
    part: "FerretDB's PostgreSQL backend (PORTAL_DB_ENGINE=postgresql)",
    when: 'engine=postgresql',
    ports: [],
    compose: [],
  },
  {
    name: 'ferretdb',
    tier: 'infrastructure',
    part: 'the MongoDB wire protocol: FerretDB locally, a MongoDB replica set with authentication and a keyFile in production',
    ports: ['MONGODB_PORT'],
    compose: ['mongo-keyfile', 'mongo1', 'mongo2', 'mongo3'],
  },
  {
    name: 'maildev',
    tier: 'infrastructure',
    part: "SMTP: maildev locally (its inbox on MAILDEV_WEB_PORT); compose has none, production's mail server is the operator's (SMTP_HOST, SMTP_TLS, SMTP_USER)",
    ports: ['SMTP_PORT', 'MAILDEV_WEB_PORT'],
    compose: [],
  },
  {
    name: 's3',
    tier: 'infrastructure',
    part: "S3: moto behind a strict front (npm start: signatures, checksums, KMS key ids) or bare moto (tests) locally; compose has none, production's store is AWS S3 (S3_ENDPOINT, S3_REGION, S3_BUCKET)",
    ports: ['S3_PORT'],
    compose: [],
  },
  {
    name: 'crm',
    tier: 'infrastructure',
    part: 'the Salesforce stand-in (sandbox/src/crm)',
    ports: ['CRM_STANDIN_PORT'],
    compose: [],
  },
  {
    name: 'esign',
    tier: 'infrastructure',
    part: 'the Box stand-in (sandbox/src/esign)',
    ports: ['ESIGN_STANDIN_PORT'],
    compose: [],
  },
  {
    name: 'offers',
    tier: 'infrastructure',
    part: 'the offer-calculation stand-in (sandbox/src/offers)',
    ports: ['OFFER_STANDIN_PORT'],
    compose: [],
  },
  {
    name: 'plaid',
    tier: 'infrastructure',
    part: 'the Plaid stand-in (sandbox/src/plaid): Link, items, statements',
    ports: ['PLAID_STANDIN_PORT'],
    compose: [],
  },
  {
    name: 'zipkin',
    tier: 'infrastructure',
    part: "Zipkin, the trace viewer (Maven Central's exec jar, in-memory); in production the operator's tracing backend (OTEL_BACKEND_URL)",
    when: 'traces',
    ports: ['ZIPKIN_PORT'],
    compose: [],
  },
  {
    name: 'otelcol',
    tier: 'infrastructure',
    part: "the OpenTelemetry Collector (tools/otelcol, built from Go source): OTLP/HTTP from the api and the worker (TRACES_URL), on to Zipkin locally and to the operator's OTLP backend in production",
    when: 'traces',
    ports: ['OTLP_PORT'],
    compose: ['otel-collector'],
  },
  {
    name: 'api',
    tier: 'app',
    part: 'the NestJS api (its metrics on a loopback port of their own)',
    ports: ['API_PORT', 'API_METRICS_PORT'],
    compose: ['api'],
  },
  {
    name: 'worker',
    tier: 'app',
    part: "the Temporal worker (its and the Temporal SDK's metrics on a loopback port)",
    ports: ['WORKER_METRICS_PORT'],
    compose: ['worker'],
  },
  {
    name: 'prometheus',
    tier: 'app',
    part: "Prometheus (Debian's package locally), scraping the metrics ports, with deploy/prometheus/alerts.yml; in production with Alertmanager, both on loopback",
    when: 'metrics',
    ports: ['PROMETHEUS_PORT'],
    compose: ['prometheus', 'alertmanager'],
    composePorts: ['127.0.0.1:9090:9090', '127.0.0.1:9093:9093'],
  },
  {
    name: 'codec',
    tier: 'app',
    part: "the Temporal UI's codec proxy (in production the operators' SSO proxy in front of /api/codec)",
    when: 'codec proxy',
    ports: ['CODEC_PROXY_PORT'],
    compose: [],
  },
  {
    name: 'web',
    tier: 'app',
    part: 'the web app: Vite (preview or dev) locally; in production nginx with the build, behind Caddy (TLS)',
    ports: ['WEB_PORT'],
    compose: ['web', 'caddy'],
    composePorts: ['80:80', '443:443', '443:443/udp'],
  },
  {
    name: 'web-build',
    tier: 'app',
    part: "the web build's watcher (npm start)",
    when: 'webMode=watch',
    ports: [],
    compose: [],
  },
];

/**
 * The environment docker-compose.yml gives the app processes: the shared `x-app-env` block (api and worker),
 * and what the api has beyond it.
 */
export const COMPOSE_APP_ENV = {
  shared: [
    ...['MONGODB_URI', 'TEMPORAL_ADDRESS', 'TEMPORAL_NAMESPACE', 'TEMPORAL_TASK_QUEUE', 'PUBLIC_URL'],
    ...['TEMPORAL_TLS', 'TEMPORAL_PRIVATE_NETWORK'],
    ...['SMTP_HOST', 'SMTP_PORT', 'SMTP_TLS', 'SMTP_USER', 'SMTP_PASSWORD', 'MAIL_FROM'],
    ...['PAYLOAD_KEY_ID', 'PAYLOAD_KEY', 'PII_KEY_ID', 'PII_KEY', 'PII_OLD_KEYS'],
    ...['SF_LOGIN_URL', 'SF_CLIENT_ID', 'SF_CLIENT_SECRET', 'SF_API_VERSION'],
    ...['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
    ...['S3_SSE', 'S3_SSE_KMS_KEY_ID'],
    ...['OFFER_SERVICE_URL', 'OFFER_SERVICE_CLIENT_ID', 'OFFER_SERVICE_CLIENT_SECRET'],
    ...['BOX_API_URL', 'BOX_UPLOAD_URL', 'BOX_CLIENT_ID', 'BOX_CLIENT_SECRET', 'BOX_ENTERPRISE_ID'],
    ...['BOX_PARENT_FOLDER_ID', 'BOX_WEBHOOK_ADDRESS'],
    ...['TRACES_URL', 'TRACES_SAMPLE_RATIO', 'METRICS_HOST', 'METRICS_PORT'],
    ...['PLAID_URL', 'PLAID_CLIENT_ID', 'PLAID_SECRET', 'PLAID_STAGING'],
  ],
  api: [
    ...['API_HOST', 'API_PORT', 'TRUSTED_PROXIES', 'SESSION_SECRET', 'BOX_WEBHOOK_PRIMARY_KEY'],
    ...['BOX_WEBHOOK_SECONDARY_KEY', 'OPERATOR_TOKEN', 'TEMPORAL_UI_ORIGIN'],
    ...['STALL_FIRST_REMINDER', 'STALL_SECOND_REMINDER', 'STALL_ABANDON_AFTER', 'DATA_EXPORT_EXPIRY'],
    ...['PLAID_WEBHOOK_URL', 'PLAID_REDIRECT_URI'],
  ],
};

/**
 * What the local stack's app environment (stack.ts appEnv) sets that compose does not: the local services'
 * addresses production has no counterpart for, and the checksum mode.
 */
export const LOCAL_ONLY_APP_ENV = ['S3_CHECKSUMS', 'API_URL', 'WEB_PORT', 'LOCAL_PROXY_SECRET'];
