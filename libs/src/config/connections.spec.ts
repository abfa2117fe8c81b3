import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';
import { smtpTransportOptions, temporalConnectionOptions } from './connections';
import { API_SETTINGS, WORKER_SETTINGS } from './settings';

// No real mail service (TLS and a login required) and no secured Temporal
// (TLS, mTLS or an API key) could be reached, and production started on plaintext for both.

const b64 = (fill: string) => btoa(fill.repeat(32).slice(0, 32));
/** Secrets of a deployment's own (secrets.spec.ts judges those), so only the connections are in question. */
const SECRETS = {
  SESSION_SECRET: b64('session-'),
  PII_KEY: b64('pii-key-'),
  PAYLOAD_KEY: b64('payload-'),
  S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  BOX_WEBHOOK_PRIMARY_KEY: 'p'.repeat(32),
  BOX_WEBHOOK_SECONDARY_KEY: 's'.repeat(32),
  SF_CLIENT_SECRET: 'sf-consumer-secret-from-the-connected-app',
  BOX_CLIENT_SECRET: 'box-client-secret-from-the-console',
  OFFER_SERVICE_CLIENT_SECRET: 'offers-client-secret',
  PLAID_URL: 'https://production.plaid.com',
  PLAID_SECRET: 'plaid-production-secret',
  OPERATOR_TOKEN: b64('operator'),
  BOX_WEBHOOK_ADDRESS: 'https://apply.fundwise.example/api/webhooks/box',
};
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://apply.fundwise.example', ...SECRETS };
const SES = {
  SMTP_HOST: 'email-smtp.us-east-1.amazonaws.com',
  SMTP_PORT: '587',
  SMTP_TLS: 'starttls',
  SMTP_USER: 'AKIAEXAMPLESMTPUSER',
  SMTP_PASSWORD: 'smtp-password-from-ses',
  MAIL_FROM: 'Fundwise <no-reply@fundwise.example>',
};
const CLOUD = {
  TEMPORAL_ADDRESS: 'fundwise.a1b2c.tmprl.cloud:7233',
  TEMPORAL_NAMESPACE: 'fundwise.a1b2c',
  TEMPORAL_TLS: 'on',
};

function problems(spec: typeof API_SETTINGS | typeof WORKER_SETTINGS, source: Record<string, string>): string[] {
  try {
    loadEnv(spec, source);
    return [];
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).problems;
  }
}

describe('mail in production', () => {
  it('starts with STARTTLS or implicit TLS, a login and a sender of its own', () => {
    expect(problems(API_SETTINGS, { ...PRODUCTION, ...SES, ...CLOUD })).toEqual([]);
    expect(problems(WORKER_SETTINGS, { ...PRODUCTION, ...SES, ...CLOUD, SMTP_TLS: 'implicit' })).toEqual([]);
  });

  it('refuses mail without TLS, without a login off this host, and the development sender', () => {
    const { MAIL_FROM: _, ...noSender } = SES;
    for (const spec of [API_SETTINGS, WORKER_SETTINGS])
      expect(
        problems(spec, {
          ...PRODUCTION,
          ...CLOUD,
          ...noSender,
          SMTP_TLS: 'none',
          SMTP_USER: 'none',
          SMTP_PASSWORD: 'none',
        }),
      ).toEqual([
        'SMTP_TLS is none (NODE_ENV is production): set starttls or implicit, mail services require TLS',
        'SMTP_USER is missing (NODE_ENV is production): a mail service off this host requires a login',
        'MAIL_FROM is missing (NODE_ENV is production): set a sender the mail service has verified',
      ]);
  });

  it('lets a relay on this host go without a login, never without TLS', () => {
    const local = { ...SES, SMTP_HOST: '127.0.0.1', SMTP_USER: 'none', SMTP_PASSWORD: 'none' };
    expect(problems(API_SETTINGS, { ...PRODUCTION, ...CLOUD, ...local })).toEqual([]);
    expect(problems(API_SETTINGS, { ...PRODUCTION, ...CLOUD, ...local, SMTP_TLS: 'none' })).toEqual([
      'SMTP_TLS is none (NODE_ENV is production): set starttls or implicit, mail services require TLS',
    ]);
  });

  it('wants the login whole anywhere, and keeps maildev working locally', () => {
    expect(problems(API_SETTINGS, { SMTP_USER: 'me' })).toEqual(['SMTP_PASSWORD is missing (required with SMTP_USER)']);
    expect(problems(API_SETTINGS, { SMTP_TLS: 'tls' })).toEqual([
      expect.stringMatching(/^SMTP_TLS must be one of none, starttls, implicit/),
    ]);
    expect(problems(API_SETTINGS, {})).toEqual([]);
  });

  it('gives nodemailer required STARTTLS or implicit TLS, the certificate checked, the CA and the login', () => {
    const s = loadEnv(API_SETTINGS, { ...SES, SMTP_CA_FILE: '/etc/ssl/private-ca.pem' });
    const read = (path: string) => `pem of ${path}`;
    expect(smtpTransportOptions(s, read)).toEqual({
      host: 'email-smtp.us-east-1.amazonaws.com',
      port: 587,
      secure: false,
      requireTLS: true,
      ignoreTLS: false,
      auth: { user: 'AKIAEXAMPLESMTPUSER', pass: 'smtp-password-from-ses' },
      tls: { rejectUnauthorized: true, minVersion: 'TLSv1.2', ca: 'pem of /etc/ssl/private-ca.pem' },
    });
    const implicit = smtpTransportOptions({ ...s, SMTP_TLS: 'implicit', SMTP_PORT: 465 }, read);
    expect(implicit).toMatchObject({ port: 465, secure: true, requireTLS: false });
    expect(smtpTransportOptions(loadEnv(API_SETTINGS, {}), read)).toMatchObject({
      secure: false,
      requireTLS: false,
      ignoreTLS: true,
    });
  });
});

describe('Temporal in production', () => {
  it('refuses a plaintext address unless it is said to be a private network', () => {
    const plain = { ...PRODUCTION, ...SES, TEMPORAL_ADDRESS: 'temporal.internal:7233' };
    expect(problems(WORKER_SETTINGS, plain)).toEqual([
      'TEMPORAL_TLS is off (NODE_ENV is production): set TEMPORAL_TLS=on, or TEMPORAL_PRIVATE_NETWORK=true for a private network',
    ]);
    expect(problems(API_SETTINGS, plain)).toHaveLength(1);
    expect(problems(WORKER_SETTINGS, { ...plain, TEMPORAL_PRIVATE_NETWORK: 'true' })).toEqual([]);
  });

  it('refuses an API key or TLS files without TLS, and half a client pair, anywhere', () => {
    expect(problems(API_SETTINGS, { TEMPORAL_API_KEY: 'key' })).toEqual([
      'TEMPORAL_API_KEY needs TEMPORAL_TLS=on (the key must not travel in plaintext)',
    ]);
    expect(problems(API_SETTINGS, { TEMPORAL_TLS: 'on', TEMPORAL_TLS_CERT_FILE: '/c.pem' })).toEqual([
      'TEMPORAL_TLS_CERT_FILE and TEMPORAL_TLS_KEY_FILE go together (an mTLS client pair)',
    ]);
    expect(problems(API_SETTINGS, { TEMPORAL_TLS_CA_FILE: '/ca.pem' })).toEqual([
      'TEMPORAL_TLS_CA_FILE is set but TEMPORAL_TLS is off',
    ]);
  });

  it('gives the client and the worker TLS with the CA, the client pair, the server name and the API key with its namespace', () => {
    const read = (path: string) => new TextEncoder().encode(path);
    const mtls = loadEnv(WORKER_SETTINGS, {
      TEMPORAL_ADDRESS: 'temporal.internal:7233',
      TEMPORAL_TLS: 'on',
      TEMPORAL_TLS_CA_FILE: '/ca.pem',
      TEMPORAL_TLS_CERT_FILE: '/client.pem',
      TEMPORAL_TLS_KEY_FILE: '/client.key',
      TEMPORAL_TLS_SERVER_NAME: 'temporal',
    });
    expect(temporalConnectionOptions(mtls, read)).toEqual({
      address: 'temporal.internal:7233',
      tls: {
        serverNameOverride: 'temporal',
        serverRootCACertificate: read('/ca.pem'),
        clientCertPair: { crt: read('/client.pem'), key: read('/client.key') },
      },
    });
    const cloud = loadEnv(API_SETTINGS, { ...CLOUD, TEMPORAL_API_KEY: 'cloud-key' });
    expect(temporalConnectionOptions(cloud, read)).toEqual({
      address: CLOUD.TEMPORAL_ADDRESS,
      tls: {},
      apiKey: 'cloud-key',
      // Temporal Cloud finds a key-authenticated call's namespace by this header.
      metadata: { 'temporal-namespace': 'fundwise.a1b2c' },
    });
    expect(temporalConnectionOptions(loadEnv(API_SETTINGS, {}), read)).toEqual({
      address: '127.0.0.1:7233',
      tls: false,
    });
  });
});

describe("Plaid's webhook address", () => {
  it('is the public https api in production, or none; a loopback or http address is refused', () => {
    const env = { ...PRODUCTION, ...SES, ...CLOUD };
    expect(problems(API_SETTINGS, env)).toEqual([]);
    expect(
      problems(API_SETTINGS, { ...env, PLAID_WEBHOOK_URL: 'https://apply.fundwise.example/api/webhooks/plaid' }),
    ).toEqual([]);
    for (const PLAID_WEBHOOK_URL of ['http://apply.fundwise.example/api/webhooks/plaid', 'https://127.0.0.1:3000/x'])
      expect(problems(API_SETTINGS, { ...env, PLAID_WEBHOOK_URL })).toEqual([
        "PLAID_WEBHOOK_URL must be the api's public https address (NODE_ENV is production), or none",
      ]);
    // Locally, the stack's own api.
    expect(problems(API_SETTINGS, { PLAID_WEBHOOK_URL: 'http://127.0.0.1:3000/api/webhooks/plaid' })).toEqual([]);
  });
});

describe("Plaid's environment", () => {
  const env = { ...PRODUCTION, ...SES, ...CLOUD };
  const SANDBOX = 'https://sandbox.plaid.com';

  it("is production's in production: Plaid's sandbox or a stand-in is refused, naming the staging flag", () => {
    expect(problems(API_SETTINGS, { ...env, PLAID_URL: 'https://production.plaid.com' })).toEqual([]);
    for (const PLAID_URL of [SANDBOX, 'http://127.0.0.1:4040'])
      expect(problems(API_SETTINGS, { ...env, PLAID_URL })).toEqual([
        `PLAID_URL ${PLAID_URL} is a sandbox (NODE_ENV is production): set https://production.plaid.com, or none (a staging deployment on Plaid's sandbox: PLAID_STAGING=on)`,
      ]);
  });

  it("a hosted staging flagged PLAID_STAGING=on runs on Plaid's sandbox only, every other production rule kept", () => {
    expect(problems(API_SETTINGS, { ...env, PLAID_STAGING: 'on', PLAID_URL: SANDBOX })).toEqual([]);
    for (const PLAID_URL of ['https://production.plaid.com', 'http://127.0.0.1:4040', 'http://sandbox.plaid.com'])
      expect(problems(API_SETTINGS, { ...env, PLAID_STAGING: 'on', PLAID_URL })).toEqual([
        `PLAID_URL ${PLAID_URL} is not Plaid's sandbox (PLAID_STAGING is on): set https://sandbox.plaid.com, or none`,
      ]);
    expect(problems(API_SETTINGS, { ...env, PLAID_STAGING: 'on', PLAID_URL: 'none' })).toEqual([]);
    // Staging changes nothing else: mail without TLS is refused all the same.
    expect(problems(API_SETTINGS, { ...env, PLAID_STAGING: 'on', PLAID_URL: SANDBOX, SMTP_TLS: 'none' })).toEqual([
      'SMTP_TLS is none (NODE_ENV is production): set starttls or implicit, mail services require TLS',
    ]);
    // Locally the flag asks nothing.
    expect(problems(API_SETTINGS, { PLAID_STAGING: 'on' })).toEqual([]);
  });
});

describe("Plaid's OAuth redirect URI", () => {
  it('is the public https page in production, or none; a loopback or http address is refused', () => {
    const env = { ...PRODUCTION, ...SES, ...CLOUD };
    expect(
      problems(API_SETTINGS, { ...env, PLAID_REDIRECT_URI: 'https://apply.fundwise.example/bank-statements' }),
    ).toEqual([]);
    for (const PLAID_REDIRECT_URI of ['http://apply.fundwise.example/bank-statements', 'https://localhost/x'])
      expect(problems(API_SETTINGS, { ...env, PLAID_REDIRECT_URI })).toEqual([
        "PLAID_REDIRECT_URI must be the portal's public https address of /bank-statements (NODE_ENV is production), or none",
      ]);
    expect(problems(API_SETTINGS, { PLAID_REDIRECT_URI: 'http://localhost:5173/bank-statements' })).toEqual([]);
  });
});

describe("Box's webhook address", () => {
  // docker-compose left BOX_WEBHOOK_ADDRESS at none: no webhook was registered, and production only polled.
  it('is required in production, https on port 443 off this host; the api does not read it', () => {
    const env = { ...PRODUCTION, ...SES, ...CLOUD };
    expect(problems(WORKER_SETTINGS, env)).toEqual([]);
    expect(problems(WORKER_SETTINGS, { ...env, BOX_WEBHOOK_ADDRESS: 'none' })).toEqual([
      "BOX_WEBHOOK_ADDRESS is none (NODE_ENV is production): set the api's public https://<host>/api/webhooks/box, " +
        'or Box never calls and signing only polls every 30 s',
    ]);
    const { BOX_WEBHOOK_ADDRESS: _, ...unset } = env;
    expect(problems(WORKER_SETTINGS, unset)).toHaveLength(1);
    for (const BOX_WEBHOOK_ADDRESS of [
      'http://apply.fundwise.example/api/webhooks/box',
      'https://apply.fundwise.example:8443/api/webhooks/box',
      'https://127.0.0.1/api/webhooks/box',
    ])
      expect(problems(WORKER_SETTINGS, { ...env, BOX_WEBHOOK_ADDRESS })).toEqual([
        `BOX_WEBHOOK_ADDRESS ${BOX_WEBHOOK_ADDRESS} is not one Box delivers to (NODE_ENV is production): ` +
          "set the api's public https://<host>/api/webhooks/box (https, port 443)",
      ]);
    expect(problems(API_SETTINGS, { ...env, BOX_WEBHOOK_ADDRESS: 'none' })).toEqual([]);
    // Locally: none (the stand-in is never called back) or the stack's own api on loopback.
    expect(problems(WORKER_SETTINGS, {})).toEqual([]);
    expect(problems(WORKER_SETTINGS, { BOX_WEBHOOK_ADDRESS: 'http://127.0.0.1:3000/api/webhooks/box' })).toEqual([]);
  });
});
