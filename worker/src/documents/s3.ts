import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

export type S3Settings = {
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_BUCKET: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
};

/** The applicants' document store: S3 in production, s3rver locally (path-style, checksums only when required). */
export function documentStore(s: S3Settings) {
  const client = new S3Client({
    region: s.S3_REGION,
    endpoint: s.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: s.S3_ACCESS_KEY_ID, secretAccessKey: s.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
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
