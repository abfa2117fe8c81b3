export type S3Settings = {
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_BUCKET: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
};

/**
 * S3Client options for the api and the worker: path-style addressing and checksums only when required,
 * which s3rver (and other S3-compatible stores) need; harmless on AWS.
 */
export const s3ClientOptions = (s: S3Settings) => ({
  region: s.S3_REGION,
  endpoint: s.S3_ENDPOINT,
  forcePathStyle: true,
  credentials: { accessKeyId: s.S3_ACCESS_KEY_ID, secretAccessKey: s.S3_SECRET_ACCESS_KEY },
  requestChecksumCalculation: 'WHEN_REQUIRED' as const,
  responseChecksumValidation: 'WHEN_REQUIRED' as const,
});
