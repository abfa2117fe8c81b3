import type { IncomingMessage } from 'node:http';
import { MAX_FILE_BYTES } from '@portal/libs';

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

/**
 * The body's first bytes, kept from the moment it is made (before busboy reads them: made before the
 * request is piped to it) until the file part begins.
 */
export class FormPrefix {
  private bytes = Buffer.alloc(0);

  constructor(private readonly req: IncomingMessage) {
    req.on('data', this.keep);
  }

  private readonly keep = (chunk: Buffer) => {
    this.bytes = Buffer.concat([this.bytes, chunk.subarray(0, PREFIX_BYTES - this.bytes.length)]);
    if (this.bytes.length >= PREFIX_BYTES) this.req.off('data', this.keep);
  };

  /** Stops keeping bytes: the file's length as the request announces it (announcedFileSize), if it does. */
  fileSize(): number | undefined {
    this.req.off('data', this.keep);
    const size = announcedFileSize(this.req.headers, this.bytes);
    this.bytes = Buffer.alloc(0);
    return size;
  }
}
