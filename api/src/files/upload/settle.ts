import { HttpException } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { pdfOnly, UploadRefused } from './refusals';
import type { StreamedPut } from './streamed-put';
import type { Put } from './types';

/** The signal of a put nobody abandons: one from the spool or from memory, of a file already whole. */
export const neverAborted: AbortSignal = new AbortController().signal;

const isSystemError = (e: unknown) => typeof (e as NodeJS.ErrnoException | undefined)?.syscall === 'string';

/**
 * What a failed upload answers. Refusals and all of decide's answers (`asked`) stand: a 404, or the
 * database busy under load, which must answer TRY_AGAIN, not call a good PDF a bad one. A local disk
 * failure is ours (500). Anything else went wrong in the body the client sent: pdfOnly.
 */
export function refusalOf(e: unknown, asked: boolean): unknown {
  const ours = asked || e instanceof UploadRefused || e instanceof HttpException || isSystemError(e);
  return ours ? e : pdfOnly();
}

/** Puts the spooled file, whole, to the destination. */
export const putFromSpool = (put: Put, path: string, size: number) =>
  put(createReadStream(path, { highWaterMark: 1024 * 1024 }), size, neverAborted);

/**
 * The form ended well and the file is spooled whole: the streamed put may have its last bytes; without
 * one, or when it was given up, the file goes from the spool. Settles once the file is stored.
 */
export function storedFrom(streamed: StreamedPut | undefined, fromSpool: () => Promise<unknown>): Promise<void> {
  return (streamed?.finish() ?? Promise.resolve(false))
    .then((ok) => (ok ? undefined : fromSpool()))
    .then(() => undefined);
}
