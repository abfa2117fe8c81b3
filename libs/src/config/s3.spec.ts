import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';
import { s3ClientOptions, s3Encryption } from './s3';
import { COMMON_SETTINGS } from './settings';

describe('S3 server-side encryption settings', () => {
  it('encrypts with AES256 unless told otherwise', () => {
    expect(s3Encryption(loadEnv(COMMON_SETTINGS, {}))).toEqual({ ServerSideEncryption: 'AES256' });
  });

  it('uses the named KMS key with aws:kms', () => {
    const s = loadEnv(COMMON_SETTINGS, { S3_SSE: 'aws:kms', S3_SSE_KMS_KEY_ID: 'arn:aws:kms:us-east-1:1:key/k' });
    expect(s3Encryption(s)).toEqual({ ServerSideEncryption: 'aws:kms', SSEKMSKeyId: 'arn:aws:kms:us-east-1:1:key/k' });
  });

  it('stops start-up on aws:kms without a key, and on an unknown mode, naming the setting', () => {
    expect(() => s3Encryption(loadEnv(COMMON_SETTINGS, { S3_SSE: 'aws:kms' }))).toThrow(ConfigError);
    expect(() => s3Encryption(loadEnv(COMMON_SETTINGS, { S3_SSE: 'aws:kms' }))).toThrow(
      'S3_SSE_KMS_KEY_ID is missing (required when S3_SSE is aws:kms)',
    );
    expect(() => loadEnv(COMMON_SETTINGS, { S3_SSE: 'none' })).toThrow('S3_SSE must be one of AES256, aws:kms');
  });
});

describe('S3 client options', () => {
  const s = loadEnv(COMMON_SETTINGS, {});
  it('follow region redirects and keep integrity checksums on, as against AWS', () => {
    expect(s3ClientOptions(s)).toMatchObject({
      followRegionRedirects: true,
      requestChecksumCalculation: 'WHEN_SUPPORTED',
      responseChecksumValidation: 'WHEN_SUPPORTED',
    });
  });
  it('send checksums only when required for a store that cannot take them', () => {
    expect(s3ClientOptions({ ...s, S3_CHECKSUMS: 'when_required' })).toMatchObject({
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
  });
});
