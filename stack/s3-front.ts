// `npm start`'s S3: moto (PyPI moto[server], pinned in setup.sh) behind this front, which checks what AWS
// checks and moto 5.2.5 does not, before a request reaches it:
//   - SigV4: every request signed with the stack's key (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY), in the
//     Authorization header or a presigned query; unsigned is AccessDenied, an unknown key
//     InvalidAccessKeyId, a wrong signature SignatureDoesNotMatch, a date 15 minutes off RequestTimeTooSkewed;
//     signed chunks (STREAMING-AWS4-HMAC-SHA256-PAYLOAD) each checked against the seed signature;
//   - integrity: Content-MD5, x-amz-content-sha256 and x-amz-checksum-* (header or aws-chunked trailer)
//     against the bytes that came (moto stores what it is given: its checksum check is a TODO);
//   - KMS: aws:kms with a key id the local KMS does not have is KMS.NotFoundException (moto stores any id).
// What passes reaches moto as S3 stores it: an aws-chunked body decoded, its trailer's checksums as headers
// (moto's own decoding copies the whole body once per chunk: seconds for a streamed 35 MB upload).
// moto keeps objects in memory only: it records every request it is given (its recorder, in
// <data>/s3/moto-recording.jsonl) and replays the record at start, so the stack's documents outlive a restart
// (a multipart upload excepted: moto gives its replay a new upload id; the portal writes with PutObject only).
// The front starts moto itself on a free loopback port (the same process group: stopping the stack stops both).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as netServer } from 'node:net';
import { join } from 'node:path';
import { checkBody, checkSignature, refuse, storeHeaders, type FrontOptions, type Refusal } from './s3-checks.ts';

export type { FrontOptions } from './s3-checks.ts';

/** The one KMS key the local S3 knows, under its id, its ARN and its alias. */
export const LOCAL_KMS_KEY_ID = '8d4a7c1e-2f3b-4c5d-9e6f-0a1b2c3d4e5f';
export const LOCAL_KMS_ALIAS = 'alias/portal-documents';

/** The front as an HTTP server forwarding what passes to the store at `target`. */
export function createFront(target: string, o: FrontOptions) {
  const store = new URL(target);
  const answer = (res: ServerResponse, r: Refusal, req?: IncomingMessage) => {
    // Said on the stack's output, as a developer reading why a call failed would want it.
    if (req) console.error(`s3: refused ${req.method} ${req.url}: ${r.status} ${r.code} (${r.message})`);
    res.writeHead(r.status, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${r.code}</Code><Message>${r.message}</Message></Error>`,
    );
  };
  return createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    try {
      for await (const c of req) chunks.push(c as Buffer);
    } catch {
      // The client gave up mid-body (an upload the api abandons): nothing reaches the store, as on S3.
      return res.destroy();
    }
    const raw = Buffer.concat(chunks);
    // moto's own administration (its recorder, its state) is not S3.
    if ((req.url ?? '').startsWith('/moto-api')) return answer(res, refuse(404, 'NoSuchBucket', 'Not found'));
    const signed = checkSignature(req, o, Date.now());
    if ('code' in signed) return answer(res, signed, req);
    const checked = checkBody(req, raw, signed, o);
    if ('code' in checked) return answer(res, checked, req);
    const headers = storeHeaders(req, checked);
    const out = httpRequest(
      { host: store.hostname, port: store.port, method: req.method, path: req.url, headers },
      (answerFromStore) => {
        res.writeHead(answerFromStore.statusCode ?? 502, answerFromStore.headers);
        answerFromStore.pipe(res);
      },
    );
    out.on('error', (e) => answer(res, refuse(503, 'ServiceUnavailable', e.message)));
    out.end(checked.data);
  });
}

async function freeLoopbackPort(): Promise<number> {
  const s = netServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function until(ok: () => Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what}: not ready after ${ms} ms`);
}

/** `node stack/s3-front.ts`: moto with its recorder, the recording replayed, the bucket, then the front. */
async function main() {
  const env = process.env;
  const port = Number(env.S3_PORT);
  const data = env.S3_DATA_DIR!;
  mkdirSync(data, { recursive: true });
  const motoPort = await freeLoopbackPort();
  const moto = spawn(env.MOTO_SERVER!, ['-H', '127.0.0.1', '-p', String(motoPort)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...env, MOTO_ENABLE_RECORDING: 'True', MOTO_RECORDER_FILEPATH: join(data, 'moto-recording.jsonl') },
  });
  // Werkzeug's banner and one line per request are noise in npm start's output; anything else is shown.
  let rest = '';
  moto.stderr!.on('data', (c: Buffer) => {
    const lines = (rest + c.toString('utf8')).split('\n');
    rest = lines.pop()!;
    for (const line of lines)
      if (!/ - - \[|development server|Running on http|Press CTRL\+C|^\s*$/.test(line)) console.error(line);
  });
  moto.on('exit', (code) => {
    console.error(`moto exited (code ${code})`);
    process.exit(1);
  });
  for (const sig of ['SIGTERM', 'SIGINT'] as const)
    process.on(sig, () => {
      moto.kill('SIGTERM');
      process.exit(0);
    });
  const store = `http://127.0.0.1:${motoPort}`;
  await until(() => fetch(`${store}/moto-api/`).then((r) => r.status < 500), 60_000, 'moto');
  // The recording holds every request moto was given since the data directory was made: replayed, it
  // gives back the objects (not recorded again while it replays).
  const replay = await fetch(`${store}/moto-api/recorder/replay-recording`, { method: 'POST' });
  if (!replay.ok) throw new Error(`moto's replay: ${replay.status}`);
  const bucket = env.S3_BUCKET ?? 'portal-documents';
  const head = await fetch(`${store}/${bucket}`, { method: 'HEAD' });
  if (!head.ok) await fetch(`${store}/${bucket}`, { method: 'PUT' });
  const front = createFront(store, {
    accessKeyId: env.S3_ACCESS_KEY_ID ?? 'local-dev-key',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? 'local-dev-secret',
    kmsKeys: [LOCAL_KMS_KEY_ID, LOCAL_KMS_ALIAS, ...(env.S3_KMS_KEYS ?? '').split(',').filter(Boolean)],
  });
  front.listen(port, '127.0.0.1');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
