// Salesforce's Composite resource (POST /services/data/vXX.X/composite, 'Send Multiple Requests Using
// Composite'): up to 25 subrequests in one API call, each able to use an earlier answer through
// `@{referenceId.field}`; with allOrNone, one failure rolls back every write of the call.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { sfError, type Reply } from './rest';
import type { Store } from './store';

/** One subrequest run as the REST routes run a call of its own (headers lower-cased, body as JSON). */
export type SubCall = (method: string, url: URL, req: IncomingMessage) => Promise<Reply> | Reply;

type SubRequest = {
  method: string;
  url: string;
  referenceId: string;
  body?: unknown;
  httpHeaders?: Record<string, string>;
};
type SubResponse = { body: unknown; httpHeaders: Record<string, string>; httpStatusCode: number; referenceId: string };

const MAX_SUBREQUESTS = 25;
/** Of the 25, at most 5 queries or sObject Collections calls. */
const MAX_QUERIES = 5;
/** The top-level request's own: a subrequest naming one is refused. */
const INHERITED_HEADERS = new Set(['accept', 'authorization', 'content-type']);
const METHODS = new Set(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);
const REFERENCE = /@\{([A-Za-z]\w*)\.([^}]+)\}/g;

const halted = (message: string) => [{ errorCode: 'PROCESSING_HALTED', message }];
const ROLLED_BACK = 'The transaction was rolled back since another operation in the same transaction failed.';

/** The request's subrequests, or the reason Salesforce refuses the whole call. */
function subRequests(raw: Buffer): { allOrNone: boolean; subs: SubRequest[] } | Reply {
  let parsed: { allOrNone?: unknown; compositeRequest?: unknown };
  try {
    parsed = JSON.parse(raw.toString('utf8')) as typeof parsed;
  } catch {
    return sfError(400, 'JSON_PARSER_ERROR', 'The request body is not valid JSON');
  }
  const subs = parsed?.compositeRequest;
  if (!Array.isArray(subs) || subs.length === 0)
    return sfError(400, 'INVALID_INPUT', 'compositeRequest: a list of subrequests is required');
  if (subs.length > MAX_SUBREQUESTS)
    return sfError(400, 'LIMIT_EXCEEDED', `Composite API: up to ${MAX_SUBREQUESTS} subrequests are allowed`);
  const seen = new Set<string>();
  for (const s of subs as Partial<SubRequest>[]) {
    if (typeof s?.method !== 'string' || !METHODS.has(s.method) || typeof s.url !== 'string')
      return sfError(400, 'INVALID_INPUT', 'Each subrequest needs a method and a url');
    if (typeof s.referenceId !== 'string' || !/^[A-Za-z]\w*$/.test(s.referenceId) || seen.has(s.referenceId))
      return sfError(400, 'INVALID_INPUT', `Invalid or duplicate referenceId: ${String(s.referenceId)}`);
    seen.add(s.referenceId);
    const header = Object.keys(s.httpHeaders ?? {}).find((h) => INHERITED_HEADERS.has(h.toLowerCase()));
    if (header) return sfError(400, 'INVALID_INPUT', `The ${header} header can't be set on a subrequest`);
  }
  const queries = (subs as SubRequest[]).filter((s) => /\/(query|queryAll|composite\/sobjects)\b/.test(s.url));
  if (queries.length > MAX_QUERIES)
    return sfError(400, 'LIMIT_EXCEEDED', `Composite API: up to ${MAX_QUERIES} queries or collections are allowed`);
  return { allOrNone: parsed.allOrNone === true, subs: subs as SubRequest[] };
}

/** A value along `records[0].Id` in an earlier answer; undefined when there is none. */
function along(answer: unknown, path: string): unknown {
  let at: unknown = answer;
  for (const step of path.match(/[^.[\]]+/g) ?? []) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[step];
  }
  return at;
}

/**
 * `@{ref.path}` replaced in a url, or in a body's JSON text (`json`: the value escaped as a JSON string's
 * content); or the reference that has no value (its subrequest failed, or its answer has no such field).
 */
function resolved(
  text: string,
  answers: Map<string, SubResponse>,
  json = false,
): { text: string } | { missing: string } {
  let missing: string | undefined;
  const out = text.replace(REFERENCE, (_whole, ref: string, path: string) => {
    const answer = answers.get(ref);
    const value = answer && answer.httpStatusCode < 300 ? along(answer.body, path) : undefined;
    if (value === undefined || value === null || typeof value === 'object') missing ??= `${path} found in ${ref}`;
    return json ? JSON.stringify(String(value)).slice(1, -1) : String(value);
  });
  return missing ? { missing } : { text: out };
}

/** Undoes the writes of a call: a created record removed, a changed one put back as it was. */
export class Writes {
  private readonly undo: (() => void)[] = [];
  constructor(private readonly store: Store) {}

  before(method: string, type: string | undefined, id: string | undefined) {
    const record = type && id && method !== 'GET' ? this.store.get(type, id) : undefined;
    if (record) {
      const was = structuredClone(record);
      this.undo.push(() => this.store.restore(type!, was));
    }
  }

  created(type: string, id: string) {
    const record = this.store.get(type, id);
    const document = type === 'ContentVersion' ? String(record?.ContentDocumentId ?? '') : '';
    this.undo.push(() => {
      this.store.remove(type, id);
      if (document) this.store.remove('ContentDocument', document);
    });
  }

  rollBack() {
    for (const undo of this.undo.reverse()) undo();
  }
}

/** The call's subrequests in order, each answered; one API call for all of them. */
export async function composite(raw: Buffer, store: Store, call: SubCall): Promise<Reply> {
  const request = subRequests(raw);
  if ('status' in request) return request;
  const answers = new Map<string, SubResponse>();
  const writes = new Writes(store);
  let failed = false;
  for (const sub of request.subs) {
    const answer = (status: number, body: unknown, httpHeaders: Record<string, string> = {}) =>
      answers.set(sub.referenceId, { body, httpHeaders, httpStatusCode: status, referenceId: sub.referenceId });
    if (failed && request.allOrNone) {
      answer(400, halted(ROLLED_BACK));
      continue;
    }
    const url = resolved(sub.url, answers);
    const body = sub.body === undefined ? undefined : resolved(JSON.stringify(sub.body), answers, true);
    const missing = 'missing' in url ? url.missing : body && 'missing' in body ? body.missing : undefined;
    if (missing) {
      failed = true;
      answer(400, halted(`Invalid reference specified. No value for ${missing}`));
      continue;
    }
    const target = new URL((url as { text: string }).text, 'http://localhost');
    const [, , , , resource, type, id] = target.pathname.split('/');
    if (resource === 'sobjects') writes.before(sub.method, type, id);
    const req = Object.assign(Readable.from([Buffer.from(body && 'text' in body ? body.text : '')]), {
      headers: {
        ...Object.fromEntries(Object.entries(sub.httpHeaders ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)])),
        'content-type': 'application/json',
      },
    }) as unknown as IncomingMessage;
    const reply = await call(sub.method, target, req);
    const created = reply.status === 201 ? (reply.body as { id?: string }).id : undefined;
    if (created && type) writes.created(type, created);
    if (reply.status >= 400) failed = true;
    answer(reply.status, reply.body ?? null, created ? { Location: `${target.pathname}/${created}` } : {});
  }
  if (failed && request.allOrNone) {
    writes.rollBack();
    for (const a of answers.values())
      if (a.httpStatusCode < 400) Object.assign(a, { httpStatusCode: 400, body: halted(ROLLED_BACK), httpHeaders: {} });
  }
  return { status: 200, body: { compositeResponse: [...answers.values()] } };
}
