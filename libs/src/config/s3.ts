import { ConfigError } from './env';
import type { Setting } from './setting';

const KMS_KEY_ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|mrk-[0-9a-f]{32})$/;
const KMS_ALIAS = /^alias\/[A-Za-z0-9/_-]+$/;
const KMS_ARN = /^arn:aws[a-z-]*:kms:[a-z0-9-]+:\d+:(?:key\/[A-Za-z0-9-]+|alias\/[A-Za-z0-9/_-]+)$/;

/**
 * S3_SSE_KMS_KEY_ID: the forms S3 takes for the documents' KMS key, as AWS names them: a key id (a UUID, or
 * mrk-… for a multi-Region key), a key ARN (…:key/<id>), an alias (alias/<name>) or an alias ARN
 * (…:alias/<name>); or 'none'. A bare name without alias/ would be read by AWS as a key id and refused at
 * the first upload: it stops start-up here instead.
 */
export const kmsKeyId = (describe: string): Setting<string> => ({
  describe,
  default: 'none',
  parse: (raw) => {
    const v = raw.trim();
    if (v === 'none' || KMS_KEY_ID.test(v) || KMS_ALIAS.test(v) || KMS_ARN.test(v)) return v;
    throw new Error(`must be a KMS key id, key ARN, alias/<name> or alias ARN (or none), got '${raw}'`);
  },
});

export type S3Settings = {
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_BUCKET: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  /** when_supported (AWS's default) unless the store cannot take them (one that stores aws-chunked frames). */
  S3_CHECKSUMS?: 'when_supported' | 'when_required';
};

/**
 * S3Client options for the api and the worker, as strict as AWS: integrity checksums on every request
 * (unless S3_CHECKSUMS says the store cannot take them), and a request sent to the wrong region follows
 * S3's redirect instead of failing. Path-style addressing works on AWS and on local stores alike.
 */
export const s3ClientOptions = (s: S3Settings) => {
  const checksums = s.S3_CHECKSUMS === 'when_required' ? ('WHEN_REQUIRED' as const) : ('WHEN_SUPPORTED' as const);
  return {
    region: s.S3_REGION,
    endpoint: s.S3_ENDPOINT,
    forcePathStyle: true,
    followRegionRedirects: true,
    credentials: { accessKeyId: s.S3_ACCESS_KEY_ID, secretAccessKey: s.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: checksums,
    responseChecksumValidation: checksums,
  };
};

export type S3EncryptionSettings = { S3_SSE: 'AES256' | 'aws:kms'; S3_SSE_KMS_KEY_ID: string };

/**
 * The server-side encryption every PutObject and Upload carries: documents hold PII (the signed application
 * has the EIN and birth dates), so nothing is stored without it. aws:kms needs a named key: relying on the
 * account's default aws/s3 key would hide which key policy guards the documents. Called at boot by the api
 * and the worker, so a missing key stops start-up with its name.
 */
export function s3Encryption(s: S3EncryptionSettings) {
  if (s.S3_SSE === 'AES256') return { ServerSideEncryption: 'AES256' as const };
  if (s.S3_SSE_KMS_KEY_ID === 'none')
    throw new ConfigError(['S3_SSE_KMS_KEY_ID is missing (required when S3_SSE is aws:kms)']);
  return { ServerSideEncryption: 'aws:kms' as const, SSEKMSKeyId: s.S3_SSE_KMS_KEY_ID };
}
