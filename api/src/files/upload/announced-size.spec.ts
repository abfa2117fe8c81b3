// The file's length as the request announces it, read from the body's first bytes.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { announcedFileSize, FormPrefix } from './announced-size';
import { BOUNDARY, formBody as form } from './multipart.spec-setup';

const file = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => i % 251));

describe('announcedFileSize', () => {
  const headers = (body: Buffer, boundary = BOUNDARY) => ({
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(body.length),
  });

  it('is the file part’s length for a form written as clients write it', async () => {
    const body = form(file(1000));
    expect(announcedFileSize(headers(body), body.subarray(0, 400))).toBe(1000);
    // FormData as fetch (undici) and browsers send it.
    const fd = new FormData();
    fd.append('applicationId', 'abc');
    fd.append('fileType', 'Voided Check');
    fd.append('file', new Blob([file(5000)], { type: 'application/pdf' }), 'check.pdf');
    const sent = new Request('http://x/', { method: 'POST', body: fd });
    const bytes = Buffer.from(await sent.arrayBuffer());
    const type = sent.headers.get('content-type')!;
    const h = { 'content-type': type, 'content-length': String(bytes.length) };
    expect(announcedFileSize(h, bytes.subarray(0, 1024))).toBe(5000);
  });

  it('is unknown without a length, without the file part’s headers, or past the size limit', () => {
    const body = form(file(10));
    expect(announcedFileSize({ 'content-type': headers(body)['content-type'] }, body)).toBeUndefined();
    expect(announcedFileSize(headers(body), body.subarray(0, 60))).toBeUndefined();
    expect(announcedFileSize({ ...headers(body), 'content-length': '40000000' }, body)).toBeUndefined();
    expect(announcedFileSize(headers(body, 'other'), body)).toBeUndefined();
  });
});

describe('FormPrefix', () => {
  it('keeps the body’s first bytes, read in pieces, until asked for the file’s size', async () => {
    const body = form(file(3000));
    const headers = {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(body.length),
    };
    const pieces = [body.subarray(0, 50), body.subarray(50, 200), body.subarray(200)];
    const req = Object.assign(Readable.from(pieces, { objectMode: false }), { headers }) as unknown as IncomingMessage;
    const prefix = new FormPrefix(req);
    await new Promise((r) => req.on('end', r));
    expect(prefix.fileSize()).toBe(3000);
    expect(req.listenerCount('data')).toBe(0);
  });
});
