// The REST half of the CRM stand-in: SOQL (query, queryAll) and sObjects (create, read, update, delete),
// with the org's field rules and the duplicate rule on Lead Email. Also the shape every route answers in.
import type { IncomingMessage } from 'node:http';
import { readRecordBody } from './multipart';
import { fieldErrors, typeError, unknownField } from './field-rules';
import { OBJECTS, SCHEMA, type OrgOptions, type SfErr } from './org';
import type { Query } from './soql';
import { parseSoql, projectRecord, selectRecords, sobjectUrl, SoqlError } from './soql';
import { typeOfId, type SObject, type Store } from './store';

/** 37.5 MB of base64 (Salesforce 'Insert or Update Blob Data': non-multipart bodies). */
export const JSON_BLOB_LIMIT = 37.5 * 1024 * 1024;

export type Reply = { status: number; body?: unknown; type?: string };
export const sfErrors = (status: number, errors: SfErr[]): Reply => ({ status, body: errors });
export const sfError = (status: number, errorCode: string, message: string, fields?: string[]): Reply =>
  sfErrors(status, [{ message, errorCode, ...(fields ? { fields } : {}) }]);

/**
 * The org as the routes share it: its records, settings (changed while running), the rep leads go to (also
 * the integration's own user, the one the API signs in as) and the lead queue.
 */
export type Org = { store: Store; settings: OrgOptions; rep: SObject; queue: SObject };

/**
 * The owner the active assignment rule gives a lead, unless the call says `Sforce-Auto-Assign: FALSE`
 * (TRUE, the default, or an assignment rule's id run it); undefined: the owner stays as it is.
 */
function assignedOwner(org: Org, req: IncomingMessage): string | undefined {
  const header = String(req.headers['sforce-auto-assign'] ?? 'TRUE');
  if (/^false$/i.test(header)) return undefined;
  return (org.settings.assignTo === 'queue' ? org.queue : org.rep).Id;
}

const attributes = (type: string, id: string) => ({ type, url: sobjectUrl(type, id) });
const withAttributes = (type: string, r: SObject) => ({ attributes: attributes(type, r.Id), ...r });

/** Duplicate rule on Lead Email: another open lead with the same address. */
function duplicateOf(org: Org, fields: Record<string, unknown>, allowSave: boolean): Reply | undefined {
  const rule = org.settings.duplicateRule ?? 'off';
  const email = typeof fields.Email === 'string' ? fields.Email.toLowerCase() : '';
  if (rule === 'off' || !email || (rule === 'alert' && allowSave)) return undefined;
  const dup = org.store
    .all('Lead')
    .find((r) => !r.IsDeleted && !r.IsConverted && String(r.Email ?? '').toLowerCase() === email);
  if (!dup) return undefined;
  return sfError(
    400,
    'DUPLICATES_DETECTED',
    "You're creating a duplicate record. We recommend you use an existing record instead.",
  );
}

/**
 * A query naming an object the org lacks (INVALID_TYPE) or a field its object lacks (INVALID_FIELD), in
 * Salesforce's words: the query, a caret under the offending name, its row and column.
 */
function unknownInQuery(soql: string, q: Query): Reply | undefined {
  const at = (name: string, from = 0) => {
    const i = soql.indexOf(name, from);
    return `\n${soql}\n${' '.repeat(Math.max(i, 0))}^\nERROR at Row:1:Column:${i + 1}\n`;
  };
  if (!OBJECTS.has(q.type))
    return sfError(
      400,
      'INVALID_TYPE',
      `${at(q.type, soql.search(/\bFROM\b/i))}sObject type '${q.type}' is not supported. If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names.`,
    );
  const schema = SCHEMA[q.type];
  if (!schema) return undefined;
  // A parent's field names its relationship by the lookup field without its `Id` (Owner for OwnerId).
  const relationship = q.fields.map((f) => f.split('.')).find((p) => p.length > 1 && !schema[`${p[0]}Id`])?.[0];
  if (relationship)
    return sfError(
      400,
      'INVALID_FIELD',
      `${at(relationship)}Didn't understand relationship '${relationship}' in field path. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names.`,
    );
  const named = [...q.fields, ...q.where.map(([f]) => f)].filter((f) => !f.includes('.'));
  const missing = named.find((f) => !schema[f] && !['IsDeleted'].includes(f));
  if (!missing) return undefined;
  return sfError(
    400,
    'INVALID_FIELD',
    `${at(missing)}No such column '${missing}' on entity '${q.type}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.`,
  );
}

/** Whether the call asks a duplicate rule that alerts to save all the same. */
export const allowsSave = (req: IncomingMessage) =>
  /allowSave\s*=\s*true/i.test(String(req.headers['sforce-duplicate-rule-header'] ?? ''));

/** /services/data/vNN.N/<parts>: a signed-in REST call. */
export async function rest(
  org: Org,
  method: string,
  parts: string[],
  query: URLSearchParams,
  req: IncomingMessage,
): Promise<Reply> {
  const { store, settings } = org;
  const [resource, type, id] = parts;
  const allowSave = allowsSave(req);
  if (resource === 'query' || resource === 'queryAll') return runQuery(store, resource, query.get('q') ?? '');
  if (resource !== 'sobjects' || !type) return sfError(404, 'NOT_FOUND', 'The requested resource does not exist');
  if (!id && method === 'POST') return createRecord(org, type, req, allowSave);
  const record = id ? store.get(type, id) : undefined;
  if (!record) return sfError(404, 'NOT_FOUND', 'The requested resource does not exist');
  if (record.IsDeleted) {
    if (method === 'PATCH' || method === 'DELETE') return sfError(400, 'ENTITY_IS_DELETED', 'entity is deleted');
    return sfError(404, 'NOT_FOUND', 'The requested resource does not exist');
  }
  if (method === 'GET') {
    const only = query
      .get('fields')
      ?.split(',')
      .map((f) => f.trim());
    const view = only ? Object.fromEntries(['Id', ...only].map((f) => [f, record[f] ?? null])) : record;
    return { status: 200, body: withAttributes(type, view as SObject) };
  }
  if (method === 'PATCH') {
    if (type === 'Lead' && record.IsConverted === true)
      return sfError(400, 'CANNOT_UPDATE_CONVERTED_LEAD', 'cannot reference converted lead');
    const read = await readRecordBody(req, type, settings.jsonBlobLimit ?? JSON_BLOB_LIMIT);
    if ('error' in read) return sfErrors(400, [read.error]);
    const refused = unknownField(type, read.fields, settings) ?? typeError(type, read.fields);
    if (refused) return sfErrors(400, [refused]);
    const errors = fieldErrors(type, read.fields, false, settings);
    if (errors.length) return sfErrors(400, errors);
    // The assignment rule runs on updates too: a rep's own pick of the lead is undone unless told not to.
    const owner = type === 'Lead' ? assignedOwner(org, req) : undefined;
    store.update(type, record.Id, { ...read.fields, ...(owner ? { OwnerId: owner } : {}) });
    return { status: 204 };
  }
  if (method === 'DELETE') {
    // To the recycle bin, as a rep's delete does: later writes answer ENTITY_IS_DELETED.
    store.update(type, record.Id, { IsDeleted: true });
    return { status: 204 };
  }
  return sfError(405, 'METHOD_NOT_ALLOWED', `HTTP Method '${method}' not allowed`);
}

/** SOQL through /query (deleted records left out) or /queryAll (included). */
function runQuery(store: Org['store'], resource: 'query' | 'queryAll', soql: string): Reply {
  try {
    const q = parseSoql(soql);
    const unknown = unknownInQuery(soql, q);
    if (unknown) return unknown;
    // query leaves deleted records out (they sit in the recycle bin); queryAll includes them.
    const keep = (r: SObject) => resource === 'queryAll' || !r.IsDeleted;
    // A record named by its Id is found through the store's index, as Salesforce serves it.
    const byId = q.where.find(([f, v]) => f === 'Id' && v.every((id) => typeof id === 'string'));
    const among = byId
      ? [...new Set(byId[1])].map((id) => store.get(q.type, id as string)).filter((r) => r !== undefined)
      : store.all(q.type);
    const parent = (id: unknown) => {
      const type = typeof id === 'string' ? typeOfId(id) : undefined;
      const record = type ? store.get(type, id as string) : undefined;
      return record && type ? { type, record } : undefined;
    };
    const records = selectRecords(q, among, keep).map((r) => ({
      attributes: attributes(q.type, r.Id),
      ...projectRecord(q, r, parent),
    }));
    return { status: 200, body: { totalSize: records.length, done: true, records } };
  } catch (e) {
    if (e instanceof SoqlError) return sfError(400, 'MALFORMED_QUERY', e.message);
    throw e;
  }
}

/** A record created from a request's body (JSON, or multipart with its file). */
async function createRecord(org: Org, type: string, req: IncomingMessage, allowSave: boolean): Promise<Reply> {
  const read = await readRecordBody(req, type, org.settings.jsonBlobLimit ?? JSON_BLOB_LIMIT);
  if ('error' in read) return sfErrors(400, [read.error]);
  return insertRecord(org, type, read.fields, read.blob, allowSave, req);
}

/** A record created: every field rule of the org first, then a lead's duplicate rule and assignment. */
export function insertRecord(
  org: Org,
  type: string,
  fields: Record<string, unknown>,
  blob: Buffer | undefined,
  allowSave: boolean,
  req: IncomingMessage,
): Reply {
  const { store, settings } = org;
  const refused = unknownField(type, fields, settings) ?? typeError(type, fields);
  if (refused) return sfErrors(400, [refused]);
  const errors = fieldErrors(type, fields, true, settings);
  if (errors.length) return sfErrors(400, errors);
  if (type === 'Lead') {
    const dup = duplicateOf(org, fields, allowSave);
    if (dup) return dup;
  }
  const extra: Record<string, unknown> = {};
  if (type === 'Lead')
    Object.assign(extra, {
      // Without the rule, the lead belongs to whoever made it: the integration's user.
      OwnerId: assignedOwner(org, req) ?? fields.OwnerId ?? org.rep.Id,
      Status: 'Open - Not Contacted',
      IsConverted: false,
    });
  if (type === 'ContentVersion') {
    // Keep a fingerprint of the document, not its bytes.
    const data = blob ?? Buffer.from(String(fields.VersionData ?? ''), 'base64');
    delete fields.VersionData;
    const doc = store.insert('ContentDocument', { Title: fields.Title, LatestPublishedVersionId: null });
    Object.assign(extra, { ContentDocumentId: doc.Id, ContentSize: data.length });
  }
  const record = store.insert(type, { ...fields, ...extra });
  return { status: 201, body: { id: record.Id, success: true, errors: [] } };
}
