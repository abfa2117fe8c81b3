import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';
import { isLoopbackUrl } from './secrets';
import { API_SETTINGS, WORKER_SETTINGS } from './settings';

// An access token forged with the development SESSION_SECRET read another applicant's
// owners, because production started on the defaults without a word.

const b64 = (bytes: number, fill: string) => btoa(fill.repeat(bytes).slice(0, bytes));
/** Every secret and key set to a value of our own, as a production deployment must. */
const REAL = {
  SESSION_SECRET: b64(32, 'session-'),
  PII_KEY: b64(32, 'pii-key-'),
  PAYLOAD_KEY: b64(32, 'payload-'),
  S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  BOX_WEBHOOK_PRIMARY_KEY: 'p'.repeat(32),
  BOX_WEBHOOK_SECONDARY_KEY: 's'.repeat(32),
  SF_CLIENT_SECRET: 'sf-consumer-secret-from-the-connected-app',
  BOX_CLIENT_SECRET: 'box-client-secret-from-the-console',
  OFFER_SERVICE_CLIENT_SECRET: 'offers-client-secret',
  PLAID_URL: 'https://production.plaid.com',
  PLAID_SECRET: 'plaid-production-secret',
  OPERATOR_TOKEN: b64(32, 'operator'),
};
/** Mail over TLS with a login and a verified sender, Temporal over TLS: what production needs besides (connections.spec.ts). */
const DEPLOYED = {
  SMTP_HOST: 'email-smtp.us-east-1.amazonaws.com',
  SMTP_PORT: '587',
  SMTP_TLS: 'starttls',
  SMTP_USER: 'AKIAEXAMPLESMTPUSER',
  SMTP_PASSWORD: 'smtp-password-from-ses',
  MAIL_FROM: 'Fundwise <no-reply@fundwise.example>',
  TEMPORAL_TLS: 'on',
  BOX_WEBHOOK_ADDRESS: 'https://apply.fundwise.example/api/webhooks/box',
};
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://apply.fundwise.example', ...DEPLOYED };

function problems(spec: typeof API_SETTINGS | typeof WORKER_SETTINGS, source: Record<string, string>): string[] {
  try {
    loadEnv(spec, source);
    return [];
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).problems;
  }
}
const named = (list: string[]) => list.map((p) => p.split(' ')[0]).sort();

describe('the operator token', () => {
  it('is refused at its development default or under 32 bytes outside local development', () => {
    expect(named(problems(API_SETTINGS, { ...PRODUCTION, ...REAL, OPERATOR_TOKEN: 'short' }))).toEqual([
      'OPERATOR_TOKEN',
    ]);
    expect(problems(API_SETTINGS, { ...PRODUCTION, ...REAL })).toEqual([]);
  });
});

describe('known keys in use — outside local development start-up refuses a default or short secret', () => {
  it('refuses every development default of the api in production, naming each and how to make one', () => {
    const found = problems(API_SETTINGS, PRODUCTION);
    expect(named(found)).toEqual(
      [
        'BOX_WEBHOOK_PRIMARY_KEY',
        'BOX_WEBHOOK_SECONDARY_KEY',
        'OPERATOR_TOKEN',
        'PAYLOAD_KEY',
        'PII_KEY',
        'PLAID_SECRET',
        'PLAID_URL',
        'S3_SECRET_ACCESS_KEY',
        'SESSION_SECRET',
      ].sort(),
    );
    expect(found.find((p) => p.startsWith('SESSION_SECRET'))).toBe(
      'SESSION_SECRET is a development default, public with the code (NODE_ENV is production): ' +
        'set your own (openssl rand -base64 32)',
    );
  });

  it("checks Plaid's secret only while the bank connection is on (PLAID_URL not 'none')", () => {
    const withPlaid = named(problems(API_SETTINGS, { ...PRODUCTION, PLAID_URL: 'https://production.plaid.com' }));
    expect(withPlaid).toContain('PLAID_SECRET');
    expect(named(problems(API_SETTINGS, { ...PRODUCTION, PLAID_URL: 'none' }))).not.toContain('PLAID_SECRET');
    expect(named(problems(WORKER_SETTINGS, { ...PRODUCTION, PLAID_URL: 'none' }))).not.toContain('PLAID_SECRET');
  });

  it("refuses the worker's development client secrets too (Plaid's too: an erasure removes the item there)", () => {
    expect(named(problems(WORKER_SETTINGS, PRODUCTION))).toEqual(
      [
        'BOX_CLIENT_SECRET',
        'OFFER_SERVICE_CLIENT_SECRET',
        'PAYLOAD_KEY',
        'PII_KEY',
        'PLAID_SECRET',
        'PLAID_URL',
        'S3_SECRET_ACCESS_KEY',
        'SF_CLIENT_SECRET',
      ].sort(),
    );
  });
});

describe('known keys in use — what counts as local development, and what passes', () => {
  it('treats a PUBLIC_URL off loopback as outside local development, whatever NODE_ENV says', () => {
    const found = problems(API_SETTINGS, {
      ...DEPLOYED,
      PUBLIC_URL: 'http://10.0.0.5:8080',
      SESSION_SECRET: REAL.SESSION_SECRET,
    });
    expect(found).toContain(
      'PII_KEY is a development default, public with the code (PUBLIC_URL http://10.0.0.5:8080 is not a loopback ' +
        'address): set your own (openssl rand -base64 32)',
    );
    expect(named(found)).not.toContain('SESSION_SECRET');
  });

  it('treats NODE_ENV=production as outside local development even on localhost', () => {
    expect(named(problems(API_SETTINGS, { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:8080' }))).toContain(
      'SESSION_SECRET',
    );
  });

  it('refuses a development value under another name', () => {
    const devPiiKey = API_SETTINGS.PII_KEY.default!;
    expect(problems(API_SETTINGS, { ...PRODUCTION, ...REAL, SESSION_SECRET: devPiiKey })).toEqual([
      'SESSION_SECRET is a development default, public with the code (NODE_ENV is production): ' +
        'set your own (openssl rand -base64 32)',
    ]);
  });

  it('refuses a webhook signature key under 32 bytes', () => {
    expect(problems(API_SETTINGS, { ...PRODUCTION, ...REAL, BOX_WEBHOOK_SECONDARY_KEY: 'k'.repeat(31) })).toEqual([
      'BOX_WEBHOOK_SECONDARY_KEY is too short: 31 bytes, at least 32 needed (NODE_ENV is production): ' +
        'set your own (the signature key from the Box developer console)',
    ]);
  });

  it('refuses a short base64 key anywhere (it must decode to 32 bytes)', () => {
    expect(problems(API_SETTINGS, { SESSION_SECRET: b64(16, 'short') })).toEqual([
      expect.stringMatching(/^SESSION_SECRET must be 32 bytes in base64/),
    ]);
  });

  it('starts in production once every secret and key is its own', () => {
    expect(problems(API_SETTINGS, { ...PRODUCTION, ...REAL })).toEqual([]);
    expect(problems(WORKER_SETTINGS, { ...PRODUCTION, ...REAL })).toEqual([]);
  });

  it('keeps the development defaults working locally (loopback PUBLIC_URL, NODE_ENV not production)', () => {
    for (const PUBLIC_URL of [
      'http://localhost:8080',
      'http://127.0.0.1:18080',
      'http://127.8.9.10',
      'http://[::1]:8080',
    ])
      expect(problems(API_SETTINGS, { PUBLIC_URL, NODE_ENV: 'development' }), PUBLIC_URL).toEqual([]);
    expect(problems(API_SETTINGS, {})).toEqual([]);
    expect(problems(WORKER_SETTINGS, { NODE_ENV: 'test' })).toEqual([]);
  });
});

describe('isLoopbackUrl', () => {
  it('knows localhost, 127.0.0.0/8 and ::1, and nothing else', () => {
    for (const u of [
      'http://localhost',
      'https://LOCALHOST:8443/x',
      'http://127.0.0.1:80',
      'http://127.255.0.9',
      'http://[::1]/',
    ])
      expect(isLoopbackUrl(u), u).toBe(true);
    for (const u of [
      'https://apply.fundwise.example',
      'http://localhost.evil.example',
      'http://127.0.0.1.nip.io',
      'http://128.0.0.1',
      'http://[::2]',
      'http://0.0.0.0',
      'not a url',
    ])
      expect(isLoopbackUrl(u), u).toBe(false);
  });
});
