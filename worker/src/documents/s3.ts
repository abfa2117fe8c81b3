import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { traceS3 } from '@portal/libs/dist/telemetry/client-span';
import { s3ClientOptions, s3Encryption, type S3EncryptionSettings, type S3Settings } from '@portal/libs';
import { DocumentStoreDeniedError } from '../errors';

/** S3's answers that mean the worker's role (or the key policy) forbids the call: no retry changes that. */
const DENIED = new Set(['AccessDenied', 'AllAccessDisabled', 'InvalidAccessKeyId', 'SignatureDoesNotMatch']);

function classify(e: unknown, what: string): never {
  const err = e as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  const code = err.Code ?? err.name ?? '';
  if (DENIED.has(code) || (err.$metadata?.httpStatusCode === 403 && !/SlowDown|Throttl/i.test(code)))
    throw new DocumentStoreDeniedError(`S3 refused to ${what}: ${code || 'HTTP 403'}`, code || 'HTTP_403');
  throw e;
}

/**
 * The applicants' document store: S3 in production (regional endpoint, checksums, redirects across
 * regions), a local S3 in development and tests. Every object is encrypted at rest (S3_SSE): the signed
 * application holds the EIN and birth dates.
 */
export function documentStore(s: S3Settings & S3EncryptionSettings) {
  // A client span per call, so a trace shows the S3 time: named by its operation, the key's kind only
  // (an object key can name an applicant's file).
  const client = traceS3(new S3Client(s3ClientOptions(s)));
  const encryption = s3Encryption(s);
  return {
    async put(key: string, body: Uint8Array, contentType: string) {
      await client
        .send(
          new PutObjectCommand({ Bucket: s.S3_BUCKET, Key: key, Body: body, ContentType: contentType, ...encryption }),
        )
        .catch((e: unknown) => classify(e, 'store a document'));
    },
    async get(key: string): Promise<Uint8Array> {
      const res = await client
        .send(new GetObjectCommand({ Bucket: s.S3_BUCKET, Key: key }))
        .catch((e: unknown) => classify(e, 'read a document'));
      return res.Body!.transformToByteArray();
    },
    close: () => client.destroy(),
  };
}
export type DocumentStore = ReturnType<typeof documentStore>;
