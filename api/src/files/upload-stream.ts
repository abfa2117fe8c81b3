import { HttpException, RequestTimeoutException } from '@nestjs/common';
import busboy from 'busboy';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_CODES, isSafeUploadName, MAX_FILE_BYTES } from '@portal/libs';
import { uploadBytesPassed } from './upload-garbage';

/** An upload answered 400 with its message. */
export class UploadRefused extends Error {}

/**
 * Issue 25 item 3: 52 uploads trickling a byte every 5 s held the api's 50 S3 sockets and every other
 * upload waited, each slow body kept 329 s. A body must bring `minBytes` in every `windowMs` (a phone on
 * a poor line sends far more) or it is answered 408 at once; the time the api itself holds the body back
 * (its disk or S3 slower than the client) does not count against it.
 */
export const BODY_PACE = { windowMs: 10_000, minBytes: 16 * 1024 };

/**
 * The put to S3 starts while the file arrives only once `flowingBytes` of it came (a trickling body never
 * holds one of the S3 client's sockets), and no more than `maxStreaming` puts stream at once: the others,
 * and every file smaller than that, are put from the spool once whole, a put of a few milliseconds.
 */
export const STREAMED_PUTS = { flowingBytes: 256 * 1024, maxStreaming: 24 };
let streaming = 0;

/** 408: the body came too slowly (BODY_PACE). */
export class UploadTooSlow extends RequestTimeoutException {
  constructor() {
    super(FILE_CODES.tooSlow);
  }
}

/** Stores the file's bytes (S3): `size` is exact, and the body ends short of it if the put is abandoned. */
export type Put = (body: Readable, size: number, signal: AbortSignal) => Promise<unknown>;

/** Where `decide` sends a form's file: its key, and the put that stores it (none: the file is only spooled). */
export type Destination = { key: string; put?: Put };

export type SpooledUpload = {
  key: string;
  fields: Record<string, string>;
  /** The file's bytes on local disk, until `dispose()`. */
  path: string;
  size: number;
  /**
   * The destination's put, when it has one: the bytes were streamed to it as they arrived (or, when that was
   * not possible, they are put from the spool now). Await it before `dispose()`.
   */
  stored?: Promise<void>;
  dispose: () => Promise<void>;
};

/** The temp folders of this process: a test can check none is left behind. */
export const SPOOL_PREFIX = `portal-upload-${process.pid}-`;

const pdfOnly = () => new UploadRefused(FILE_CODES.pdfOnly);
const isSystemError = (e: unknown) => typeof (e as NodeJS.ErrnoException | undefined)?.syscall === 'string';

/** The first bytes of a body kept to find where its file part starts: the form fields fit in far less. */
const PREFIX_BYTES = 64 * 1024;

/**
 * The length of the file part, as the request's Content-Length announces it: the body less everything
 * before the file's first byte (the fields and the part's headers, in `prefix`) and less the closing
 * delimiter browsers and HTTP clients write (`\r\n--boundary--\r\n`). Undefined when the body is chunked,
 * the file part is not found, or the length is not a file we would take. A guess to be checked: a client
 * that writes the form otherwise only makes it wrong, and a wrong guess is never stored (see `Announced`).
 */
export function announcedFileSize(headers: IncomingMessage['headers'], prefix: Buffer): number | undefined {
  const length = Number(headers['content-length']);
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(headers['content-type'] ?? '');
  const b = boundary?.[1] ?? boundary?.[2];
  if (!Number.isSafeInteger(length) || !b) return undefined;
  const delimiter = `--${b}`;
  // busboy reads the body as if a CRLF came first: the first delimiter opens it or follows a line break.
  let at = prefix.indexOf(delimiter, 0, 'latin1');
  if (at > 0 && prefix.subarray(at - 2, at).toString('latin1') !== '\r\n') return undefined;
  while (at !== -1) {
    const headersStart = prefix.indexOf('\r\n', at + delimiter.length, 'latin1');
    const headersEnd = headersStart === -1 ? -1 : prefix.indexOf('\r\n\r\n', headersStart, 'latin1');
    if (headersEnd === -1) return undefined;
    const partHeaders = prefix.subarray(headersStart, headersEnd).toString('latin1');
    if (/^content-disposition:[^\r\n]*;\s*filename\*?\s*=/im.test(partHeaders)) {
      const size = length - (headersEnd + 4) - Buffer.byteLength(`\r\n${delimiter}--\r\n`, 'latin1');
      return size > 0 && size <= MAX_FILE_BYTES ? size : undefined;
    }
    at = prefix.indexOf(`\r\n${delimiter}`, headersEnd + 4, 'latin1');
    if (at !== -1) at += 2;
  }
  return undefined;
}

/** The file was not the length its request announced: its streamed put is abandoned. */
class NotAsAnnounced extends Error {}

/**
 * The file's bytes on their way to a put whose Content-Length was announced before they came. Each chunk is
 * passed on once the next one arrives, so the put never has all its bytes (S3 never stores the object)
 * until the form has ended well and the file was exactly that long: then `end()` lets the last chunk go.
 * More bytes than announced, or fewer at the end, fail it before the put is complete.
 */
class Announced extends Transform {
  private received = 0;
  private held: Buffer | undefined;
  /** The last chunk went: the put has every byte, and its answer is S3's. */
  complete = false;

  constructor(readonly size: number) {
    // Holds what arrives before its put starts (STREAMED_PUTS.flowingBytes) without slowing the spool.
    super({ readableHighWaterMark: 2 * STREAMED_PUTS.flowingBytes });
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, next: TransformCallback) {
    this.received += chunk.length;
    if (this.received > this.size) return next(new NotAsAnnounced());
    if (this.held) this.push(this.held);
    this.held = chunk;
    next();
  }

  override _flush(done: TransformCallback) {
    if (this.received !== this.size) return done(new NotAsAnnounced());
    this.complete = true;
    if (this.held) this.push(this.held);
    this.held = undefined;
    done();
  }
}

/**
 * Reads one multipart upload. The form fields come first (as Box asks too): `decide` turns them into the
 * file's destination or refuses. The file is spooled to a private temp folder, counted and cut off past
 * 37,000,000 bytes, so it can be checked whole without holding it in memory. When the request announces
 * the file's length (a Content-Length, the form written as clients write it), the bytes also go to the
 * destination's put while they arrive, the last of them held back until the form has ended well
 * (`Announced`); otherwise, or when the file turns out another length, they are put from the spool once
 * it is whole.
 *
 * Every way a body can go wrong ends as an UploadRefused, never as an unhandled error (one malformed
 * request used to end the process): not multipart, no boundary, a form cut short, a client gone mid-way,
 * a control character in the filename. On refusal the temp folder is already removed and no put is still
 * under way (a streamed one was abandoned short of its length); on success the caller removes the folder
 * with `dispose()`, after `stored` has settled.
 */
export async function spoolUpload(
  req: IncomingMessage,
  decide: (fields: Record<string, string>) => Promise<Destination>,
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
  // The put streamed while the file arrives: true once it stored the file, false when it was given up before
  // it had every byte (the spool then serves); a rejection is S3's answer to the complete file.
  let streamed: Promise<boolean> | undefined;
  try {
    return await new Promise<SpooledUpload>((resolve, reject) => {
      const fields: Record<string, string> = {};
      let file: Readable | undefined;
      let gate: Announced | undefined;
      let abandon: (() => void) | undefined;
      let spooled: { destination: Destination; size: number } | undefined;
      let formDone = false;
      let settled = false;
      const path = join(dir, 'upload.pdf');
      // The body's pace (BODY_PACE): judged over each window in which the api never held the body back.
      let windowBytes = 0;
      let heldBack = false;
      const onPause = () => (heldBack = true);
      const countPace = (chunk: Buffer) => (windowBytes += chunk.length);
      req.on('data', countPace).on('pause', onPause);
      const pace = setInterval(() => {
        if (!req.complete && !heldBack && !req.isPaused() && windowBytes < BODY_PACE.minBytes)
          fail(new UploadTooSlow());
        windowBytes = 0;
        heldBack = req.isPaused();
      }, BODY_PACE.windowMs);
      const stopPace = () => {
        clearInterval(pace);
        req.off('data', countPace).off('pause', onPause);
      };
      // `asked`: the error is decide's own (a refusal, a 404, the database busy), never the body's fault.
      const fail = (e: unknown, asked = false) => {
        if (settled) return;
        settled = true;
        stopPace();
        file?.destroy();
        gate?.destroy();
        abandon?.();
        // Read the rest and drop it, so the answer reaches a client still sending.
        req.unpipe(bb);
        req.resume();
        // Refusals and all of decide's answers stand (a 404, or the database busy under load, which must
        // answer TRY_AGAIN, not call a good PDF a bad one); a local disk failure is ours (500); anything
        // else went wrong in the body the client sent.
        const ours = asked || e instanceof UploadRefused || e instanceof HttpException || isSystemError(e);
        reject(ours ? e : pdfOnly());
      };
      // Both the file on disk and the whole form parsed without error: a form cut short after its file
      // part is refused too.
      const done = () => {
        if (settled || !formDone || !spooled) return;
        settled = true;
        stopPace();
        const { destination, size } = spooled;
        const { key, put } = destination;
        if (!put) return resolve({ key, fields, path, size, dispose });
        // The form ended well: the streamed put may have its last bytes (or finds the file another length);
        // without one, or when it was given up, the file goes from the spool.
        const fromSpool = () => put(createReadStream(path, { highWaterMark: 1024 * 1024 }), size, neverAborted);
        // A put that never started (the file was too small, or too slow, to stream) goes from the spool.
        if (gate && !gate.destroyed) {
          if (streamed) gate.end();
          else gate.destroy();
        }
        const stored = (streamed ?? Promise.resolve(false))
          .then((ok) => (ok ? undefined : fromSpool()))
          .then(() => undefined);
        resolve({ key, fields, path, size, dispose, stored });
      };

      // busboy reports a form cut short ('Unexpected end of form'), a malformed part header or a bad
      // boundary here; its file stream gets the same error, handled by the pipeline below.
      bb.on('error', fail);
      req.on('error', fail);
      req.once('close', () => {
        if (!req.complete) fail(pdfOnly()); // the client went away mid-upload
      });
      if (req.destroyed && !req.complete) return fail(pdfOnly()); // ... before we listened
      // The body's first bytes, to find where the file starts (before busboy reads them: listened first).
      let prefix = Buffer.alloc(0);
      const keepPrefix = (chunk: Buffer) => {
        prefix = Buffer.concat([prefix, chunk.subarray(0, PREFIX_BYTES - prefix.length)]);
        if (prefix.length >= PREFIX_BYTES) req.off('data', keepPrefix);
      };
      req.on('data', keepPrefix);
      bb.on('field', (name, value) => (fields[name] = value));
      bb.on('file', (_name, stream, info) => {
        req.off('data', keepPrefix);
        file = stream;
        stream.on('error', () => undefined); // reported by busboy itself, or by the pipeline
        const named = info.filename ?? '';
        const pdf = info.mimeType === 'application/pdf' || named.toLowerCase().endsWith('.pdf');
        if (!pdf || !isSafeUploadName(named)) return fail(pdfOnly());
        const announced = announcedFileSize(req.headers, prefix);
        prefix = Buffer.alloc(0);
        // A gate that fails (another length) only stops the streamed put; the spool goes on.
        const tee = announced === undefined ? undefined : (gate = new Announced(announced));
        tee?.on('error', () => abandon?.());
        let size = 0;
        // Set once `decide` gave a put: starts it, once enough of the file came (STREAMED_PUTS).
        let startPut: (() => void) | undefined;
        const maybeStart = () => {
          if (startPut && size >= Math.min(STREAMED_PUTS.flowingBytes, tee?.size ?? Infinity)) {
            const start = startPut;
            startPut = undefined;
            start();
          }
        };
        // Counts the file (refused past 37,000,000 bytes) and hands each chunk to the streamed put too, at
        // the pace of the slower of the two. Not a second pipe from one source: a destination destroyed
        // mid-write would leave that source waiting for its 'drain' for ever.
        const count = new Transform({
          transform(chunk: Buffer, _enc, next) {
            size += chunk.length;
            uploadBytesPassed(chunk.length);
            if (size > MAX_FILE_BYTES) return next(new UploadRefused(FILE_CODES.tooLarge));
            maybeStart();
            if (!tee || tee.destroyed || tee.write(chunk)) return next(null, chunk);
            const go = () => {
              tee.off('drain', go).off('close', go);
              next(null, chunk);
            };
            tee.on('drain', go).on('close', go);
          },
        });
        const decided = decide({ ...fields });
        decided.catch((e: unknown) => fail(e, true));
        decided.then(
          (destination) => {
            if (settled || !gate || gate.destroyed || !destination.put) return gate?.destroy();
            const stream = gate;
            const put = destination.put;
            startPut = () => {
              if (settled || stream.destroyed || streaming >= STREAMED_PUTS.maxStreaming) return stream.destroy();
              const controller = new AbortController();
              abandon = () => {
                stream.destroy();
                controller.abort();
              };
              streaming++;
              streamed = put(stream, stream.size, controller.signal)
                .then(
                  () => true,
                  (e: unknown) => {
                    // Not every byte went: S3 cannot have completed the object, and the spool will serve.
                    if (!stream.complete) return (stream.destroy(), false);
                    throw e;
                  },
                )
                .finally(() => streaming--);
            };
            maybeStart();
          },
          () => undefined,
        );
        const spooling = pipeline(stream, count, createWriteStream(path, { mode: 0o600 }));
        writing = Promise.allSettled([decided, spooling]);
        Promise.all([decided, spooling]).then(([destination]) => {
          spooled = { destination, size };
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
    await writing;
    await streamed?.catch(() => undefined);
    await dispose();
    throw e;
  }
}

const neverAborted = new AbortController().signal;

/**
 * Issue 27 item 2: a file the api made itself (the PDF of a phone's photos) taken like an upload's: `decide`
 * gives its destination from the fields, then it is spooled to a private temp folder for the inspection
 * and put from memory. The same answer as `spoolUpload`'s, so the rest of the upload path is shared.
 */
export async function spoolBuffer(
  bytes: Buffer,
  fields: Record<string, string>,
  decide: (fields: Record<string, string>) => Promise<Destination>,
): Promise<SpooledUpload> {
  if (bytes.length > MAX_FILE_BYTES) throw new UploadRefused(FILE_CODES.tooLarge);
  const { key, put } = await decide({ ...fields });
  const dir = await mkdtemp(join(tmpdir(), SPOOL_PREFIX));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, 'upload.pdf');
  try {
    await writeFile(path, bytes, { mode: 0o600 });
  } catch (e) {
    await dispose();
    throw e;
  }
  uploadBytesPassed(bytes.length);
  const stored = put ? put(Readable.from([bytes]), bytes.length, neverAborted).then(() => undefined) : undefined;
  return { key, fields, path, size: bytes.length, stored, dispose };
}
