import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { servedSpans } from '../timing';
import { admin, callCounts, overLimit, takeInjected, type CallCounts, type Controls } from './admin';
import { readBody } from './multipart';
import type { OrgOptions } from './org';
import { allowsSave, JSON_BLOB_LIMIT, rest, sfError, sfErrors, type Org, type Reply } from './rest';
import { createCollection } from './collections';
import { composite } from './composite';
import { convertLeads, parseSoap, soapFault } from './soap';
import { Store } from './store';

export { JSON_BLOB_LIMIT } from './rest';

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
  /** The org's daily API allowance (Sforce-Limit-Info's second number): Enterprise Edition's 100,000 by default. */
  apiLimit?: number;
};

export type CrmStandin = {
  url: string;
  records(sobject: string): Record<string, unknown>[];
  insert(sobject: string, fields: Record<string, unknown>): string;
  /** Changes the org's settings (picklists, duplicate rule, blob limit) while running. */
  configure(org: OrgOptions): void;
  /** The API calls served so far (as `GET /__admin/calls` answers them). */
  calls(): CallCounts;
  close(): Promise<void>;
};

const ORG_ID = '00D000000000001EAA';

/**
 * A local Salesforce that speaks what jsforce sends: OAuth token endpoint, REST sObjects and SOQL (rest.ts),
 * and the SOAP convertLead (soap.ts). Admin routes under /__admin (admin.ts) let tests and operators look
 * inside and cut it off.
 */
export async function startCrmStandin(opts: CrmStandinOptions): Promise<CrmStandin> {
  const store = new Store(opts.dataFile);
  const tokens = new Set<string>();
  const controls: Controls = {
    down: false,
    injected: [],
    apiCalls: 0,
    soapCalls: 0,
    byRoute: new Map(),
    apiLimit: opts.apiLimit ?? 100_000,
    limitExceeded: false,
    sessions: tokens,
  };
  let url = '';

  const org = orgOf(store, opts.org);

  async function route(req: IncomingMessage): Promise<Reply> {
    const u = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const path = u.pathname.split('/').filter(Boolean);
    if (path[0] === '__admin') return admin(org, controls, method, path.slice(1), await readBody(req));
    // An outage, as Salesforce shows one during maintenance.
    if (controls.down) return sfError(503, 'SERVER_UNAVAILABLE', 'Service temporarily unavailable');
    if (u.pathname === '/services/oauth2/token' && method === 'POST') {
      const form = new URLSearchParams((await readBody(req)).toString('utf8'));
      return issueToken(form, String(req.headers.host ?? ''), { ...opts, url, tokens, repId: String(org.rep.Id) });
    }
    if (path[0] !== 'services' || path[1] === 'oauth2')
      return sfError(404, 'NOT_FOUND', 'The requested resource does not exist');
    const refused = await refusedCall(req, controls, method, u, path[1] === 'Soap');
    if (refused) return refused;
    if (path[1] === 'Soap') return soapCall(req, org, tokens);
    if (path[1] === 'data' && /^v\d+\.\d+$/.test(path[2] ?? '')) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !tokens.has(bearer)) return sfError(401, 'INVALID_SESSION_ID', 'Session expired or invalid');
      if (path[3] === 'composite' && path[4] === 'sobjects' && path.length === 5 && method === 'POST')
        return createCollection(org, req, allowsSave(req), (type) => {
          const hit = takeInjected(
            controls,
            'POST',
            `${u.pathname.replace(/composite\/sobjects$/, 'sobjects')}/${type}`,
          );
          return hit && sfErrors(hit.status, hit.errors);
        });
      if (path[3] === 'composite' && path.length === 4 && method === 'POST')
        return composite(await readBody(req), org.store, (m, sub, subReq) => subCall(org, controls, m, sub, subReq));
      return rest(org, method, path.slice(3), u.searchParams, req);
    }
    return sfError(404, 'NOT_FOUND', 'The requested resource does not exist');
  }

  const timing = servedSpans();
  const server = createServer((req, res: ServerResponse) => {
    if (timing.handle(req, res)) return;
    route(req).then(
      (r) => {
        // Every REST answer tells the client how much of the org's daily allowance is used.
        const limitInfo = req.url?.startsWith('/services/data/')
          ? { 'sforce-limit-info': `api-usage=${controls.apiCalls}/${controls.apiLimit}` }
          : {};
        if (r.body === undefined) return void res.writeHead(r.status, limitInfo).end();
        const xml = r.type === 'text/xml';
        res.writeHead(r.status, {
          ...limitInfo,
          'content-type': xml ? 'text/xml;charset=UTF-8' : 'application/json;charset=UTF-8',
        });
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
    configure: (o) => void (org.settings = { ...org.settings, ...o }),
    calls: () => callCounts(controls),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        store.flush();
      }),
  };
}

/** The org with its rep every new lead is assigned to, and its lead queue (stable across restarts when persisted). */
function orgOf(store: Store, settings: OrgOptions | undefined): Org {
  const rep =
    store.all('User')[0] ??
    store.insert('User', {
      Name: 'Jordan Rivera',
      FirstName: 'Jordan',
      LastName: 'Rivera',
      Email: 'jordan.rivera@fundwise.example',
      Calendly_Link__c: 'https://calendly.com/jordan-rivera-funding/30min',
    });
  // The lead queue an assignment rule can give leads to (a Group, id 00G…).
  const queue =
    store.all('Group').find((g) => g.Type === 'Queue') ??
    store.insert('Group', { Name: 'Funding Leads', DeveloperName: 'Funding_Leads', Type: 'Queue' });
  return { store, rep, queue, settings: { duplicateRule: 'alert', jsonBlobLimit: JSON_BLOB_LIMIT, ...settings } };
}

/** The OAuth token endpoint: client credentials (on the org's own domain only) or a password grant. */
function issueToken(
  form: URLSearchParams,
  host: string,
  org: { url: string; clientId: string; clientSecret: string; tokens: Set<string>; repId: string },
): Reply {
  const { url } = org;
  const grant = form.get('grant_type');
  // Client credentials work only on the org's My Domain; login.salesforce.com (here: any other host name
  // than the one the stand-in answers as, e.g. localhost for 127.0.0.1) refuses them.
  if (grant === 'client_credentials' && host !== new URL(url).host)
    return {
      status: 400,
      body: { error: 'invalid_grant', error_description: 'request not supported on this domain' },
    };
  const clientOk = form.get('client_id') === org.clientId && form.get('client_secret') === org.clientSecret;
  if (!clientOk)
    return { status: 400, body: { error: 'invalid_client', error_description: 'invalid client credentials' } };
  if (grant !== 'client_credentials' && grant !== 'password')
    return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'grant type not supported' } };
  // Opaque, never JWT-shaped: jsforce's SOAP refuses JWT access tokens.
  const accessToken = `${ORG_ID.slice(0, 15)}!${randomBytes(24).toString('base64url')}`;
  org.tokens.add(accessToken);
  return {
    status: 200,
    body: {
      access_token: accessToken,
      instance_url: url,
      id: `${url}/id/${ORG_ID}/${org.repId}`,
      token_type: 'Bearer',
      issued_at: String(Date.now()),
      signature: randomBytes(16).toString('base64'),
      scope: 'api',
    },
  };
}

/**
 * An API call counted against the org's daily allowance, and refused when it is spent or when a test
 * queued an error for it (REST as JSON, SOAP as a fault); undefined when the call goes ahead.
 */
async function refusedCall(
  req: IncomingMessage,
  controls: Controls,
  method: string,
  u: URL,
  soap: boolean,
): Promise<Reply | undefined> {
  const { pathname } = u;
  controls.apiCalls++;
  if (soap) controls.soapCalls++;
  const route = routeOf(method, u);
  controls.byRoute.set(route, (controls.byRoute.get(route) ?? 0) + 1);
  if (overLimit(controls)) {
    await readBody(req);
    const message = 'TotalRequests Limit exceeded.';
    return soap
      ? { status: 500, type: 'text/xml', body: soapFault('REQUEST_LIMIT_EXCEEDED', message) }
      : sfError(403, 'REQUEST_LIMIT_EXCEEDED', message);
  }
  const hit = takeInjected(controls, method, pathname);
  if (!hit) return undefined;
  await readBody(req);
  if (soap) return { status: 500, type: 'text/xml', body: soapFault(hit.errors[0]!.errorCode, hit.errors[0]!.message) };
  return sfErrors(hit.status, hit.errors);
}

/** A call's route for the counts: record ids and the API version left out, a query named by its object. */
function routeOf(method: string, u: URL): string {
  const path = u.pathname
    .split('/')
    .map((seg) =>
      /^v\d+\.\d+$/.test(seg)
        ? 'vXX.X'
        : /^[a-zA-Z0-9]{15}([a-zA-Z0-9]{3})?$/.test(seg) && /\d/.test(seg)
          ? ':id'
          : seg,
    )
    .join('/');
  const from = /\bFROM\s+(\w+)/i.exec(u.searchParams.get('q') ?? '')?.[1];
  return `${method} ${path}${from ? ` (FROM ${from})` : ''}`;
}

/** A composite's subrequest: a REST route of its own (errors queued for it included), never another composite. */
function subCall(org: Org, controls: Controls, method: string, u: URL, req: IncomingMessage): Promise<Reply> | Reply {
  const path = u.pathname.split('/').filter(Boolean);
  if (path[0] !== 'services' || path[1] !== 'data' || !/^v\d+\.\d+$/.test(path[2] ?? '') || path[3] === 'composite')
    return sfError(404, 'NOT_FOUND', 'The requested resource does not exist');
  const hit = takeInjected(controls, method, u.pathname);
  if (hit) return sfErrors(hit.status, hit.errors);
  return rest(org, method, path.slice(3), u.searchParams, req);
}

/** The SOAP API: convertLead only, as the portal uses it. */
async function soapCall(req: IncomingMessage, org: Org, tokens: Set<string>): Promise<Reply> {
  const call = parseSoap((await readBody(req)).toString('utf8'));
  if (!tokens.has(call.sessionId))
    return {
      status: 500,
      type: 'text/xml',
      body: soapFault('INVALID_SESSION_ID', 'Invalid Session ID found in SessionHeader: Illegal Session'),
    };
  if (call.operation !== 'convertLead')
    return { status: 500, type: 'text/xml', body: soapFault('INVALID_OPERATION', `unsupported ${call.operation}`) };
  return { status: 200, type: 'text/xml', body: convertLeads(org.store, call.body, org.settings.convertedStatuses) };
}
