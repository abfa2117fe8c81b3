import {
  CRM_DEFAULT_VALUES,
  parseFieldLengths,
  parsePicklistValues,
  type CrmFieldLengths,
  type CrmPicklistValues,
} from '../crm/fields';
import { duration, hostPort, int, key, oneOf, port, proxies, secret, str, url, type Setting } from './env';
import { bindHost, metricsPort } from './metrics';
import { kmsKeyId } from './s3';
import { ratio, tracesUrl } from './traces';
export { ZIPKIN_TRACES_URL_REFUSED } from './traces';
import { MIN_KEY_BYTES } from './secrets';

/** A CRM setting that is 'none' unless given, read by its parser (which answers a string when it refuses). */
const crmSetting = <T>(describe: string, parse: (raw: string) => T | string): Setting<T> => ({
  describe,
  default: 'none',
  parse: (raw) => {
    const parsed = parse(raw);
    if (typeof parsed === 'string') throw new Error(parsed);
    return parsed;
  },
});

/** SF_PICKLIST_VALUES: the org's picklist values where they differ from the spec's ('none': the spec's). */
const picklistValues = (describe: string) => crmSetting<CrmPicklistValues>(describe, parsePicklistValues);

/**
 * SF_LOGIN_URL: the org's My Domain. Salesforce answers the client-credentials flow only there, never on
 * the shared login.salesforce.com or test.salesforce.com ('request not supported on this domain').
 */
const myDomainUrl = (describe: string, def: string): Setting<string> => ({
  describe,
  default: def,
  parse: (raw) => {
    const checked = url(describe).parse(raw);
    if (/^(login|test)\.salesforce\.com$/i.test(new URL(checked).hostname))
      throw new Error(
        "must be the org's My Domain URL (https://<domain>.my.salesforce.com): client credentials are refused on login/test.salesforce.com",
      );
    return checked;
  },
});

/** SF_FIELD_LENGTHS: the org's lengths of its custom fields, as Field__c:120 pairs ('none' keeps the defaults). */
const fieldLengths = (describe: string) => crmSetting<CrmFieldLengths>(describe, parseFieldLengths);

/** Local development key for PII at rest. Production must set its own (see .env.example). */
/** A setting that may also be 'none' (the feature off). */
const orNone = (s: Setting<string>): Setting<string> => ({
  ...s,
  parse: (raw) => (raw.trim() === 'none' ? 'none' : s.parse(raw)),
});

const DEV_PII_KEY = 'ZGV2LW9ubHkta2V5LWRvLW5vdC11c2UtaW4tcHJvZCE=';

/** Settings shared by the api and the worker. */
export const COMMON_SETTINGS = {
  MONGODB_URI: url('MongoDB connection string', 'mongodb://127.0.0.1:27017/portal', ['mongodb:', 'mongodb+srv:']),
  TEMPORAL_ADDRESS: hostPort('Temporal frontend host:port', '127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: str('Temporal namespace', 'default'),
  TEMPORAL_TASK_QUEUE: str('Temporal task queue of the application workflow', 'portal-application'),
  PAYLOAD_KEY_ID: str('id of the key that encrypts workflow payloads', 'dev-1'),
  PAYLOAD_KEY: key(32, 'AES-256 key for workflow payloads, base64', DEV_PII_KEY),
  // What a lender keeps of a submitted application after its applicant deletes their account: the BSA's
  // record-keeping in the US (31 CFR 1010.430) and the PCMLTFA's in Canada are 5 years each.
  RETENTION_YEARS_US: int('years a submitted US application keeps its lender records after an account is deleted', '5'),
  RETENTION_YEARS_CA: int(
    'years a submitted Canadian application keeps its lender records after an account is deleted',
    '5',
  ),
  AFFILIATE_RECORD_TYPE_ID: str('CRM record type id of affiliate accounts', '012000000000AFFAAA'),
  PUBLIC_URL: url('the URL applicants use; https makes cookies Secure', 'http://localhost:8080'),
  PII_KEY_ID: str('id of the key that encrypts SSN/SIN, EIN and date of birth at rest', 'dev-1'),
  PII_KEY: key(32, 'AES-256 key for SSN/SIN, EIN and date of birth at rest, base64', DEV_PII_KEY),
  PII_OLD_KEYS: str('earlier PII keys still able to decrypt, as id:base64 pairs separated by commas', 'none'),
  S3_ENDPOINT: url('S3 endpoint (the regional AWS endpoint in production)', 'http://127.0.0.1:4569'),
  S3_REGION: str('S3 region', 'us-east-1'),
  S3_BUCKET: str("S3 bucket for applicants' documents", 'portal-documents'),
  S3_ACCESS_KEY_ID: str('S3 access key id', 'local-dev-key'),
  S3_SECRET_ACCESS_KEY: secret('S3 secret access key', 'local-dev-secret', { how: 'from your S3 provider' }),
  S3_SSE: oneOf(['AES256', 'aws:kms'] as const, 'server-side encryption of every stored document', 'AES256'),
  S3_SSE_KMS_KEY_ID: kmsKeyId('KMS key id, key ARN, alias/<name> or alias ARN, required when S3_SSE is aws:kms'),
  S3_CHECKSUMS: oneOf(
    ['when_supported', 'when_required'] as const,
    'S3 integrity checksums: when_supported as on AWS; when_required only for stores that cannot take them',
    'when_supported',
  ),
  SMTP_HOST: str('SMTP server for email', '127.0.0.1'),
  SMTP_PORT: port('SMTP port', '1025'),
  SMTP_TLS: oneOf(
    ['none', 'starttls', 'implicit'] as const,
    'SMTP encryption: starttls (required, port 587) or implicit (port 465); none only locally (maildev)',
    'none',
  ),
  SMTP_USER: str("SMTP login (SES: the SMTP credentials' user name); none sends without one", 'none'),
  SMTP_PASSWORD: str('SMTP password of SMTP_USER', 'none'),
  SMTP_CA_FILE: str("PEM file of a private CA that signed the SMTP server's certificate; none: the system's", 'none'),
  MAIL_FROM: str('sender of email, an address the mail service has verified', 'Fundwise <no-reply@fundwise.local>'),
  TEMPORAL_TLS: oneOf(['off', 'on'] as const, 'TLS to the Temporal frontend (Temporal Cloud: on)', 'off'),
  TEMPORAL_TLS_CA_FILE: str("PEM file of the CA of Temporal's server certificate; none: the system's", 'none'),
  TEMPORAL_TLS_CERT_FILE: str('PEM client certificate for mTLS (with TEMPORAL_TLS_KEY_FILE); none: no mTLS', 'none'),
  TEMPORAL_TLS_KEY_FILE: str('PEM private key of TEMPORAL_TLS_CERT_FILE', 'none'),
  TEMPORAL_TLS_SERVER_NAME: str("name expected in Temporal's certificate when it differs from the address", 'none'),
  TEMPORAL_API_KEY: str('Temporal Cloud API key (sent over TLS as a bearer token); none: no key', 'none'),
  TEMPORAL_PRIVATE_NETWORK: oneOf(
    ['true', 'false'] as const,
    'true allows a plaintext Temporal address outside local development (a private network)',
    'false',
  ),
  METRICS_HOST: bindHost(
    'interface the Prometheus metrics endpoint listens on: loopback, or a private one your Prometheus reaches',
    '127.0.0.1',
  ),
  TRACES_URL: tracesUrl(
    "OpenTelemetry spans' OTLP/HTTP endpoint (a collector's http://host:4318/v1/traces); none: off",
  ),
  TRACES_SAMPLE_RATIO: ratio(
    "share of the traces started at the api that are kept (0 to 1); a caller's traceparent never raises it",
    '1',
  ),
  // The api connects banks through Plaid; the worker removes an erased account's item there (privacy/bank-items.ts).
  PLAID_URL: orNone(
    url(
      "Plaid API base URL (https://production.plaid.com in production; the local stand-in here), or 'none' for no bank connection",
      'http://127.0.0.1:4040',
    ),
  ),
  PLAID_STAGING: oneOf(
    ['off', 'on'] as const,
    "a hosted staging deployment on Plaid's sandbox: PLAID_URL https://sandbox.plaid.com, every other production rule kept",
    'off',
  ),
  PLAID_CLIENT_ID: str('Plaid client id', 'portal-local'),
  PLAID_SECRET: secret('Plaid secret (of the environment PLAID_URL names)', 'portal-local-secret', {
    how: 'from the Plaid dashboard (Keys)',
    usedUnless: 'PLAID_URL',
  }),
};

/** Local development secret for session tokens and code hashes. Production must set its own. */
const DEV_SESSION_SECRET = 'bG9jYWwtZGV2LXNlc3Npb24tc2VjcmV0LWNoZy1tZSE=';

/** Local development token of operators. Production must set its own. */
const DEV_OPERATOR_TOKEN = 'local-operator-token-change-me-in-production';

/** Box signs webhooks with HMAC-SHA256 under these: keys, held to the same length as our own. */
const BOX_SIGNATURE_KEY = { how: 'the signature key from the Box developer console', minBytes: MIN_KEY_BYTES };

/** 'none' (production: nginx and TRUSTED_PROXIES) or a secret of 16 characters or more; read as '' for none. */
const localProxySecret = (describe: string) => ({
  describe,
  default: 'none',
  parse: (raw: string): string => {
    const v = raw.trim();
    if (v === 'none') return '';
    if (v.length < 16) throw new Error("must be 'none' or a secret of 16 characters or more");
    return v;
  },
});

export const API_SETTINGS = {
  ...COMMON_SETTINGS,
  API_HOST: str('interface the api listens on', '127.0.0.1'),
  API_PORT: port('port of the api', '3000'),
  METRICS_PORT: metricsPort("port of the api's Prometheus metrics (/metrics), never API_PORT; off serves none"),
  TRUSTED_PROXIES: proxies("reverse proxies whose X-Forwarded-For gives the client's address", 'none'),
  SIGN_UPS_PER_ADDRESS_HOUR: int('sign-ups one client address may make in an hour', '20'),
  LOCAL_PROXY_SECRET: localProxySecret(
    "local stack only: the secret the local web server sends with each browser's socket address, or 'none'",
  ),
  BOX_WEBHOOK_PRIMARY_KEY: secret('Box webhook signature primary key', 'local-primary-key', BOX_SIGNATURE_KEY),
  BOX_WEBHOOK_SECONDARY_KEY: secret('Box webhook signature secondary key', 'local-secondary-key', BOX_SIGNATURE_KEY),
  SESSION_SECRET: key(32, 'HMAC key for session tokens and one-time codes, base64', DEV_SESSION_SECRET),
  ACCESS_TOKEN_TTL_SECONDS: int('lifetime of an access token', '900'),
  REFRESH_TOKEN_TTL_SECONDS: int('lifetime of a refresh token', '2592000'),
  OPERATOR_TOKEN: secret('bearer token of operators (codec server and operator actions)', DEV_OPERATOR_TOKEN, {
    how: 'a random value of 32 bytes or more, e.g. openssl rand -base64 32',
    minBytes: MIN_KEY_BYTES,
  }),
  TEMPORAL_UI_ORIGIN: url(
    'origin of the Temporal UI, the only one the codec server answers (CORS)',
    'http://localhost:8233',
  ),
  PLAID_WEBHOOK_URL: orNone(
    url(
      "the api's public https URL Plaid sends its webhooks to (…/api/webhooks/plaid), given in each link token; none sends none",
      'none',
    ),
  ),
  PLAID_REDIRECT_URI: orNone(
    url(
      "the page an OAuth bank sends the applicant back to (https://<host>/bank-statements, registered under Allowed redirect URIs in Plaid's dashboard), given in each link token; none gives none",
      'none',
    ),
  ),
  PLAID_ITEM_SWEEP_INTERVAL: duration(
    'how often the api removes at Plaid the items of applications that have ended (submitted, withdrawn, abandoned)',
    '10m',
  ),
  STALL_FIRST_REMINDER: duration('idle time before the first reminder email', '24h'),
  STALL_SECOND_REMINDER: duration('idle time before the second reminder email', '72h'),
  STALL_ABANDON_AFTER: duration('idle time after which an application is abandoned', '30d'),
  DATA_EXPORT_EXPIRY: duration("how long a 'Download my data' archive and its emailed link last", '7d'),
  OUTBOX_DRAIN_INTERVAL: duration('how often the api sends what waits in its outbox for Temporal', '2s'),
  OUTBOX_SWEEP_INTERVAL: duration("how often the api reads an empty outbox for other replicas' entries", '1m'),
  WORKFLOW_RUN_MAX_EVENTS: int('history events after which an application workflow continues as new', '5000'),
  WORKFLOW_RUN_MAX_UPDATES: int(
    'updates after which an application workflow continues as new (Temporal caps 2000)',
    '1000',
  ),
};

export const WORKER_SETTINGS = {
  ...COMMON_SETTINGS,
  SF_LOGIN_URL: myDomainUrl("Salesforce login URL: the org's My Domain (token endpoint host)", 'http://127.0.0.1:4010'),
  SF_CLIENT_ID: str('Salesforce connected-app client id', 'portal-local'),
  SF_CLIENT_SECRET: secret('Salesforce connected-app client secret', 'portal-local-secret', {
    how: "the connected app's consumer secret",
  }),
  SF_API_VERSION: str('Salesforce API version', '59.0'),
  SF_CONVERTED_STATUS: str(
    'the lead status a conversion sets (IsConverted in the org)',
    CRM_DEFAULT_VALUES.convertedStatus,
  ),
  SF_SUBMITTED_STAGE: str('the opportunity stage of a submitted application', CRM_DEFAULT_VALUES.submittedStage),
  SF_STATE_COUNTRY_PICKLISTS: oneOf(
    ['true', 'false'] as const,
    'the org has state and country picklists: codes go to StateCode and CountryCode',
    'false',
  ),
  SF_PICKLIST_VALUES: picklistValues("the org's picklist values where they differ from the spec's, as JSON"),
  SF_FIELD_LENGTHS: fieldLengths("the org's lengths of custom lead fields, as Field__c:120 pairs"),
  OFFER_SERVICE_URL: url('offer-calculation service base URL', 'http://127.0.0.1:4030'),
  OFFER_SERVICE_CLIENT_ID: str('offer-calculation service client id', 'portal-local'),
  OFFER_SERVICE_CLIENT_SECRET: secret('offer-calculation service client secret', 'portal-local-secret', {
    how: 'issued by the offer-calculation service',
  }),
  BOX_API_URL: url('Box API base URL (https://api.box.com in production)', 'http://127.0.0.1:4020'),
  BOX_UPLOAD_URL: url('Box upload base URL (https://upload.box.com/api in production)', 'http://127.0.0.1:4020/api'),
  BOX_CLIENT_ID: str('Box client-credentials app client id', 'portal-local'),
  BOX_CLIENT_SECRET: secret('Box client-credentials app client secret', 'portal-local-secret', {
    how: 'from the Box developer console',
  }),
  BOX_ENTERPRISE_ID: str('Box enterprise id the app acts for', '1'),
  BOX_PARENT_FOLDER_ID: str('Box folder that holds one folder per application', '0'),
  BOX_WEBHOOK_ADDRESS: str(
    "the api's public https URL for Box webhooks (…/api/webhooks/box), registered at start-up; none skips it",
    'none',
  ),
  // The SDK's default is sized from the heap limit (about 2,300 on a 4 GB heap), so the worker's memory grows
  // with every application it has seen until then (1.39x over 200 bench journeys). One that left the cache is
  // replayed from its history on its next task: a cache far smaller than the workflows in flight costs 3 to 5
  // times the worker's CPU, so production sizes it to them (docs/capacity.md).
  WORKER_MAX_CACHED_WORKFLOWS: int(
    'application workflows the worker keeps in memory between their tasks (sticky cache); the rest are replayed',
    '100',
  ),
  // Bundling the workflows with webpack takes about 3.5 s (4 CPU-s) at every start; the image bundles them once,
  // at build time (deploy/node.Dockerfile, worker/src/prebundle.ts).
  WORKFLOW_BUNDLE_DIR: str(
    'folder of the workflow bundles made at build time (worker/dist/prebundle.js); none bundles them at each start',
    'none',
  ),
  METRICS_PORT: metricsPort(
    "port of the worker's Prometheus metrics (/metrics: the Temporal SDK's and the activity failures); off serves none",
  ),
};

/** Ports and places of the local stack (`npm start`); every process gets its settings derived from these. */
export const STACK_SETTINGS = {
  WEB_PORT: port('web app and /api on one origin', '8080'),
  API_PORT: port('api (behind the web origin at /api)', '3000'),
  TEMPORAL_PORT: port('Temporal dev server frontend (gRPC)', '7233'),
  TEMPORAL_UI_PORT: port('Temporal UI', '8233'),
  MONGODB_PORT: port('FerretDB (MongoDB wire protocol)', '27017'),
  SMTP_PORT: port('maildev SMTP', '1025'),
  MAILDEV_WEB_PORT: port('maildev inbox', '1080'),
  S3_PORT: port('local S3 (moto behind stack/s3-front.ts)', '4569'),
  CRM_STANDIN_PORT: port('CRM (Salesforce) stand-in', '4010'),
  ESIGN_STANDIN_PORT: port('e-sign and document (Box) stand-in', '4020'),
  OFFER_STANDIN_PORT: port('offer-calculation stand-in', '4030'),
  PLAID_STANDIN_PORT: port('Plaid stand-in (bank connection)', '4040'),
  CODEC_PROXY_PORT: port("the operator's codec proxy the Temporal UI decodes payloads through", '8234'),
  PROMETHEUS_PORT: port('Prometheus (scrapes the metrics below)', '9090'),
  API_METRICS_PORT: port("the api's metrics (loopback)", '9464'),
  WORKER_METRICS_PORT: port("the worker's metrics: the Temporal SDK's and the activity failures (loopback)", '9465'),
  TEMPORAL_METRICS_PORT: port("the Temporal dev server's own metrics", '9466'),
  ZIPKIN_PORT: port('Zipkin, the trace viewer (its UI, fed by the collector below)', '9411'),
  OTLP_PORT: port(
    "the OpenTelemetry Collector's OTLP/HTTP port, where the api and the worker send their spans",
    '4318',
  ),
  DATA_DIR: str('where the stack keeps its data across restarts', '.data'),
};
