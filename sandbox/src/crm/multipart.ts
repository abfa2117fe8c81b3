import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import type { SfErr } from './org';

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export type RecordBody = { fields: Record<string, unknown>; blob?: Buffer } | { error: SfErr };

/**
 * A record write's body as Salesforce reads it: JSON, or multipart with a JSON part named after the
 * sObject (or 'entity_content') and the binary blob in its own part (jsforce sends the blob first, the
 * documentation shows it second: either order is taken). A JSON body is held to the blob limit.
 */
export async function readRecordBody(req: IncomingMessage, type: string, jsonLimit: number): Promise<RecordBody> {
  const contentType = String(req.headers['content-type'] ?? '');
  if (!contentType.startsWith('multipart/form-data')) {
    const body = await readBody(req);
    // Salesforce documents the limit (37.5 MB of base64 outside multipart), not the code it answers with.
    if (body.length > jsonLimit)
      return {
        error: {
          errorCode: 'JSON_PARSER_ERROR',
          message: `request body of ${body.length} bytes exceeds ${jsonLimit} bytes: send blobs as multipart`,
        },
      };
    try {
      return { fields: JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown> };
    } catch {
      return { error: { errorCode: 'JSON_PARSER_ERROR', message: 'malformed JSON' } };
    }
  }
  return new Promise((resolve, reject) => {
    let json: string | undefined;
    let blob: Buffer | undefined;
    let blobField = '';
    const bb = busboy({ headers: req.headers, limits: { fileSize: 2 * 1024 ** 3 } });
    bb.on('field', (name, value) => {
      if (name === type || name.startsWith('entity_')) json = value;
    });
    bb.on('file', (name, stream) => {
      blobField = name;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => (blob = Buffer.concat(chunks)));
    });
    bb.on('close', () => {
      if (json === undefined)
        return resolve({ error: { errorCode: 'INVALID_MULTIPART_REQUEST', message: `no part named ${type}` } });
      try {
        const fields = JSON.parse(json) as Record<string, unknown>;
        if (blob && blobField) fields[blobField] = '(multipart)';
        resolve({ fields, ...(blob ? { blob } : {}) });
      } catch {
        resolve({ error: { errorCode: 'JSON_PARSER_ERROR', message: 'malformed JSON part' } });
      }
    });
    bb.on('error', reject);
    req.pipe(bb);
  });
}
