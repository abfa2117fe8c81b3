import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { s3ClientOptions, s3Encryption, type S3EncryptionSettings, type S3Settings } from '@portal/libs';

/**
 * The applicants' uploads in S3. Every object is encrypted at rest (S3_SSE) and stored as a PDF to download
 * (`Content-Disposition: attachment`), so no reader of the bucket ever gets one rendered as a page.
 */
export function uploadStore(s: S3Settings & S3EncryptionSettings) {
  const client = new S3Client(s3ClientOptions(s));
  const encryption = s3Encryption(s);
  return {
    /** `fileName` is ours (documentFileName: letters, digits, hyphens), never the browser's. */
    put: (key: string, file: { path: string; size: number }, fileName: string) =>
      client.send(
        new PutObjectCommand({
          Bucket: s.S3_BUCKET,
          Key: key,
          // Read in 1 MB chunks (not 64 KB): a 35 MB file in 35 socket writes instead of 560.
          Body: createReadStream(file.path, { highWaterMark: 1024 * 1024 }),
          ContentLength: file.size,
          ContentType: 'application/pdf',
          ContentDisposition: `attachment; filename="${fileName}"`,
          ...encryption,
        }),
      ),
    remove: (key: string) => client.send(new DeleteObjectCommand({ Bucket: s.S3_BUCKET, Key: key })),
  };
}
