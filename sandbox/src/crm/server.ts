import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseSoql, runQuery, SoqlError } from './soql';
import { convertLeads, parseSoap, soapFault } from './soap';
import { Store, type SObject } from './store';

export type CrmStandinOptions = {
  port: number;
  clientId: string;
  clientSecret: string;
  dataFile?: string;
  host?: string;
};

export type CrmStandin = {
  url: string;
  records(sobject: string): Record<string, unknown>[];
  insert(sobject: string, fields: Record<string, unknown>): string;
  close(): Promise<void>;
};

const ORG_ID = '00D000000000001EAA';
/** Lead creation checks these like a standard org. */
const REQUIRED: Record<string, string[]> = { Lead: ['LastName', 'Company'], Account: ['Name'], Opportunity: ['Name'] };

type Reply = { status: number; body?: unknown; type?: string };
const sfError = (status: number, errorCode: string, message: string, fields?: string[]): Reply => ({
  status,
  body: [{ message, errorCode, ...(fields ? { fields } : {}) }],
});

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A local Salesforce that speaks what jsforce sends: OAuth token endpoint, REST sObjects and SOQL, and
 * the SOAP convertLead. Admin routes under /__admin let tests and operators look inside and cut it off.
 */
export async function startCrmStandin(opts: CrmStandinOptions): Promise<CrmStandin> {
  const store = new Store(opts.dataFile);
  const tokens = new Set<string>();
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

  function token(form: URLSearchParams): Reply {
    const grant = form.get('grant_type');
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

  function rest(method: string, parts: string[], query: URLSearchParams, body: Buffer): Reply {
    const [resource, type, id] = parts;
    if (resource === 'query' || resource === 'queryAll') {
      try {
        const q = parseSoql(query.get('q') ?? '');
        const all = store.all(q.type);
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
      const fields = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      const missing = (REQUIRED[type] ?? []).filter(
        (f) => fields[f] === undefined || fields[f] === '' || fields[f] === null,
      );
      if (missing.length)
        return sfError(400, 'REQUIRED_FIELD_MISSING', `Required fields are missing: [${missing.join(', ')}]`, missing);
      const extra: Record<string, unknown> = {};
      if (type === 'Lead')
        Object.assign(extra, { OwnerId: rep.Id, Status: 'Open - Not Contacted', IsConverted: false });
      if (type === 'ContentVersion') {
        // Keep a fingerprint of the document, not its bytes.
        const data = Buffer.from(String(fields.VersionData ?? ''), 'base64');
        delete fields.VersionData;
        const doc = store.insert('ContentDocument', { Title: fields.Title, LatestPublishedVersionId: null });
        Object.assign(extra, { ContentDocumentId: doc.Id, ContentSize: data.length });
      }
      const record = store.insert(type, { ...fields, ...extra });
      return { status: 201, body: { id: record.Id, success: true, errors: [] } };
    }
    const record = id ? store.get(type, id) : undefined;
    if (!record) return sfError(404, 'NOT_FOUND', 'The requested resource does not exist');
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
      store.update(type, record.Id, JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>);
      return { status: 204 };
    }
    if (method === 'DELETE') {
      store.remove(type, record.Id);
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
    if (what === 'sobjects' && type && method === 'GET') return { status: 200, body: store.all(type) };
    if (what === 'sobjects' && type && method === 'POST') {
      const record = store.insert(type, JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>);
      return { status: 201, body: { id: record.Id } };
    }
    return { status: 404, body: { error: 'not found' } };
  }

  async function route(req: IncomingMessage): Promise<Reply> {
    const u = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    const path = u.pathname.split('/').filter(Boolean);
    if (path[0] === '__admin') return admin(method, path.slice(1), body);
    // An outage, as Salesforce shows one during maintenance.
    if (down) return sfError(503, 'SERVER_UNAVAILABLE', 'Service temporarily unavailable');
    if (u.pathname === '/services/oauth2/token' && method === 'POST')
      return token(new URLSearchParams(body.toString('utf8')));
    if (path[0] === 'services' && path[1] === 'Soap') {
      const call = parseSoap(body.toString('utf8'));
      if (!tokens.has(call.sessionId))
        return {
          status: 500,
          type: 'text/xml',
          body: soapFault('INVALID_SESSION_ID', 'Invalid Session ID found in SessionHeader: Illegal Session'),
        };
      if (call.operation !== 'convertLead')
        return { status: 500, type: 'text/xml', body: soapFault('INVALID_OPERATION', `unsupported ${call.operation}`) };
      return { status: 200, type: 'text/xml', body: convertLeads(store, call.body) };
    }
    if (path[0] === 'services' && path[1] === 'data' && /^v\d+\.\d+$/.test(path[2] ?? '')) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !tokens.has(bearer)) return sfError(401, 'INVALID_SESSION_ID', 'Session expired or invalid');
      return rest(method, path.slice(3), u.searchParams, body);
    }
    return sfError(404, 'NOT_FOUND', 'The requested resource does not exist');
  }

  const server = createServer((req, res: ServerResponse) => {
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
  url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    records: (type) => store.all(type),
    insert: (type, fields) => store.insert(type, fields).Id,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
