import { BadRequestException, HttpException, PayloadTooLargeException } from '@nestjs/common';
import busboy from 'busboy';
import type { Request } from 'express';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_CODES, MAX_FILE_BYTES } from '@portal/libs';
import { PHOTO_LIMITS, PhotoRefused, startsLikePhoto } from './photos-to-pdf';

/** The whole body of one sending: the photos become one PDF, which must stay under an upload's limit. */
export const PHOTOS_BODY_BYTES = MAX_FILE_BYTES - 1024 * 1024;

/** What the phone is told for a refused photo: the words the phone page shows. */
export const refusal = (e: PhotoRefused) =>
  new BadRequestException(e.reason === 'tooBig' ? FILE_CODES.photoTooBig : FILE_CODES.photosOnly);

const photosOnly = () => new BadRequestException(FILE_CODES.photosOnly);

/** A photo's bytes on their way to disk: counted against the sending's limit, its first bytes judged. */
function photoGate(counted: (bytes: number) => boolean): Transform {
  let head = Buffer.alloc(0);
  const judged = () => {
    if (!startsLikePhoto(head)) throw new PhotoRefused('notAPhoto');
    head = Buffer.alloc(0);
  };
  let judging = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!counted(chunk.length)) return done(new PayloadTooLargeException(FILE_CODES.tooLarge));
      try {
        if (judging && (head = Buffer.concat([head, chunk.subarray(0, 8)])).length >= 8) {
          judging = false;
          judged();
        }
      } catch (e) {
        return done(e as Error);
      }
      done(null, chunk);
    },
    flush(done) {
      try {
        if (judging) judged();
        done();
      } catch (e) {
        done(e as Error);
      }
    },
  });
}

/** A photo's fault as the phone is told it; a disk failure stays ours (500). */
const answerTo = (e: unknown): unknown =>
  e instanceof PhotoRefused
    ? refusal(e)
    : e instanceof HttpException || typeof (e as NodeJS.ErrnoException).syscall === 'string'
      ? e
      : photosOnly();

/**
 * The photos of a multipart body, streamed to files in `folder` (never held in memory: twelve sendings at
 * once took the api from 467 MB to 1.2 GB when they were): at most PHOTO_LIMITS.count files of
 * PHOTO_LIMITS.bytes, PHOTOS_BODY_BYTES in all, each starting as a JPEG or PNG does (refused as soon as its
 * first bytes are in). Their headers and data are judged in the thread that converts them. On refusal,
 * every file's write has settled before the answer, so the folder can be removed.
 */
export async function spoolPhotos(req: Request, folder: string): Promise<string[]> {
  if (!/^multipart\/form-data\s*;/i.test(req.headers['content-type'] ?? '') || req.readableEnded) throw photosOnly();
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: req.headers,
      limits: { files: PHOTO_LIMITS.count, fileSize: PHOTO_LIMITS.bytes, fields: 0, parts: PHOTO_LIMITS.count + 2 },
    });
  } catch {
    throw photosOnly();
  }
  return new Promise<string[]>((resolve, reject) => {
    const paths: string[] = [];
    const streams: Readable[] = [];
    const writing: Promise<unknown>[] = [];
    let settled = false;
    let total = 0;
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(bb);
      req.resume();
      // With an error: a file stream busboy already ended (cut at its size limit) closes otherwise as if
      // whole, and its pipeline would wait for an end that never comes.
      streams.forEach((s) => s.destroy(new Error('sending refused')));
      void Promise.allSettled(writing).then(() => reject(e));
    };
    bb.on('file', (_name, stream) => {
      const path = join(folder, `photo-${paths.length + 1}`);
      paths.push(path);
      streams.push(stream);
      stream.on('limit', () => fail(new BadRequestException(FILE_CODES.photoTooBig)));
      const gate = photoGate((bytes) => (total += bytes) <= PHOTOS_BODY_BYTES);
      writing.push(pipeline(stream, gate, createWriteStream(path, { mode: 0o600 })).catch((e) => fail(answerTo(e))));
    });
    bb.on('filesLimit', () => fail(new BadRequestException(FILE_CODES.tooManyPhotos)));
    bb.on('partsLimit', () => fail(new BadRequestException(FILE_CODES.tooManyPhotos)));
    bb.on('fieldsLimit', () => fail(photosOnly()));
    bb.on('error', () => fail(photosOnly()));
    req.on('error', () => fail(photosOnly()));
    bb.on('close', () => {
      if (settled) return;
      if (!paths.length) return fail(photosOnly());
      void Promise.all(writing).then(() => {
        if (settled) return;
        settled = true;
        resolve(paths);
      });
    });
    req.pipe(bb);
  });
}
