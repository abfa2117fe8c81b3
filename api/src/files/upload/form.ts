import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { isSafeUploadName, MAX_FILE_BYTES } from '@portal/libs';
import { FormPrefix } from './announced-size';
import { pdfOnly } from './refusals';

/** One file, counted past MAX_FILE_BYTES (a byte more tells it is too large), and a few short fields. */
const FORM_LIMITS = { files: 1, fileSize: MAX_FILE_BYTES + 1, fields: 10, fieldSize: 1024, parts: 12 };

/** The parser of the request's multipart form; pdfOnly when the body is not one busboy can read. */
export function openForm(req: IncomingMessage): busboy.Busboy {
  // A JSON or urlencoded body was already read by the body parser: busboy would wait for it forever.
  if (!/^multipart\/form-data\s*;/i.test(req.headers['content-type'] ?? '') || req.readableEnded) throw pdfOnly();
  try {
    return busboy({ headers: req.headers, limits: FORM_LIMITS });
  } catch {
    throw pdfOnly(); // no boundary, or a charset busboy does not know
  }
}

/** A file part taken as a PDF: its type or its name says so, and the name has no control character. */
export function isPdfPart(info: busboy.FileInfo): boolean {
  const named = info.filename ?? '';
  const pdf = info.mimeType === 'application/pdf' || named.toLowerCase().endsWith('.pdf');
  return pdf && isSafeUploadName(named);
}

export type FormEvents = {
  /** The body went wrong: cut short, malformed, or its client gone mid-way. */
  failed: (e: unknown) => void;
  /** The file part begins; `announced` is its length as the request announced it (FormPrefix). */
  file: (stream: Readable, info: busboy.FileInfo, announced: number | undefined) => void;
  /** The whole form was read without error. */
  ended: () => void;
};

/** Reads the form: its fields into `fields`, then its file and its end, or its first fault, to `on`. */
export function readForm(req: IncomingMessage, bb: busboy.Busboy, fields: Record<string, string>, on: FormEvents) {
  // busboy reports a form cut short ('Unexpected end of form'), a malformed part header or a bad
  // boundary here; its file stream gets the same error, handled by the spool's pipeline.
  bb.on('error', on.failed);
  req.on('error', on.failed);
  req.once('close', () => {
    if (!req.complete) on.failed(pdfOnly()); // the client went away mid-upload
  });
  if (req.destroyed && !req.complete) return on.failed(pdfOnly()); // ... before we listened
  const prefix = new FormPrefix(req);
  bb.on('field', (name, value) => (fields[name] = value));
  bb.on('file', (_name, stream, info) => on.file(stream, info, prefix.fileSize()));
  bb.on('close', on.ended);
  req.pipe(bb);
}
