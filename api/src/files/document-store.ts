import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { traceS3 } from '@portal/libs/dist/telemetry/client-span';
import { s3ClientOptions, s3Encryption, type S3EncryptionSettings, type S3Settings } from '@portal/libs';
import { SETTINGS, type ApiSettings } from '../config/settings.module';

/**
 * The applicants' uploads in S3. Every object is encrypted at rest (S3_SSE) and stored as a PDF to download
 * (`Content-Disposition: attachment`), so no reader of the bucket ever gets one rendered as a page.
 */
export function uploadStore(s: S3Settings & S3EncryptionSettings) {
  // A client span per call, named by its operation and the key's kind only (never an applicant's key).
  const client = traceS3(new S3Client(s3ClientOptions(s)));
  const encryption = s3Encryption(s);
  return {
    /**
     * One PutObject of exactly `size` bytes from `body` (a stream: the SDK never retries it). `fileName` is
     * ours (documentFileName: letters, digits, hyphens), never the browser's. Aborted through `signal`
     * before the body is complete, S3 stores nothing, nor does the local S3 (moto behind stack/s3-front.ts, which
     * forwards only whole bodies); callers remove the key all the same, in case a store kept a part.
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

/**
 * The feature's one store of documents (one S3 client and its sockets for uploads, fetched statements and
 * removals alike).
 */
@Injectable()
export class DocumentStore {
  readonly put;
  readonly remove;

  constructor(@Inject(SETTINGS) settings: ApiSettings) {
    ({ put: this.put, remove: this.remove } = uploadStore(settings));
  }
}
