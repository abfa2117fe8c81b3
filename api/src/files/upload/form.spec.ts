// Parsing the form: what busboy is given, which file part is taken, and the events the run is told of.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FILE_CODES } from '@portal/libs';
import { isPdfPart, openForm, readForm } from './form';
import { formBody, MULTIPART } from './multipart.spec-setup';

const body = (file: Buffer, trailer?: string) => formBody(file, { trailer });

const multipart = MULTIPART;

/** A request whose body is `bytes`, complete once read to its end (as Node's own). */
function request(bytes: Buffer, headers: Record<string, string> = multipart) {
  const req = Object.assign(Readable.from([bytes], { objectMode: false }), { headers, complete: false });
  req.on('end', () => (req.complete = true));
  return req as unknown as IncomingMessage;
}

/** Reads `req`'s form, resolving what the run would have been told. */
function read(req: IncomingMessage) {
  const fields: Record<string, string> = {};
  const seen: { fieldsAtFile?: Record<string, string>; announced?: number; bytes?: number; failed?: unknown } = {};
  return new Promise<typeof seen>((resolve) => {
    readForm(req, openForm(req), fields, {
      failed: (e) => resolve({ ...seen, failed: e }),
      file: (stream, _info, announced) => {
        Object.assign(seen, { fieldsAtFile: { ...fields }, announced, bytes: 0 });
        stream.on('error', () => undefined).on('data', (c: Buffer) => (seen.bytes! += c.length));
      },
      ended: () => resolve(seen),
    });
  });
}

describe('openForm', () => {
  it('refuses a body that is not a multipart form, or has no boundary, as “only PDF files”', () => {
    const json = request(Buffer.from('{}'), { 'content-type': 'application/json' });
    expect(() => openForm(json)).toThrow(FILE_CODES.pdfOnly);
    const noBoundary = request(Buffer.alloc(0), { 'content-type': 'multipart/form-data; charset=utf-8' });
    expect(() => openForm(noBoundary)).toThrow(FILE_CODES.pdfOnly);
    expect(openForm(request(Buffer.alloc(0)))).toBeDefined();
  });
});

describe('isPdfPart', () => {
  const info = (filename: string, mimeType: string) => ({ filename, mimeType, encoding: '7bit' });

  it('takes a part typed or named as a PDF, with a name free of control characters', () => {
    expect(isPdfPart(info('a.pdf', 'application/octet-stream'))).toBe(true);
    expect(isPdfPart(info('scan', 'application/pdf'))).toBe(true);
    expect(isPdfPart(info('a.png', 'image/png'))).toBe(false);
    expect(isPdfPart(info('a\r\n.pdf', 'application/pdf'))).toBe(false);
  });
});

describe('readForm', () => {
  it('gives the fields before the file, the file’s announced length, then the form’s end', async () => {
    const bytes = body(Buffer.alloc(5000, 7));
    const seen = await read(request(bytes, { ...multipart, 'content-length': String(bytes.length) }));
    expect(seen).toEqual({ fieldsAtFile: { applicationId: 'abc' }, announced: 5000, bytes: 5000 });
  });

  it('announces no length for a chunked body, and fails a form cut short', async () => {
    expect((await read(request(body(Buffer.alloc(100))))).announced).toBeUndefined();
    const cut = await read(request(body(Buffer.alloc(100), '')));
    expect(cut.failed).toBeInstanceOf(Error);
  });
});
