import { describe, expect, it } from 'vitest';
import { ConfigError, configuredOr, loadEnv } from './env';
import { s3Encryption } from './s3';
import { API_SETTINGS } from './settings';

describe('loadEnv', () => {
  it('uses defaults that work locally', () => {
    const s = loadEnv(API_SETTINGS, {});
    expect(s.API_PORT).toBe(3000);
    expect(s.MONGODB_URI).toBe('mongodb://127.0.0.1:27017/portal');
  });

  it('names every malformed value and why', () => {
    try {
      loadEnv(API_SETTINGS, { API_PORT: 'eighty', MONGODB_URI: 'http://x', PAYLOAD_KEY: 'short' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const text = (e as Error).message;
      expect(text).toContain("API_PORT must be a port number (0-65535), got 'eighty'");
      expect(text).toContain('MONGODB_URI must use mongodb: or mongodb+srv:');
      expect(text).toContain('PAYLOAD_KEY must be 32 bytes in base64');
    }
  });

  it('reads durations with their unit, and refuses one without', () => {
    const s = loadEnv(API_SETTINGS, { STALL_FIRST_REMINDER: '90s', STALL_ABANDON_AFTER: '30d' });
    expect(s.STALL_FIRST_REMINDER).toBe(90_000);
    expect(s.STALL_SECOND_REMINDER).toBe(72 * 3_600_000);
    expect(s.STALL_ABANDON_AFTER).toBe(30 * 86_400_000);
    expect(() => loadEnv(API_SETTINGS, { STALL_FIRST_REMINDER: '24' })).toThrow(
      "STALL_FIRST_REMINDER must be a duration such as 90s, 15m, 24h or 30d, got '24'",
    );
    expect(() => loadEnv(API_SETTINGS, { STALL_FIRST_REMINDER: '0h' })).toThrow(ConfigError);
  });

  it('reports a missing value that has no default', () => {
    expect(() => loadEnv({ X: { describe: 'x', parse: String } }, {})).toThrow('X is missing');
  });
});

describe('configuredOr', () => {
  const stop = (message: string): never => {
    throw new Error(`stopped: ${message}`);
  };

  it('answers the settings when every value and the check pass', () => {
    expect(configuredOr(() => loadEnv(API_SETTINGS, {}), stop, s3Encryption).API_PORT).toBe(3000);
  });

  it('stops with the names and reasons of a bad value, from the read or from the check', () => {
    expect(() => configuredOr(() => loadEnv(API_SETTINGS, { API_PORT: 'eighty' }), stop)).toThrow(
      "stopped: Invalid configuration:\n  API_PORT must be a port number (0-65535), got 'eighty'",
    );
    expect(() => configuredOr(() => loadEnv(API_SETTINGS, { S3_SSE: 'aws:kms' }), stop, s3Encryption)).toThrow(
      'stopped: Invalid configuration:\n  S3_SSE_KMS_KEY_ID is missing (required when S3_SSE is aws:kms)',
    );
  });

  it('throws any other error as it is', () => {
    const boom = new Error('boom');
    expect(() =>
      configuredOr(() => {
        throw boom;
      }, stop),
    ).toThrow(boom);
  });
});
