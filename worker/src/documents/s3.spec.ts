// S3 as strict as AWS, so a policy the worker breaks fails here first: moto with IAM enforced, behind the bucket policy
// that denies unencrypted uploads. The worker's store sends its encryption on every put, and a worker key without read
// rights fails visibly, once, instead of retrying forever.
import { CreateBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_SETTINGS, loadEnv, s3ClientOptions } from '@portal/libs';
import { startMotoWithIam, type Keys } from '../../../tests/support/moto';
import { startEncryptionPolicy } from '../../../tests/support/s3-encryption-policy';
import { documentStore } from './s3';

const BUCKET = 'strict-documents';
let moto: Awaited<ReturnType<typeof startMotoWithIam>>;
let policy: Awaited<ReturnType<typeof startEncryptionPolicy>>;
let writerOnly: Keys;
let worker: Keys;

const settings = (keys: Keys, extra: Record<string, string> = {}) => ({
  ...loadEnv(COMMON_SETTINGS, {
    S3_ENDPOINT: policy.url,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: keys.accessKeyId,
    S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
    ...extra,
  }),
});

beforeAll(async () => {
  moto = await startMotoWithIam();
  policy = await startEncryptionPolicy(moto.url);
  const admin = new S3Client(s3ClientOptions(settings(moto.admin)));
  await admin.send(new CreateBucketCommand({ Bucket: BUCKET }));
  admin.destroy();
  writerOnly = await moto.userWith('writer-only', ['s3:PutObject'], moto.admin);
  worker = await moto.userWith('worker', ['s3:PutObject', 's3:GetObject'], moto.admin);
}, 60_000);
afterAll(async () => {
  await policy?.close();
  await moto?.close();
});

describe('documents in a strict S3', () => {
  it('is refused an unencrypted put by the bucket policy; the store encrypts every put (AES256 by default)', async () => {
    const raw = new S3Client(s3ClientOptions(settings(worker)));
    const denied = await raw
      .send(new PutObjectCommand({ Bucket: BUCKET, Key: 'plain.pdf', Body: 'x' }))
      .catch((e: { name?: string }) => e);
    expect(denied).toMatchObject({ name: 'AccessDenied' });
    raw.destroy();

    const store = documentStore(settings(worker));
    await store.put('enc/aes.pdf', Buffer.from('%PDF-1.4 aes'), 'application/pdf');
    expect(Buffer.from(await store.get('enc/aes.pdf')).toString()).toBe('%PDF-1.4 aes');
    store.close();
    const head = new S3Client(s3ClientOptions(settings(moto.admin)));
    expect(await head.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'enc/aes.pdf' }))).toMatchObject({
      ServerSideEncryption: 'AES256',
    });
    head.destroy();
  });

  it('encrypts with the named KMS key when S3_SSE is aws:kms', async () => {
    const kms = settings(worker, {
      S3_SSE: 'aws:kms',
      S3_SSE_KMS_KEY_ID: 'arn:aws:kms:us-east-1:123456789012:key/doc-key',
    });
    const store = documentStore(kms);
    await store.put('enc/kms.pdf', Buffer.from('%PDF-1.4 kms'), 'application/pdf');
    store.close();
    const head = new S3Client(s3ClientOptions(settings(moto.admin)));
    expect(await head.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'enc/kms.pdf' }))).toMatchObject({
      ServerSideEncryption: 'aws:kms',
      SSEKMSKeyId: 'arn:aws:kms:us-east-1:123456789012:key/doc-key',
    });
    head.destroy();
  });

  it('fails once, visibly and not retried, when the worker key may not read the document', async () => {
    const store = documentStore(settings(writerOnly));
    await store.put('enc/unreadable.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    const e = await store.get('enc/unreadable.pdf').catch((x: unknown) => x);
    store.close();
    expect(e).toBeInstanceOf(ApplicationFailure);
    expect(e).toMatchObject({
      type: 'DocumentStoreDeniedError',
      nonRetryable: true,
      message: 'S3 refused to read a document: AccessDenied',
    });
  });
});
