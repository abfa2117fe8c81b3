// `npm start`'s S3 (moto behind stack/s3-front.ts, as LOCAL_SERVICES builds it) is as strict
// as AWS on what the portal's calls carry: an unsigned or wrongly signed request, a wrong Content-MD5 or
// x-amz-checksum, and a KMS key id it does not have are refused; a good put outlives a restart.
import { ChecksumMode, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { s3ClientOptions } from '../libs/src/config/s3.ts';
import { freePorts } from '../tests/support/free-port.ts';
import { LOCAL_SERVICES, S3_BUCKET } from './local-services.ts';
import { startService, stopAll, type Running } from './processes.ts';
import { LOCAL_KMS_ALIAS } from './s3-front.ts';
import type { StackPorts } from './stack.ts';

let data = '';
let port = 0;
let running: Running[] = [];
const KEYS = { S3_ACCESS_KEY_ID: 'local-dev-key', S3_SECRET_ACCESS_KEY: 'local-dev-secret' };

async function start() {
  const spec = LOCAL_SERVICES.s3!({
    p: { S3_PORT: port } as StackPorts,
    data,
    opts: { engine: 'sqlite' },
    env: {},
  })[0]!;
  spec.quiet = true;
  running = [await startService(spec)];
}

const client = (secret = KEYS.S3_SECRET_ACCESS_KEY) =>
  new S3Client(
    s3ClientOptions({
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET,
      S3_ACCESS_KEY_ID: KEYS.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: secret,
    }),
  );
const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: { name?: string; $metadata?: { httpStatusCode?: number } }) => ({
      name: e.name,
      status: e.$metadata?.httpStatusCode,
    }),
  );
const put = (extra: Record<string, unknown> = {}, s3 = client()) =>
  s3.send(
    new PutObjectCommand({
      Bucket: S3_BUCKET,
      Key: 'a/doc.pdf',
      Body: Buffer.from('%PDF-1.4 hello'),
      ServerSideEncryption: 'AES256',
      ...extra,
    }),
  );

beforeAll(async () => {
  for (const k of Object.keys(KEYS)) delete process.env[k];
  data = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  [port] = (await freePorts(1)) as [number];
  await start();
}, 120_000);
afterAll(async () => {
  await stopAll(running);
  rmSync(data, { recursive: true, force: true });
});

it('takes signed puts with checksums (aws-chunked, as the api streams) and keeps them across a restart', async () => {
  await put();
  await put({ Key: 'a/kms.pdf', ServerSideEncryption: 'aws:kms', SSEKMSKeyId: LOCAL_KMS_ALIAS });
  // A stream of known length, as the api puts an upload: aws-chunked with a CRC32 trailer the front checks.
  const bytes = Buffer.alloc(200_000, 5);
  await put({
    Key: 'a/stream.pdf',
    Body: Readable.from([bytes.subarray(0, 70_000), bytes.subarray(70_000)]),
    ContentLength: bytes.length,
  });
  await stopAll(running);
  await start();
  const got = await client().send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'a/doc.pdf' }));
  expect(await got.Body!.transformToString()).toBe('%PDF-1.4 hello');
  const streamed = await client().send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'a/stream.pdf' }));
  expect(Buffer.from(await streamed.Body!.transformToByteArray()).equals(bytes)).toBe(true);
}, 120_000);

it('gives moto a streamed put decoded, its trailer checksum as a header, as S3 stores it', async () => {
  // As the api puts an upload: a stream of known length in 64 KiB chunks, so aws-chunked with a CRC32
  // trailer. moto's own decoding copies the whole body once per chunk (seconds for a 35 MB upload).
  const bytes = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
  const chunks = Array.from({ length: 16 }, (_, i) => bytes.subarray(i * 65_536, (i + 1) * 65_536));
  await put({ Key: 'a/chunked.pdf', Body: Readable.from(chunks), ContentLength: bytes.length });
  const recorded = readFileSync(join(data, 's3', 'moto-recording.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { method: string; url: string; headers: Record<string, string>; body: string })
    .filter((r) => r.method === 'PUT' && r.url.includes('/a/chunked.pdf'));
  expect(recorded).toHaveLength(1);
  const lower = Object.fromEntries(Object.entries(recorded[0]!.headers).map(([k, v]) => [k.toLowerCase(), v]));
  expect(lower['x-amz-content-sha256']).toBe('UNSIGNED-PAYLOAD');
  expect(lower['content-encoding']).toBeUndefined();
  expect(lower['content-length']).toBe(String(bytes.length));
  expect(Buffer.from(recorded[0]!.body, 'base64').equals(bytes)).toBe(true);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(bytes));
  expect(lower['x-amz-checksum-crc32']).toBe(crc.toString('base64'));
  const got = await client().send(
    new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'a/chunked.pdf', ChecksumMode: ChecksumMode.ENABLED }),
  );
  expect(got.ChecksumCRC32).toBe(crc.toString('base64'));
  expect(Buffer.from(await got.Body!.transformToByteArray()).equals(bytes)).toBe(true);
});

it('takes a multipart upload (parts with their checksums, then the list), signed', async () => {
  // lib-storage's Upload, as a large file would go (the portal itself sends PutObject only).
  const big = Buffer.alloc(6 * 1024 * 1024, 9);
  await new Upload({
    client: client(),
    params: { Bucket: S3_BUCKET, Key: 'a/big.pdf', Body: big, ServerSideEncryption: 'AES256' },
    partSize: 5 * 1024 * 1024,
  }).done();
  const assembled = await client().send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: 'a/big.pdf' }));
  expect(Buffer.from(await assembled.Body!.transformToByteArray()).equals(big)).toBe(true);
});

it('refuses an unsigned request and a wrongly signed one', async () => {
  const unsigned = await fetch(`http://127.0.0.1:${port}/${S3_BUCKET}/a/doc.pdf`);
  expect(unsigned.status).toBe(403);
  expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
  const anonymousPut = await fetch(`http://127.0.0.1:${port}/${S3_BUCKET}/a/x.pdf`, { method: 'PUT', body: 'x' });
  expect(anonymousPut.status).toBe(403);
  expect(await failure(put({}, client('not-the-secret')))).toEqual({ name: 'SignatureDoesNotMatch', status: 403 });
});

it('refuses a wrong Content-MD5 and a wrong x-amz-checksum', async () => {
  const md5OfOther = Buffer.from('0123456789abcdef').toString('base64');
  expect(await failure(put({ ContentMD5: md5OfOther }))).toEqual({ name: 'BadDigest', status: 400 });
  expect(await failure(put({ ChecksumCRC32: 'AAAAAA==' }))).toEqual({ name: 'BadDigest', status: 400 });
  expect(await failure(put({ ChecksumSHA256: Buffer.alloc(32).toString('base64') }))).toEqual({
    name: 'BadDigest',
    status: 400,
  });
});

it('takes the local key by its alias ARN, as AWS does', async () => {
  const arn = `arn:aws:kms:us-east-1:123456789012:${LOCAL_KMS_ALIAS}`;
  await put({ Key: 'a/kms-alias-arn.pdf', ServerSideEncryption: 'aws:kms', SSEKMSKeyId: arn });
});

it('refuses an aws:kms put naming a key the local KMS does not have', async () => {
  const unknown = put({ ServerSideEncryption: 'aws:kms', SSEKMSKeyId: 'alias/no-such-key' });
  expect(await failure(unknown)).toEqual({ name: 'KMS.NotFoundException', status: 400 });
  const unknownArn = 'arn:aws:kms:us-east-1:123456789012:alias/no-such-key';
  expect(await failure(put({ ServerSideEncryption: 'aws:kms', SSEKMSKeyId: unknownArn }))).toEqual({
    name: 'KMS.NotFoundException',
    status: 400,
  });
});
