import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { servedSpans } from '../timing';
import { parseSoql, runQuery, SoqlError } from './soql';
import { convertLeads, parseSoap, soapFault } from './soap';
import { Store, type SObject } from './store';
import { fieldErrors, unknownField, type OrgOptions, type SfErr } from './org';
import { readBody, readRecordBody } from './multipart';

export type CrmStandinOptions = {
  port: number;
  clientId: string;
  clientSecret: string;
  dataFile?: string;
  host?: string;
  org?: OrgOptions;
  /**
   * The address clients reach it at, when that is not its own (a proxy in front, as in the resilience
   * suite): answered as instance_url, so every later call goes through the same proxy.
   */
  publicUrl?: string;
};

export type CrmStandin = {
  url: string;
  records(sobject: string): Record<string, unknown>[];
  insert(sobject: string, fields: Record<string, unknown>): string;
  /** Changes the org's settings (picklists, duplicate rule, blob limit) while running. */
  configure(org: OrgOptions): void;
  close(): Promise<void>;
};

const ORG_ID = '00D000000000001EAA';
/** 37.5 MB of base64 (Salesforce 'Insert or Update Blob Data': non-multipart bodies). */
export const JSON_BLOB_LIMIT = 37.5 * 1024 * 1024;

type Reply = { status: number; body?: unknown; type?: string };
const sfErrors = (status: number, errors: SfErr[]): Reply => ({ status, body: errors });
const sfError = (status: number, errorCode: string, message: string, fields?: string[]): Reply =>
  sfErrors(status, [{ message, errorCode, ...(fields ? { fields } : {}) }]);

/** An error injected by a test for the next `count` API calls (optionally only those matching method/path). */
type Injected = { errors: SfErr[]; status: number; count: number; method?: string; path?: string };

/**
 * A local Salesforce that speaks what jsforce sends: OAuth token endpoint, REST sObjects and SOQL, and
 * the SOAP convertLead. Admin routes under /__admin let tests and operators look inside and cut it off.
 */
export async function startCrmStandin(opts: CrmStandinOptions): Promise<CrmStandin> {
  const store = new Store(opts.dataFile);
  const tokens = new Set<string>();
  let org: OrgOptions = { duplicateRule: 'alert', jsonBlobLimit: JSON_BLOB_LIMIT, ...opts.org };
  const injected: Injected[] = [];
  let down = false;
  let url = '';

  // The rep every new lead is assigned to (stable across restarts when persisted).
  const rep =
    store.all('User')[0] ??
    store.insert('User', {
      Name: 'Jordan Rivera',
      FirstName: 'Jordan',
      LastName: 'Rivera',
      Email: 'jordan.rivera@fundwise.example',
      Calendly_Link__c: 'https://calendly.com/jordan-rivera-funding/30min',
    });

  const attributes = (type: string, id: string) => ({ type, url: `/services/data/v59.0/sobjects/${type}/${id}` });
  const withAttributes = (type: string, r: SObject) => ({ attributes: attributes(type, r.Id), ...r });

  function token(form: URLSearchParams, host: string): Reply {
    const grant = form.get('grant_type');
    // Client credentials work only on the org's My Domain; login.salesforce.com (here: any other host name
    // than the one the stand-in answers as, e.g. localhost for 127.0.0.1) refuses them.
    if (grant === 'client_credentials' && host !== new URL(url).host)
      return {
        status: 400,
        body: { error: 'invalid_grant', error_description: 'request not supported on this domain' },
      };
    const clientOk = form.get('client_id') === opts.clientId && form.get('client_secret') === opts.clientSecret;
    if (!clientOk)
      return { status: 400, body: { error: 'invalid_client', error_description: 'invalid client credentials' } };
    if (grant !== 'client_credentials' && grant !== 'password')
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'grant type not supported' } };
    // Opaque, never JWT-shaped: jsforce's SOAP refuses JWT access tokens.
    const accessToken = `${ORG_ID.slice(0, 15)}!${randomBytes(24).toString('base64url')}`;
    tokens.add(accessToken);
    return {
      status: 200,
      body: {
        access_token: accessToken,
        instance_url: url,
        id: `${url}/id/${ORG_ID}/${rep.Id}`,
        token_type: 'Bearer',
        issued_at: String(Date.now()),
        signature: randomBytes(16).toString('base64'),
        scope: 'api',
      },
    };
  }

  /** Duplicate rule on Lead Email: another open lead with the same address. */
  function duplicateOf(fields: Record<string, unknown>, allowSave: boolean): Reply | undefined {
    const rule = org.duplicateRule ?? 'off';
    const email = typeof fields.Email === 'string' ? fields.Email.toLowerCase() : '';
    if (rule === 'off' || !email || (rule === 'alert' && allowSave)) return undefined;
    const dup = store
      .all('Lead')
      .find((r) => !r.IsDeleted && !r.IsConverted && String(r.Email ?? '').toLowerCase() === email);
    if (!dup) return undefined;
    return sfError(
      400,
      'DUPLICATES_DETECTED',
      "You're creating a duplicate record. We recommend you use an existing record instead.",
    );
  }

  async function rest(method: string, parts: string[], query: URLSearchParams, req: IncomingMessage): Promise<Reply> {
    const [resource, type, id] = parts;
    const allowSave = /allowSave\s*=\s*true/i.test(String(req.headers['sforce-duplicate-rule-header'] ?? ''));
    if (resource === 'query' || resource === 'queryAll') {
      try {
        const q = parseSoql(query.get('q') ?? '');
        // query leaves deleted records out (they sit in the recycle bin); queryAll includes them.
        const all = store.all(q.type).filter((r) => resource === 'queryAll' || !r.IsDeleted);
        const rows = runQuery(q, all);
        const ids = runQuery({ ...q, fields: ['Id'] }, all);
        const records = rows.map((r, i) => ({ attributes: attributes(q.type, String(ids[i]!.Id)), ...r }));
        return { status: 200, body: { totalSize: records.length, done: true, records } };
      } catch (e) {
        if (e instanceof SoqlError) return sfError(400, 'MALFORMED_QUERY', e.message);
        throw e;
      }
    }
    if (resource !== 'sobjects' || !type) return sfError(404, 'NOT_FOUND', 'The requested resource does not exist');
    if (!id && method === 'POST') {
      const read = await readRecordBody(req, type, org.jsonBlobLimit ?? JSON_BLOB_LIMIT);
      if ('error' in read) return sfErrors(400, [read.error]);
      const fields = read.fields;
      const refused = unknownField(type, fields, org);
      if (refused) return sfErrors(400, [refused]);
      const errors = fieldErrors(type, fields, true, org);
      if (errors.length) return sfErrors(400, errors);
      if (type === 'Lead') {
        const dup = duplicateOf(fields, allowSave);
        if (dup) return dup;
      }
      const extra: Record<string, unknown> = {};
      if (type === 'Lead')
        Object.assign(extra, { OwnerId: rep.Id, Status: 'Open - Not Contacted', IsConverted: false });
      if (type === 'ContentVersion') {
        // Keep a fingerprint of the document, not its bytes.
        const data = read.blob ?? Buffer.from(String(fields.VersionData ?? ''), 'base64');
        delete fields.VersionData;
        const doc = store.insert('ContentDocument', { Title: fields.Title, LatestPublishedVersionId: null });
        Object.assign(extra, { ContentDocumentId: doc.Id, ContentSize: data.length });
      }
      const record = store.insert(type, { ...fields, ...extra });
      return { status: 201, body: { id: record.Id, success: true, errors: [] } };
    }
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
      const read = await readRecordBody(req, type, org.jsonBlobLimit ?? JSON_BLOB_LIMIT);
      if ('error' in read) return sfErrors(400, [read.error]);
      const refused = unknownField(type, read.fields, org);
      if (refused) return sfErrors(400, [refused]);
      const errors = fieldErrors(type, read.fields, false, org);
      if (errors.length) return sfErrors(400, errors);
      store.update(type, record.Id, read.fields);
      return { status: 204 };
    }
    if (method === 'DELETE') {
      // To the recycle bin, as a rep's delete does: later writes answer ENTITY_IS_DELETED.
      store.update(type, record.Id, { IsDeleted: true });
      return { status: 204 };
    }
    return sfError(405, 'METHOD_NOT_ALLOWED', `HTTP Method '${method}' not allowed`);
  }

  function admin(method: string, parts: string[], body: Buffer): Reply {
    const [what, type] = parts;
    if (what === 'health') return { status: 200, body: { ok: true, down } };
    if (what === 'down' && method === 'POST') return ((down = true), { status: 200, body: { down } });
    if (what === 'up' && method === 'POST') return ((down = false), { status: 200, body: { down } });
    if (what === 'reset' && method === 'POST') return (store.reset(), { status: 200, body: { ok: true } });
    if (what === 'org' && method === 'POST') {
      org = { ...org, ...(JSON.parse(body.toString('utf8') || '{}') as OrgOptions) };
      return { status: 200, body: org };
    }
    if (what === 'fail-next' && method === 'POST') {
      // { errorCode, count?, status?, message?, fields?, errors?: [...], method?, path? }
      const b = JSON.parse(body.toString('utf8') || '{}') as Partial<SfErr> & Partial<Injected>;
      const errors = b.errors ?? [
        {
          errorCode: String(b.errorCode),
          message: b.message ?? String(b.errorCode),
          ...(b.fields ? { fields: b.fields } : {}),
        },
      ];
      injected.push({ errors, status: b.status ?? 400, count: b.count ?? 1, method: b.method, path: b.path });
      return { status: 200, body: { queued: injected.length } };
    }
    if (what === 'sobjects' && type && method === 'GET') return { status: 200, body: store.all(type) };
    if (what === 'sobjects' && type && method === 'POST') {
      const record = store.insert(type, JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>);
      return { status: 201, body: { id: record.Id } };
    }
    return { status: 404, body: { error: 'not found' } };
  }

  /** The injected error this call answers with, if any (counted down per call). */
  function takeInjected(method: string, pathname: string): Injected | undefined {
    const i = injected.findIndex((x) => (!x.method || x.method === method) && (!x.path || pathname.includes(x.path)));
    if (i < 0) return undefined;
    const hit = injected[i]!;
    if (--hit.count <= 0) injected.splice(i, 1);
    return hit;
  }

  async function route(req: IncomingMessage): Promise<Reply> {
    const u = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const path = u.pathname.split('/').filter(Boolean);
    if (path[0] === '__admin') return admin(method, path.slice(1), await readBody(req));
    // An outage, as Salesforce shows one during maintenance.
    if (down) return sfError(503, 'SERVER_UNAVAILABLE', 'Service temporarily unavailable');
    if (u.pathname === '/services/oauth2/token' && method === 'POST')
      return token(new URLSearchParams((await readBody(req)).toString('utf8')), String(req.headers.host ?? ''));
    const hit = path[0] === 'services' && path[1] !== 'oauth2' ? takeInjected(method, u.pathname) : undefined;
    if (hit && path[1] === 'Soap') {
      await readBody(req);
      return { status: 500, type: 'text/xml', body: soapFault(hit.errors[0]!.errorCode, hit.errors[0]!.message) };
    }
    if (hit) return (await readBody(req), sfErrors(hit.status, hit.errors));
    if (path[0] === 'services' && path[1] === 'Soap') {
      const call = parseSoap((await readBody(req)).toString('utf8'));
      if (!tokens.has(call.sessionId))
        return {
          status: 500,
          type: 'text/xml',
          body: soapFault('INVALID_SESSION_ID', 'Invalid Session ID found in SessionHeader: Illegal Session'),
        };
      if (call.operation !== 'convertLead')
        return { status: 500, type: 'text/xml', body: soapFault('INVALID_OPERATION', `unsupported ${call.operation}`) };
      return { status: 200, type: 'text/xml', body: convertLeads(store, call.body, org.convertedStatuses) };
    }
    if (path[0] === 'services' && path[1] === 'data' && /^v\d+\.\d+$/.test(path[2] ?? '')) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !tokens.has(bearer)) return sfError(401, 'INVALID_SESSION_ID', 'Session expired or invalid');
      return rest(method, path.slice(3), u.searchParams, req);
    }
    return sfError(404, 'NOT_FOUND', 'The requested resource does not exist');
  }

  const timing = servedSpans();
  const server = createServer((req, res: ServerResponse) => {
    if (timing.handle(req, res)) return;
    route(req).then(
      (r) => {
        if (r.body === undefined) return void res.writeHead(r.status).end();
        const xml = r.type === 'text/xml';
        res.writeHead(r.status, { 'content-type': xml ? 'text/xml;charset=UTF-8' : 'application/json;charset=UTF-8' });
        res.end(xml ? String(r.body) : JSON.stringify(r.body));
      },
      (e: Error) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify([{ errorCode: 'UNKNOWN_EXCEPTION', message: e.message }]));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  url = opts.publicUrl ?? `http://127.0.0.1:${address.port}`;
  return {
    url,
    records: (type) => store.all(type),
    insert: (type, fields) => store.insert(type, fields).Id,
    configure: (o) => void (org = { ...org, ...o }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
