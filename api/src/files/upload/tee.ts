import { Transform, type TransformCallback } from 'node:stream';
import { FILE_CODES, MAX_FILE_BYTES } from '@portal/libs';
import { uploadBytesPassed } from '../upload-garbage';
import { UploadRefused } from './refusals';
import type { StreamedPut } from './streamed-put';

/**
 * Between the file part and its spool: counts the file (refused past MAX_FILE_BYTES) and hands each chunk
 * to the streamed put too, at the pace of the slower of the two. Not a second pipe from one source: a
 * destination destroyed mid-write would leave that source waiting for its 'drain' for ever.
 */
export class Tee extends Transform {
  /** The file's bytes so far. */
  received = 0;

  constructor(private readonly streamed?: StreamedPut) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, next: TransformCallback) {
    this.received += chunk.length;
    uploadBytesPassed(chunk.length);
    if (this.received > MAX_FILE_BYTES) return next(new UploadRefused(FILE_CODES.tooLarge));
    this.streamed?.offer(this.received);
    const gate = this.streamed?.gate;
    if (!gate || gate.destroyed || gate.write(chunk)) return next(null, chunk);
    const go = () => {
      gate.off('drain', go).off('close', go);
      next(null, chunk);
    };
    gate.on('drain', go).on('close', go);
  }
}
