import { HttpException } from '@nestjs/common';
import busboy from 'busboy';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_MESSAGES, isSafeUploadName, MAX_FILE_BYTES } from '@portal/libs';

/** An upload answered 400 with its message. */
export class UploadRefused extends Error {}

export type SpooledUpload = {
  key: string;
  fields: Record<string, string>;
  /** The file's bytes on local disk, until `dispose()`. */
  path: string;
  size: number;
  dispose: () => Promise<void>;
};

/** The temp folders of this process: a test can check none is left behind. */
export const SPOOL_PREFIX = `portal-upload-${process.pid}-`;

const pdfOnly = () => new UploadRefused(FILE_MESSAGES.pdfOnly);
const isSystemError = (e: unknown) => typeof (e as NodeJS.ErrnoException | undefined)?.syscall === 'string';

/**
 * Reads one multipart upload. The form fields come first (as Box asks too): `decide` turns them into the S3
 * key or refuses. The file is spooled to a private temp folder, counted and cut off past 37,000,000 bytes,
 * so it can be checked whole before anything reaches S3, without holding it in memory.
 *
 * Every way a body can go wrong ends as an UploadRefused, never as an unhandled error (one malformed
 * request used to end the process): not multipart, no boundary, a form cut short, a client gone mid-way,
 * a control character in the filename. On refusal the temp folder is already removed; on success the
 * caller removes it with `dispose()`.
 */
export async function spoolUpload(
  req: IncomingMessage,
  decide: (fields: Record<string, string>) => Promise<string>,
): Promise<SpooledUpload> {
  // A JSON or urlencoded body was already read by the body parser: busboy would wait for it forever.
  if (!/^multipart\/form-data\s*;/i.test(req.headers['content-type'] ?? '') || req.readableEnded) throw pdfOnly();
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: req.headers,
      limits: { files: 1, fileSize: MAX_FILE_BYTES + 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
  } catch {
    throw pdfOnly(); // no boundary, or a charset busboy does not know
  }
  const dir = await mkdtemp(join(tmpdir(), SPOOL_PREFIX));
  const dispose = () => rm(dir, { recursive: true, force: true });
  let writing: Promise<unknown> | undefined;
  try {
    return await new Promise<SpooledUpload>((resolve, reject) => {
      const fields: Record<string, string> = {};
      let file: Readable | undefined;
      let spooled: SpooledUpload | undefined;
      let formDone = false;
      let settled = false;
      const fail = (e: unknown) => {
        if (settled) return;
        settled = true;
        file?.destroy();
        // Read the rest and drop it, so the answer reaches a client still sending.
        req.unpipe(bb);
        req.resume();
        // Refusals and decide's answers (404) stand; a local disk failure is ours (500); anything else
        // went wrong in the body the client sent.
        const ours = e instanceof UploadRefused || e instanceof HttpException || isSystemError(e);
        reject(ours ? e : pdfOnly());
      };
      // Both the file on disk and the whole form parsed without error: a form cut short after its file
      // part is refused too.
      const done = () => {
        if (settled || !formDone || !spooled) return;
        settled = true;
        resolve(spooled);
      };

      // busboy reports a form cut short ('Unexpected end of form'), a malformed part header or a bad
      // boundary here; its file stream gets the same error, handled by the pipeline below.
      bb.on('error', fail);
      req.on('error', fail);
      req.once('close', () => {
        if (!req.complete) fail(pdfOnly()); // the client went away mid-upload
      });
      if (req.destroyed && !req.complete) return fail(pdfOnly()); // ... before we listened
      bb.on('field', (name, value) => (fields[name] = value));
      bb.on('file', (_name, stream, info) => {
        file = stream;
        stream.on('error', () => undefined); // reported by busboy itself, or by the pipeline
        const named = info.filename ?? '';
        const pdf = info.mimeType === 'application/pdf' || named.toLowerCase().endsWith('.pdf');
        if (!pdf || !isSafeUploadName(named)) return fail(pdfOnly());
        let size = 0;
        const count = new Transform({
          transform(chunk: Buffer, _enc, next) {
            size += chunk.length;
            next(size > MAX_FILE_BYTES ? new UploadRefused(FILE_MESSAGES.tooLarge) : null, chunk);
          },
        });
        const path = join(dir, 'upload.pdf');
        const decided = decide({ ...fields });
        decided.catch(fail);
        const both = Promise.all([decided, pipeline(stream, count, createWriteStream(path, { mode: 0o600 }))]);
        writing = both;
        both.then(([key]) => {
          spooled = { key, fields, path, size, dispose };
          done();
        }, fail);
      });
      bb.on('close', () => {
        if (!file) return fail(new UploadRefused('A file is required'));
        formDone = true;
        done();
      });
      req.pipe(bb);
    });
  } catch (e) {
    await writing?.catch(() => undefined);
    await dispose();
    throw e;
  }
}
