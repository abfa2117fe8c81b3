import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { traceS3 } from '@portal/libs/dist/telemetry/client-span';
import { s3ClientOptions, s3Encryption, type S3EncryptionSettings, type S3Settings } from '@portal/libs';

/**
 * The archives' side of the document store: documents read as streams, the archive written as a multipart
 * upload from a stream (5 MB parts, at most two in memory), so no archive is ever whole in memory.
 */
export function exportStore(s: S3Settings & S3EncryptionSettings) {
  const client = traceS3(new S3Client(s3ClientOptions(s)));
  const encryption = s3Encryption(s);
  return {
    async read(key: string): Promise<Readable> {
      const res = await client.send(new GetObjectCommand({ Bucket: s.S3_BUCKET, Key: key }));
      return res.Body as Readable;
    },
    /** Whether `key` is there (an application PDF is made only once a signature was asked for). */
    async readIfThere(key: string): Promise<Readable | undefined> {
      try {
        return await this.read(key);
      } catch (e) {
        if ((e as { name?: string }).name === 'NoSuchKey') return undefined;
        throw e;
      }
    },
    async upload(key: string, body: Readable): Promise<void> {
      const upload = new Upload({
        client,
        queueSize: 1,
        params: { Bucket: s.S3_BUCKET, Key: key, Body: body, ContentType: 'application/zip', ...encryption },
      });
      await upload.done();
    },
    remove: (key: string) => client.send(new DeleteObjectCommand({ Bucket: s.S3_BUCKET, Key: key })),
    close: () => client.destroy(),
  };
}
export type ExportStore = ReturnType<typeof exportStore>;
