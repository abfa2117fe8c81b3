// Hostile uploads to POST /api/file/s3. Each must answer 400 (never 500, never a
// dead api) and leave no File row and no S3 object; a real one-page PDF still goes through, stored so it
// can never be served back as HTML.
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3ClientOptions } from '@portal/libs';
import {
  attachedProgram,
  distinctNamesPdf,
  javaScriptOpenAction,
  launchOpenAction,
  objectStreamBomb,
  onePagePdf,
  replaceAscii,
  zoomOpenAction,
} from '../support/pdf-fixtures';
import { holdFor } from '../support/until';
import {
  apiUrl,
  atDocumentsStage,
  endOfFileChecks,
  raw,
  s3Endpoint,
  signedInApplicant,
  tally,
  type HostileClient,
} from './support';

endOfFileChecks(__filename);

const PDF_ONLY = 'Please upload only PDF files.';
const BUCKET = 'portal-documents';
const BOUNDARY = '----sec-uploads-boundary';

let a: Awaited<ReturnType<typeof signedInApplicant>>;
let s3: S3Client;

beforeAll(async () => {
  a = await signedInApplicant('sec-uploads');
  // The voided check and the license are asked for at the final documents.
  await atDocumentsStage(a.applicationId);
  s3 = new S3Client(
    s3ClientOptions({
      S3_ENDPOINT: s3Endpoint(),
      S3_REGION: 'us-east-1',
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'local-dev-key',
      S3_SECRET_ACCESS_KEY: 'local-dev-secret',
    }),
  );
});

afterAll(() => s3?.destroy());

type Part = { name: string; filename?: string; type?: string; bytes: Uint8Array | string };

/** A multipart body written by hand, so it can be malformed on purpose (`close: false` leaves it open). */
function multipart(parts: Part[], { close = true } = {}): Uint8Array {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const type = p.type ? `\r\nContent-Type: ${p.type}` : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'latin1'));
    chunks.push(Buffer.from(p.bytes));
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}

const fields = (): Part[] => [
  { name: 'applicationId', bytes: a.applicationId },
  { name: 'fileType', bytes: 'Voided Check' },
];
const filePart = (bytes: Uint8Array | string, filename = 'check.pdf'): Part => ({
  name: 'file',
  filename,
  type: 'application/pdf',
  bytes,
});
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** A hostile upload: counted as accepted when it got a 2xx. */
async function hostile(body: Uint8Array | string, headers: Record<string, string> = MULTIPART, client?: HostileClient) {
  const res = await raw(client ?? a.client, 'POST', '/file/s3', body, headers);
  if (res.status >= 200 && res.status < 300) tally.invalidAccepted++;
  return res;
}

const upload = async (bytes: Uint8Array | string, filename?: string) =>
  hostile(multipart([...fields(), filePart(bytes, filename)]));

const storedFiles = async () => (await a.client.get(`/file/application/${a.applicationId}`)).body.data as unknown[];
const storedObjects = async () =>
  (await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `applications/${a.applicationId}/documents/` })))
    .Contents ?? [];

/** Sends part of a body under a Content-Length promising more, then drops the connection without a word. */
async function abortMidBody(path: string, headers: Record<string, string>, part: Uint8Array | string, length: number) {
  const url = new URL(`${apiUrl()}${path}`);
  const cookie = [...a.client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  await new Promise<void>((resolve) => {
    const req = request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      localAddress: a.client.address,
      headers: {
        ...headers,
        'content-length': String(length),
        cookie,
        'x-xsrf-token': a.client.cookies.get('XSRF-TOKEN') ?? '',
      },
    });
    req.on('error', () => resolve());
    req.on('response', () => resolve());
    req.write(part, () =>
      holdFor(300, 'the attacker stalls before dropping the line').then(() => (req.destroy(), resolve())),
    );
  });
  tally.requests++;
  await holdFor(500, 'a part wrongly kept would be stored within this window');
}

async function expectRefused(res: Awaited<ReturnType<typeof hostile>>, message = PDF_ONLY) {
  expect(res.status).toBe(400);
  expect(res.body.data.message).toBe(message);
  expect((await a.client.get('/health')).status).toBe(200);
}

describe('malformed upload requests', () => {
  it('a multipart upload with no closing boundary answers 400 and the api keeps serving', async () => {
    const pdf = await onePagePdf();
    await expectRefused(await hostile(multipart([...fields(), filePart(pdf)], { close: false })));
    // Cut inside the fields too, before any file part.
    await expectRefused(await hostile(multipart(fields(), { close: false }).subarray(0, 60)));
  });

  it('a client that aborts mid-upload crashes nothing and leaves no File row and no S3 object', async () => {
    const pdf = await onePagePdf();
    const padded = new Uint8Array(Buffer.concat([Buffer.from(pdf), Buffer.alloc(2_000_000, 0x20)]));
    const body = multipart([...fields(), filePart(padded)]);
    await abortMidBody('/file/s3', MULTIPART, body.subarray(0, body.length / 2), body.length);
    expect((await a.client.get('/health')).status).toBe(200);
    expect(await storedFiles()).toEqual([]);
    expect(await storedObjects()).toEqual([]);
  });

  it('CR, LF or NUL in the filename answers 400', async () => {
    const pdf = await onePagePdf();
    for (const filename of ['check\r\n.pdf', 'check\n.pdf', 'che\rck.pdf', 'check\0.pdf'])
      await expectRefused(await upload(pdf, filename));
  });

  it('a JSON body sent to /file/s3 answers 400', async () => {
    const json = JSON.stringify({ applicationId: a.applicationId, fileType: 'Voided Check', file: '%PDF-1.7' });
    await expectRefused(await hostile(json, { 'content-type': 'application/json' }));
    await expectRefused(await hostile('applicationId=x', { 'content-type': 'application/x-www-form-urlencoded' }));
  });

  it('a multipart content type without a boundary answers 400', async () => {
    const body = multipart([...fields(), filePart(await onePagePdf())]);
    await expectRefused(await hostile(body, { 'content-type': 'multipart/form-data' }));
  });

  it('left no File row and no S3 object behind', async () => {
    expect(await storedFiles()).toEqual([]);
    expect(await storedObjects()).toEqual([]);
  });
});

describe('request bodies other than uploads', () => {
  const submit = () => `/application/${a.applicationId}/submit-application`;

  it('a JSON body with a false or unknown content encoding, an unknown charset, or too large answers its 4xx', async () => {
    const json = { 'content-type': 'application/json' };
    for (const [body, headers, status] of [
      ['not gzip at all', { ...json, 'content-encoding': 'gzip' }, 415],
      ['{}', { ...json, 'content-encoding': 'x-made-up' }, 415],
      ['{}', { 'content-type': 'application/json; charset=klingon' }, 415],
      [JSON.stringify({ voidedCheck: 'a'.repeat(2_000_000) }), json, 413],
    ] as const) {
      const res = await raw(a.client, 'POST', submit(), body, headers);
      if (res.status < 300) tally.invalidAccepted++;
      expect(res.status).toBe(status);
    }
    expect((await a.client.get('/health')).status).toBe(200);
  });

  it('a client that aborts mid-way through a JSON body crashes nothing', async () => {
    await abortMidBody(submit(), { 'content-type': 'application/json' }, '{"voidedCheck":"uploa', 1000);
    expect((await a.client.get('/health')).status).toBe(200);
  });
});

describe('what a PDF is', () => {
  it('a file starting with %PDF- but holding HTML and JavaScript is refused', async () => {
    await expectRefused(await upload('%PDF-1.7\n<html><body><script>alert(document.cookie)</script></body></html>\n'));
  });

  it('an HTML file with %PDF- in its first 1 KB is refused', async () => {
    const pdf = Buffer.from(await onePagePdf()).toString('latin1');
    await expectRefused(await upload(`<!doctype html><html><!--\n${pdf}\n--><script>alert(1)</script></html>`));
  });

  it('a PDF whose OpenAction runs JavaScript is refused, compressed, uncompressed or with an escaped name', async () => {
    await expectRefused(await upload(await onePagePdf({ catalog: javaScriptOpenAction })));
    const plain = await onePagePdf({ catalog: javaScriptOpenAction, useObjectStreams: false });
    await expectRefused(await upload(plain));
    // '#61' is 'a': readers decode escaped names, so /J#61vaScript is /JavaScript.
    await expectRefused(await upload(replaceAscii(plain, '/JavaScript', '/J#61vaScript')));
  });

  it('a PDF with a /Launch action is refused', async () => {
    await expectRefused(await upload(await onePagePdf({ catalog: launchOpenAction })));
  });

  it('a PDF carrying an attached file is refused', async () => {
    await expectRefused(await upload(await onePagePdf({ catalog: attachedProgram })));
  });

  it('a PDF whose object stream inflates to hundreds of megabytes is refused and the api keeps serving', async () => {
    await expectRefused(await upload(objectStreamBomb(256)));
  });

  it("a PDF built to exhaust the parser's memory is cut off at the inspection budget and the api keeps serving", async () => {
    // pdf-lib keeps every name it meets in a pool, for good: some 36 MB of distinct names, 10 s to exhaust the
    // thread's heap. So that no file holds the shared inspection thread, it is ended at the inspection budget (3 s), and a file slow to read
    // whose raw bytes were all checked (no object stream hides a name) is kept with the advice 'unreadable',
    // never refused for being slow: the applicant is told to check it.
    const res = await a.client.upload(
      '/file/s3',
      { applicationId: a.applicationId, fileType: 'Voided Check' },
      { name: 'check.pdf', type: 'application/pdf', bytes: distinctNamesPdf(36_000_000) },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.advice).toEqual([{ code: 'unreadable' }]);
    expect((await a.client.get('/health')).status).toBe(200);
    expect((await a.client.delete(`/file/${res.body.data._id}`)).status).toBe(200);
  });

  it('a PDF with no page is refused', async () => {
    await expectRefused(
      await upload('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer << /Root 1 0 R >>\nstartxref\n0\n%%EOF\n'),
    );
  });

  it('left no File row and no S3 object behind', async () => {
    expect(await storedFiles()).toEqual([]);
    expect(await storedObjects()).toEqual([]);
  });

  it('a real one-page PDF is still accepted and stored as an attachment of type application/pdf', async () => {
    const res = await a.client.upload(
      '/file/s3',
      { applicationId: a.applicationId, fileType: 'Voided Check' },
      { name: 'check.pdf', type: 'application/pdf', bytes: await onePagePdf() },
    );
    expect(res.status).toBe(201);
    const [object] = await storedObjects();
    expect(object?.Key).toContain(res.body.data._id);
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: object!.Key! }));
    expect(head.ContentType).toBe('application/pdf');
    expect(head.ContentDisposition).toBe('attachment; filename="voided-check.pdf"');
    // npm start's S3 (moto behind stack/s3-front.ts) keeps the encryption the api asked for and answers it.
    expect(head.ServerSideEncryption).toBe('AES256');
  });

  it('a legitimate PDF whose OpenAction only sets the zoom is accepted', async () => {
    const res = await a.client.upload(
      '/file/s3',
      { applicationId: a.applicationId, fileType: 'Drivers License' },
      { name: 'license.pdf', type: 'application/pdf', bytes: await onePagePdf({ catalog: zoomOpenAction }) },
    );
    expect(res.status).toBe(201);
  });
});

describe('the tally', () => {
  it('counted no hostile upload as accepted', () => {
    expect(tally.invalidAccepted).toBe(0);
  });
});
