import type { IncomingMessage } from 'node:http';
import { FILE_CODES, MAX_FILE_BYTES } from '@portal/libs';
import { uploadBytesPassed } from './upload-garbage';
import { openForm } from './upload/form';
import { UploadRefused } from './upload/refusals';
import { UploadRun } from './upload/run';
import { putFromSpool } from './upload/settle';
import { openSpool } from './upload/spool-folder';
import type { Decide, SpooledUpload } from './upload/types';

export { announcedFileSize } from './upload/announced-size';
export { BODY_PACE } from './upload/pace';
export { UploadRefused, UploadTooSlow } from './upload/refusals';
export { SPOOL_PREFIX } from './upload/spool-folder';
export { STREAMED_PUTS } from './upload/streamed-put';
export type { Decide, Destination, Put, SpooledUpload } from './upload/types';

/**
 * Reads one multipart upload. The form fields come first (as Box asks too): `decide` turns them into the
 * file's destination or refuses. The file is spooled to a private temp folder, counted and cut off past
 * 37,000,000 bytes, so it can be checked whole without holding it in memory. When the request announces
 * the file's length (a Content-Length, the form written as clients write it), the bytes also go to the
 * destination's put while they arrive, the last of them held back until the form has ended well
 * (`Announced`); otherwise, or when the file turns out another length, they are put from the spool once
 * it is whole. The stages are in ./upload (UploadRun puts them together).
 *
 * Every way a body can go wrong ends as an UploadRefused, never as an unhandled error (one malformed
 * request used to end the process): not multipart, no boundary, a form cut short, a client gone mid-way,
 * a control character in the filename. On refusal the temp folder is already removed and no put is still
 * under way (a streamed one was abandoned short of its length); on success the caller removes the folder
 * with `dispose()`, after `stored` has settled.
 */
export async function spoolUpload(req: IncomingMessage, decide: Decide): Promise<SpooledUpload> {
  const bb = openForm(req);
  const spool = await openSpool();
  const run = new UploadRun(req, bb, spool, decide);
  try {
    return await run.start();
  } catch (e) {
    await run.drained();
    await spool.dispose();
    throw e;
  }
}

/** A file the api made itself, already on local disk in a private folder of its own that `dispose` removes. */
export type MadeFile = { path: string; size: number; dispose: () => Promise<void> };

/**
 * A file the api made itself (the PDF of a phone's photos, written by the thread that made it) taken like an
 * upload's: `decide` gives its destination from the fields, then it is put from disk (never held whole in
 * memory). The same answer as `spoolUpload`'s, so the rest of the upload path is shared; its folder is the
 * caller's (removed by `dispose`, after the answer, either way).
 */
export async function spoolMadeFile(
  made: MadeFile,
  fields: Record<string, string>,
  decide: Decide,
): Promise<SpooledUpload> {
  if (made.size > MAX_FILE_BYTES) throw new UploadRefused(FILE_CODES.tooLarge);
  const { key, put } = await decide({ ...fields });
  uploadBytesPassed(made.size);
  const stored = put ? putFromSpool(put, made.path, made.size).then(() => undefined) : undefined;
  return { key, fields, path: made.path, size: made.size, stored, dispose: made.dispose };
}
