// The upload specs' request body: a multipart form with the application id, then one PDF file part.
export const BOUNDARY = 'spec-boundary';
export const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** The form around `file`; `after` comes right after the file's bytes, `trailer` closes the form. */
export function formBody(file: Buffer, { trailer = `\r\n--${BOUNDARY}--\r\n`, after = '' } = {}): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="applicationId"\r\n\r\nabc\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(after + trailer),
  ]);
}
