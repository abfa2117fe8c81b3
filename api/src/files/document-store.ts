import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { traceS3 } from '@portal/libs/dist/telemetry/client-span';
import { s3ClientOptions, s3Encryption, type S3EncryptionSettings, type S3Settings } from '@portal/libs';

/**
 * The applicants' uploads in S3. Every object is encrypted at rest (S3_SSE) and stored as a PDF to download
 * (`Content-Disposition: attachment`), so no reader of the bucket ever gets one rendered as a page.
 */
export function uploadStore(s: S3Settings & S3EncryptionSettings) {
  // A client span per call (issue 24), named by its operation, the key's kind only.
  const client = traceS3(new S3Client(s3ClientOptions(s)));
  const encryption = s3Encryption(s);
  return {
    /**
     * One PutObject of exactly `size` bytes from `body` (a stream: the SDK never retries it). `fileName` is
     * ours (documentFileName: letters, digits, hyphens), never the browser's. Aborted through `signal`
     * before the body is complete, S3 stores nothing (s3rver keeps the bytes it had: callers remove the key).
     */
    put: (key: string, body: Readable, size: number, fileName: string, signal?: AbortSignal) =>
      client.send(
        new PutObjectCommand({
          Bucket: s.S3_BUCKET,
          Key: key,
          Body: body,
          ContentLength: size,
          ContentType: 'application/pdf',
          ContentDisposition: `attachment; filename="${fileName}"`,
          ...encryption,
        }),
        { abortSignal: signal },
      ),
    remove: (key: string) => client.send(new DeleteObjectCommand({ Bucket: s.S3_BUCKET, Key: key })),
  };
}
