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

  it('takes the key as AWS names it: key id, key ARN, alias or alias ARN', () => {
    for (const id of [
      '1234abcd-12ab-34cd-56ef-1234567890ab',
      'mrk-1234abcd12ab34cd56ef1234567890ab',
      'arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab',
      'alias/portal-documents',
      'arn:aws:kms:us-east-1:123456789012:alias/portal-documents',
      'arn:aws-us-gov:kms:us-gov-west-1:123456789012:alias/portal/documents',
    ]) {
      const s = loadEnv(COMMON_SETTINGS, { S3_SSE: 'aws:kms', S3_SSE_KMS_KEY_ID: id });
      expect(s3Encryption(s), id).toEqual({ ServerSideEncryption: 'aws:kms', SSEKMSKeyId: id });
    }
  });

  it('stops start-up on a key name AWS would not find (a bare alias name, a malformed ARN)', () => {
    for (const id of ['portal-documents', 'alias:portal-documents', 'arn:aws:kms:us-east-1:123456789012:portal'])
      expect(() => loadEnv(COMMON_SETTINGS, { S3_SSE: 'aws:kms', S3_SSE_KMS_KEY_ID: id }), id).toThrow(
        'S3_SSE_KMS_KEY_ID must be a KMS key id, key ARN, alias/<name> or alias ARN',
      );
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
