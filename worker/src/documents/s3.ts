import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { s3ClientOptions, type S3Settings } from '@portal/libs';

/** The applicants' document store: S3 in production, s3rver locally (path-style, checksums only when required). */
export function documentStore(s: S3Settings) {
  const client = new S3Client(s3ClientOptions(s));
  return {
    async put(key: string, body: Uint8Array, contentType: string) {
      await client.send(new PutObjectCommand({ Bucket: s.S3_BUCKET, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key: string): Promise<Uint8Array> {
      const res = await client.send(new GetObjectCommand({ Bucket: s.S3_BUCKET, Key: key }));
      return res.Body!.transformToByteArray();
    },
    close: () => client.destroy(),
  };
}
export type DocumentStore = ReturnType<typeof documentStore>;
