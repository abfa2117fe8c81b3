import { randomBytes } from 'node:crypto';
import type { Connection } from 'jsforce';
import { readableResult, type SfError } from './crm.errors';

/** A ContentVersion to insert: its non-binary fields, and its file. */
export type NewVersion = { fields: Record<string, string>; bytes: Buffer; filename: string };

/** One record's answer in a collection: made, or its own errors (Salesforce names a code `statusCode` there). */
export type VersionResult = { id: string } | { errors: SfError[] };

/**
 * ContentVersions inserted together, as Salesforce documents it for sObject Collections ('Insert or Update
 * Blob Data'): one multipart request, its first part the records as JSON named `collection`, then each file
 * in a part named by its record's `binaryPartName`, the record's blob field (`VersionData`) named in
 * `binaryPartNameAlias`. Up to 200 records and 500 MB of files in all, and one call of the org's daily API
 * allowance. Not all or none: each record is answered on its own, in order. Multipart, not base64 in JSON
 * (37.5 MB of base64 at most). Sent through jsforce's `request`, for its session refresh and error parsing:
 * jsforce has no helper for a multipart collection.
 */
export async function insertContentVersions(conn: Connection, versions: NewVersion[]): Promise<VersionResult[]> {
  const boundary = `----portal${randomBytes(12).toString('hex')}`;
  const records = versions.map((v, i) => ({
    attributes: { type: 'ContentVersion', binaryPartName: `file${i}`, binaryPartNameAlias: 'VersionData' },
    ...v.fields,
  }));
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\n` +
        'Content-Disposition: form-data; name="collection"\r\n' +
        'Content-Type: application/json\r\n\r\n' +
        `${JSON.stringify({ allOrNone: false, records })}\r\n`,
    ),
  ];
  versions.forEach((v, i) => {
    // The name the client had is in PathOnClient; the part's filename only needs to be a safe header value.
    const filename = v.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
    parts.push(
      Buffer.from(
        `--${boundary}\r\n` +
          `Content-Disposition: form-data; name="file${i}"; filename="${filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      v.bytes,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(parts);
  const answer = readableResult<unknown[]>(
    await conn.request({
      method: 'POST',
      url: '/composite/sobjects',
      body,
      headers: {
        'content-type': `multipart/form-data; boundary="${boundary}"`,
        'content-length': String(body.length),
      },
    }),
    'Document copy',
  );
  if (!Array.isArray(answer) || answer.length !== versions.length)
    throw new Error("Document copy: the CRM's answer was unreadable");
  return answer.map((r) => {
    const result = r as {
      id?: string;
      success?: boolean;
      errors?: { statusCode?: string; message?: string; fields?: string[] }[];
    };
    if (result?.success === true && result.id) return { id: result.id };
    const errors = (result?.errors ?? []).map((e) => ({
      errorCode: String(e.statusCode ?? 'UNKNOWN'),
      message: String(e.message ?? ''),
      ...(Array.isArray(e.fields) && e.fields.length ? { fields: e.fields.map(String) } : {}),
    }));
    return { errors: errors.length ? errors : [{ errorCode: 'CREATE_FAILED', message: 'no id' }] };
  });
}
