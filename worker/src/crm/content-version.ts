import { randomBytes } from 'node:crypto';
import type { Connection } from 'jsforce';

/**
 * A ContentVersion insert as Salesforce documents it ('Insert or Update Blob Data'): a multipart body whose
 * first part is the record's non-binary fields as JSON, named `entity_content`, and whose second part is
 * the file, named after the blob field `VersionData`. jsforce 3.10.26's `create` with `multipartFileFields`
 * sends the file first and names the JSON part `ContentVersion` (docs/upstream/jsforce-contentversion-multipart.md),
 * so the body is written here and sent through jsforce's `request` (its session refresh and error parsing).
 */
export async function insertContentVersion(
  conn: Connection,
  fields: Record<string, string>,
  file: { bytes: Buffer; filename: string },
): Promise<unknown> {
  const boundary = `----portal${randomBytes(12).toString('hex')}`;
  // The name the client had is in PathOnClient; the part's filename only needs to be a safe header value.
  const filename = file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\n` +
        'Content-Disposition: form-data; name="entity_content"\r\n' +
        'Content-Type: application/json\r\n\r\n' +
        `${JSON.stringify(fields)}\r\n` +
        `--${boundary}\r\n` +
        `Content-Disposition: form-data; name="VersionData"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return conn.request({
    method: 'POST',
    url: '/sobjects/ContentVersion',
    body,
    headers: {
      'content-type': `multipart/form-data; boundary="${boundary}"`,
      'content-length': String(body.length),
    },
  });
}
