import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import type { SfErr } from './org';

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export type RecordBody = { fields: Record<string, unknown>; blob?: Buffer } | { error: SfErr };

/** The JSON part's name and the blob field of each sObject a multipart write may carry a file for. */
export const MULTIPART: Record<string, { json: string; blob: string }> = {
  ContentVersion: { json: 'entity_content', blob: 'VersionData' },
  Document: { json: 'entity_document', blob: 'Body' },
};

/**
 * A record write's body as Salesforce reads it: JSON, or multipart as 'Insert or Update Blob Data'
 * documents it: first the non-binary fields as a JSON part named `entity_<object>` (`entity_content` for a
 * ContentVersion), then the file in a part named after the blob field (VersionData). Any other order or
 * naming (jsforce 3.10.26 sends the file first and names the JSON part after the sObject) is refused. A
 * JSON body is held to the blob limit.
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
  const rule = MULTIPART[type];
  if (!rule)
    return {
      error: { errorCode: 'INVALID_MULTIPART_REQUEST', message: `${type} has no blob field to send as multipart` },
    };
  return new Promise((resolve, reject) => {
    // Each part in its order: [name, whether it carries a filename (a file part)].
    const parts: [string, boolean][] = [];
    let json: string | undefined;
    let blob: Buffer | undefined;
    const bb = busboy({ headers: req.headers, limits: { fileSize: 2 * 1024 ** 3 } });
    bb.on('field', (name, value) => {
      parts.push([name, false]);
      if (name === rule.json) json = value;
    });
    bb.on('file', (name, stream) => {
      parts.push([name, true]);
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (name === rule.blob) blob = Buffer.concat(chunks);
      });
    });
    bb.on('close', () => {
      const [first, second, ...more] = parts;
      const documented =
        first?.[0] === rule.json && !first[1] && second?.[0] === rule.blob && second[1] && !more.length;
      if (!documented || json === undefined)
        return resolve({
          error: {
            errorCode: 'INVALID_MULTIPART_REQUEST',
            message: `expected the JSON part ${rule.json} first and the file part ${rule.blob} second; got ${
              parts.map(([n]) => n).join(', ') || 'no parts'
            }`,
          },
        });
      try {
        const fields = JSON.parse(json) as Record<string, unknown>;
        if (blob) fields[rule.blob] = '(multipart)';
        resolve({ fields, ...(blob ? { blob } : {}) });
      } catch {
        resolve({ error: { errorCode: 'JSON_PARSER_ERROR', message: 'malformed JSON part' } });
      }
    });
    bb.on('error', reject);
    req.pipe(bb);
  });
}

/** Files in all of an sObject Collections request ('Insert or Update Blob Data'). */
const COLLECTION_FILES_LIMIT = 500 * 1024 ** 2;

export type CollectionBody = { records: unknown; allOrNone: boolean; files: Map<string, Buffer> } | { error: SfErr };

/**
 * An sObject Collections body: JSON (`{allOrNone, records}`), or multipart as 'Insert or Update Blob Data'
 * documents it for collections: first the same JSON in a part named `collection`, then each file in a part
 * named as a record's `binaryPartName` says, up to 500 MB of files in all.
 */
export async function readCollectionBody(req: IncomingMessage): Promise<CollectionBody> {
  const contentType = String(req.headers['content-type'] ?? '');
  const parse = (json: string | undefined, files: Map<string, Buffer>): CollectionBody => {
    try {
      const body = JSON.parse(json ?? '') as { allOrNone?: unknown; records?: unknown };
      return { records: body?.records, allOrNone: body?.allOrNone === true, files };
    } catch {
      return { error: { errorCode: 'JSON_PARSER_ERROR', message: 'malformed JSON' } };
    }
  };
  if (!contentType.startsWith('multipart/form-data')) return parse((await readBody(req)).toString('utf8'), new Map());
  return new Promise((resolve, reject) => {
    const names: string[] = [];
    let json: string | undefined;
    let total = 0;
    const files = new Map<string, Buffer>();
    const bb = busboy({ headers: req.headers, limits: { fileSize: COLLECTION_FILES_LIMIT } });
    bb.on('field', (name, value) => {
      names.push(name);
      if (name === 'collection') json = value;
    });
    bb.on('file', (name, stream) => {
      names.push(name);
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => {
        total += c.length;
        chunks.push(c);
      });
      stream.on('end', () => files.set(name, Buffer.concat(chunks)));
    });
    bb.on('close', () => {
      if (names[0] !== 'collection' || json === undefined)
        return resolve({
          error: {
            errorCode: 'INVALID_MULTIPART_REQUEST',
            message: `expected the JSON part collection first; got ${names.join(', ') || 'no parts'}`,
          },
        });
      if (total > COLLECTION_FILES_LIMIT)
        return resolve({
          error: { errorCode: 'INVALID_MULTIPART_REQUEST', message: 'the files of a collection exceed 500 MB' },
        });
      resolve(parse(json, files));
    });
    bb.on('error', reject);
    req.pipe(bb);
  });
}
