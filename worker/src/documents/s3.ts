import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { s3ClientOptions, s3Encryption, type S3EncryptionSettings, type S3Settings } from '@portal/libs';

/**
 * The applicants' document store: S3 in production, s3rver locally (path-style, checksums only when required).
 * Every object is encrypted at rest (S3_SSE): the signed application holds the EIN and birth dates.
 */
export function documentStore(s: S3Settings & S3EncryptionSettings) {
  const client = new S3Client(s3ClientOptions(s));
  const encryption = s3Encryption(s);
  return {
    async put(key: string, body: Uint8Array, contentType: string) {
      await client.send(
        new PutObjectCommand({ Bucket: s.S3_BUCKET, Key: key, Body: body, ContentType: contentType, ...encryption }),
      );
    },
    async get(key: string): Promise<Uint8Array> {
      const res = await client.send(new GetObjectCommand({ Bucket: s.S3_BUCKET, Key: key }));
      return res.Body!.transformToByteArray();
    },
    close: () => client.destroy(),
  };
}
export type DocumentStore = ReturnType<typeof documentStore>;
