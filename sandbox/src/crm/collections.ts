// sObject Collections create (POST /services/data/vXX.X/composite/sobjects): up to 200 records in one API
// call, each answered with its own SaveResult; with files, one multipart request ('Insert or Update Blob
// Data'). All or none rolls every record of the call back on one failure.
import type { IncomingMessage } from 'node:http';
import { Writes } from './composite';
import { MULTIPART, readCollectionBody } from './multipart';
import { insertRecord, sfError, type Org, type Reply } from './rest';

const MAX_RECORDS = 200;

type SaveResult = {
  id?: string;
  success: boolean;
  errors: { statusCode: string; message: string; fields: string[] }[];
};
type Attributes = { type?: unknown; binaryPartName?: unknown; binaryPartNameAlias?: unknown };

/**
 * The records created in order, each answered on its own. `injected` answers an error a test queued for a
 * record's own create (as for `POST sobjects/<type>`), or nothing.
 */
export async function createCollection(
  org: Org,
  req: IncomingMessage,
  allowSave: boolean,
  injected: (type: string) => Reply | undefined,
): Promise<Reply> {
  const body = await readCollectionBody(req);
  if ('error' in body) return { status: 400, body: [body.error] };
  const { records, files } = body;
  if (!Array.isArray(records) || records.length === 0)
    return sfError(400, 'INVALID_INPUT', 'records: a list of records is required');
  if (records.length > MAX_RECORDS)
    return sfError(
      400,
      'EXCEEDED_ID_LIMIT',
      `record limit reached. cannot submit more than ${MAX_RECORDS} records into this call`,
    );
  const writes = new Writes(org.store);
  const results: SaveResult[] = [];
  for (const raw of records as Record<string, unknown>[]) {
    const { attributes, ...fields } = raw ?? {};
    const { type, binaryPartName, binaryPartNameAlias } = (attributes ?? {}) as Attributes;
    const refuse = (statusCode: string, message: string) =>
      results.push({ success: false, errors: [{ statusCode, message, fields: [] }] });
    if (typeof type !== 'string') {
      refuse('INVALID_TYPE', 'Must send a concrete entity type.');
      continue;
    }
    let blob: Buffer | undefined;
    if (binaryPartName !== undefined) {
      blob = files.get(String(binaryPartName));
      if (!blob || binaryPartNameAlias !== MULTIPART[type]?.blob) {
        refuse('INVALID_MULTIPART_REQUEST', `no binary part ${String(binaryPartName)} for ${type}'s blob field`);
        continue;
      }
      fields[MULTIPART[type]!.blob] = '(multipart)';
    }
    const reply = injected(type) ?? insertRecord(org, type, fields, blob, allowSave, req);
    if (reply.status === 201) {
      const id = (reply.body as { id: string }).id;
      writes.created(type, id);
      results.push({ id, success: true, errors: [] });
    } else
      results.push({
        success: false,
        errors: (reply.body as { errorCode: string; message: string; fields?: string[] }[]).map((e) => ({
          statusCode: e.errorCode,
          message: e.message,
          fields: e.fields ?? [],
        })),
      });
  }
  if (body.allOrNone && results.some((r) => !r.success)) {
    writes.rollBack();
    for (const r of results)
      if (r.success)
        Object.assign(r, {
          id: undefined,
          success: false,
          errors: [
            {
              statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
              message:
                'Record rolled back because not all records were valid and the request was using AllOrNone header',
              fields: [],
            },
          ],
        });
  }
  return { status: 200, body: results };
}
