import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { servedSpans } from '../timing';
import { join } from 'node:path';
import busboy from 'busboy';

/** The folder the local stack keeps applications in (Box refuses webhooks on the root folder 0). */
export const LOCAL_APPLICATIONS_FOLDER_ID = '100';

export type EsignStandinOptions = {
  port: number;
  clientId: string;
  clientSecret: string;
  /**
   * The signature keys of the app (Box's developer console makes them; no API does). Deliveries go only
   * to webhooks registered through POST /2.0/webhooks, as on Box.
   */
  webhookKeys?: { primaryKey: string; secondaryKey: string };
  /** How long a new request converts, and a signed one finalizes (Box takes seconds; tests less). */
  timing?: { convertingMs?: number; finalizingMs?: number };
  /** Box's largest page of a list (a larger limit is cut to it). */
  maxPageSize?: number;
  /** Folders that exist from the start (id and name under the root), as an enterprise's would. */
  seedFolders?: { id: string; name: string }[];
  /** Keeps folders, files and sign requests across restarts. */
  dataDir?: string;
  host?: string;
};

type Folder = { id: string; name: string; parentId: string };
type StoredFile = { id: string; name: string; parentId: string; sha1: string; size: number };
type Signer = {
  email: string;
  role: string;
  order: number;
  embed_url_external_user_id?: string;
  redirect_url?: string;
  declined_redirect_url?: string;
  has_viewed_document: boolean;
  signer_decision: { type: 'signed' | 'declined'; finalized_at: string; additional_info: null } | null;
  token: string;
};
type SignRequest = {
  id: string;
  status: string;
  /** When converting becomes sent (or the error state given by the admin route). */
  readyAt?: number;
  failWith?: string;
  /** When finalizing becomes signed. */
  finalAt?: number;
  created_at: string;
  finished_at: string | null;
  external_id: string | null;
  name: string | null;
  sourceFileId: string;
  parentFolderId: string;
  signers: Signer[];
  signedFileId?: string;
  events: string[];
};
type Webhook = { id: string; targetId: string; address: string; triggers: string[] };
type State = {
  seq: number;
  folders: Folder[];
  files: StoredFile[];
  requests: SignRequest[];
  webhooks?: Webhook[];
};

export type EsignStandin = {
  url: string;
  requests(): SignRequest[];
  fileBytes(id: string): Buffer | undefined;
  folders(): Folder[];
  files(): StoredFile[];
  /** Registered webhooks (POST /2.0/webhooks). */
  webhooks(): Webhook[];
  /** The next N API calls answer 429 with this Retry-After (seconds). */
  throttle(count: number, retryAfterSeconds: number): void;
  /** The next sign request created ends in this state instead of sent (error_converting, error_sending). */
  failNextRequest(status: string): void;
  /** Cuts the API off (503), as an outage would; the signer pages stay up. */
  setDown(down: boolean): void;
  close(): Promise<void>;
};

type Reply = { status: number; body?: unknown; type?: string; headers?: Record<string, string> };
const boxError = (status: number, code: string, message: string, context_info?: unknown): Reply => ({
  status,
  body: { type: 'error', status, code, message, request_id: randomBytes(6).toString('hex'), context_info },
});

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Multipart as Box requires it: the attributes part first, then the file. */
function readUpload(req: IncomingMessage): Promise<{ attributes?: string; file?: Buffer; order: string[] }> {
  return new Promise((resolve, reject) => {
    const out: { attributes?: string; file?: Buffer; order: string[] } = { order: [] };
    const bb = busboy({ headers: req.headers });
    bb.on('field', (name, value) => {
      out.order.push(name);
      if (name === 'attributes') out.attributes = value;
    });
    bb.on('file', (name, stream) => {
      out.order.push(name);
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => (out.file = Buffer.concat(chunks)));
    });
    bb.on('close', () => resolve(out));
    bb.on('error', reject);
    req.pipe(bb);
  });
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A local Box that speaks what box-node-sdk sends for signing and document submission: the token
 * endpoint, folders, uploads, downloads and sign requests (create, get, list). Each embedded signer gets
 * a page at its embed_url with the PDF and 'Sign' and 'Decline'; deciding redirects the browser to the
 * signer's redirect URL and, when the request is finished, delivers a signed webhook as Box does.
 */
export async function startEsignStandin(opts: EsignStandinOptions): Promise<EsignStandin> {
  const stateFile = opts.dataDir ? join(opts.dataDir, 'esign.json') : undefined;
  const filesDir = opts.dataDir ? join(opts.dataDir, 'esign-files') : undefined;
  if (filesDir) mkdirSync(filesDir, { recursive: true });
  const state: State =
    stateFile && existsSync(stateFile)
      ? (JSON.parse(readFileSync(stateFile, 'utf8')) as State)
      : { seq: 1000, folders: [], files: [], requests: [] };
  const bytes = new Map<string, Buffer>();
  const save = () => stateFile && writeFileSync(stateFile, JSON.stringify(state));
  const nextId = () => String(++state.seq);
  const tokens = new Set<string>();
  const keys = opts.webhookKeys;
  const convertingMs = opts.timing?.convertingMs ?? 300;
  const finalizingMs = opts.timing?.finalizingMs ?? 300;
  const timing = servedSpans();
  state.webhooks ??= [];
  for (const f of opts.seedFolders ?? [])
    if (!state.folders.some((x) => x.id === f.id)) state.folders.push({ id: f.id, name: f.name, parentId: '0' });
  let throttled = { count: 0, retryAfter: 1 };
  let failNext: string | undefined;
  let down = false;
  let url = '';

  const putBytes = (id: string, b: Buffer) => {
    bytes.set(id, b);
    if (filesDir) writeFileSync(join(filesDir, id), b);
  };
  const getBytes = (id: string) =>
    bytes.get(id) ?? (filesDir && existsSync(join(filesDir, id)) ? readFileSync(join(filesDir, id)) : undefined);

  const folderJson = (f: Folder) => ({
    type: 'folder',
    id: f.id,
    etag: '0',
    sequence_id: '0',
    name: f.name,
    parent: { type: 'folder', id: f.parentId },
  });
  const fileJson = (f: StoredFile) => ({
    type: 'file',
    id: f.id,
    etag: '0',
    sequence_id: '0',
    name: f.name,
    sha1: f.sha1,
    size: f.size,
    file_version: { type: 'file_version', id: `${f.id}1`, sha1: f.sha1 },
    parent: { type: 'folder', id: f.parentId },
  });
  const requestJson = (r: SignRequest) => ({
    type: 'sign-request',
    id: r.id,
    status: r.status,
    short_id: r.id.slice(0, 8).toUpperCase(),
    created_at: r.created_at,
    finished_at: r.finished_at,
    auto_expire_at: null,
    is_document_preparation_needed: false,
    prepare_url: null,
    redirect_url: null,
    declined_redirect_url: null,
    are_text_signatures_enabled: true,
    are_reminders_enabled: false,
    email_subject: null,
    email_message: null,
    name: r.name,
    days_valid: null,
    external_id: r.external_id,
    prefill_tags: [],
    source_files: [{ type: 'file', id: r.sourceFileId }],
    parent_folder: { type: 'folder', id: r.parentFolderId, etag: '0', sequence_id: '0' },
    signers: r.signers.map((s, i) => ({
      email: s.email,
      role: s.role,
      is_in_person: false,
      order: s.order,
      ...(s.embed_url_external_user_id ? { embed_url_external_user_id: s.embed_url_external_user_id } : {}),
      ...(s.redirect_url ? { redirect_url: s.redirect_url } : {}),
      ...(s.declined_redirect_url ? { declined_redirect_url: s.declined_redirect_url } : {}),
      has_viewed_document: s.has_viewed_document,
      signer_decision: s.signer_decision,
      inputs: [],
      // Box hands out signing links once the document is converted and the request sent.
      embed_url: s.embed_url_external_user_id && sentOrLater(r) ? `${url}/sign/${r.id}/${i}?t=${s.token}` : null,
      iframeable_embed_url:
        s.embed_url_external_user_id && sentOrLater(r) ? `${url}/sign/${r.id}/${i}?t=${s.token}&embed=1` : null,
    })),
    ...(r.signedFileId
      ? {
          sign_files: {
            files: [{ type: 'file', id: r.signedFileId, etag: '0', sequence_id: '0', name: r.name }],
            is_ready_for_download: r.status === 'signed',
          },
        }
      : {}),
  });

  const sentOrLater = (r: SignRequest) =>
    !['converting', 'created'].includes(r.status) && !r.status.startsWith('error');

  /** Moves a request on as time passes: converting to sent (or its error), finalizing to signed. */
  function advance(r: SignRequest) {
    if (r.status === 'converting' && Date.now() >= (r.readyAt ?? 0)) {
      r.status = r.failWith ?? 'sent';
      save();
    }
    if (r.status === 'finalizing' && Date.now() >= (r.finalAt ?? 0)) {
      r.status = 'signed';
      r.finished_at = now();
      save();
      void deliver(r, 'SIGN_REQUEST.COMPLETED');
    }
    return r;
  }

  /** The folder and its ancestors: a folder's webhook hears about everything below it. */
  function ancestors(folderId: string): string[] {
    const out: string[] = [];
    for (let id: string | undefined = folderId; id && id !== '0'; id = state.folders.find((f) => f.id === id)?.parentId)
      out.push(id);
    return out;
  }

  async function deliver(r: SignRequest, trigger: string) {
    r.events.push(trigger);
    save();
    const targets = ancestors(r.parentFolderId);
    const hooks = (state.webhooks ?? []).filter((w) => targets.includes(w.targetId) && w.triggers.includes(trigger));
    await Promise.all(hooks.map((w) => deliverTo(w, r, trigger)));
  }

  async function deliverTo(hook: Webhook, r: SignRequest, trigger: string) {
    if (!keys) return;
    const body = JSON.stringify({
      type: 'webhook_event',
      id: randomUUID(),
      created_at: now(),
      trigger,
      webhook: { id: hook.id, type: 'webhook' },
      created_by: { type: 'user', id: '1', name: 'Box Sign', login: 'AutomationUser@boxdevedition.com' },
      source: r.signedFileId
        ? fileJson(state.files.find((f) => f.id === r.signedFileId)!)
        : { type: 'file', id: r.sourceFileId },
      additional_info: {
        sign_request_id: r.id,
        signer_emails: r.signers.map((s) => s.email),
        external_id: r.external_id,
      },
    });
    const ts = now();
    const sign = (k: string) => createHmac('sha256', k).update(body).update(ts).digest('base64');
    const headers = {
      'content-type': 'application/json',
      'box-delivery-id': randomUUID(),
      'box-delivery-timestamp': ts,
      'box-signature-version': '1',
      'box-signature-algorithm': 'HmacSHA256',
      'box-signature-primary': sign(keys.primaryKey),
      'box-signature-secondary': sign(keys.secondaryKey),
      'user-agent': 'Box-WH-Client/0.1',
    };
    // Box retries failed deliveries; so do we, a few times, quickly.
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const res = await fetch(hook.address, { method: 'POST', body, headers });
        if (res.ok) return;
      } catch {
        /* the api may be restarting */
      }
      await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
    }
  }

  function decide(r: SignRequest, index: number, decision: 'signed' | 'declined'): string {
    const signer = r.signers[index]!;
    signer.signer_decision = { type: decision, finalized_at: now(), additional_info: null };
    if (decision === 'declined') {
      r.status = 'declined';
      r.finished_at = now();
      void deliver(r, 'SIGN_REQUEST.DECLINED');
      return signer.declined_redirect_url ?? signer.redirect_url ?? `${url}/done`;
    }
    const pending = r.signers.filter((s) => s.role === 'signer' && !s.signer_decision);
    if (pending.length === 0) {
      // Box copies the source into a signed file once every signer has signed.
      const source = state.files.find((f) => f.id === r.sourceFileId)!;
      const signed: StoredFile = {
        ...source,
        id: nextId(),
        name: source.name.replace(/\.pdf$/i, '') + ' (signed).pdf',
      };
      state.files.push(signed);
      putBytes(signed.id, getBytes(source.id) ?? Buffer.alloc(0));
      r.signedFileId = signed.id;
      // Box finalizes first (the signed PDF and the signing log are being written), then says signed.
      r.status = 'finalizing';
      r.finalAt = Date.now() + finalizingMs;
      save();
      setTimeout(() => advance(r), finalizingMs + 5).unref();
    } else {
      r.status = 'viewed';
      save();
    }
    return signer.redirect_url ?? `${url}/done`;
  }

  function signerPage(r: SignRequest, index: number, token: string): string {
    const s = r.signers[index]!;
    const waiting = r.signers.some((o) => o.role === 'signer' && o.order < s.order && !o.signer_decision);
    const closed = !['sent', 'viewed'].includes(r.status) || !!s.signer_decision;
    const action = `/sign/${r.id}/${index}?t=${token}`;
    const body = closed
      ? `<p class="note">This request is ${escapeHtml(s.signer_decision?.type ?? r.status)}.</p>`
      : waiting
        ? '<p class="note">Waiting for the previous signer.</p>'
        : `<form method="post" action="${action}">
             <button name="decision" value="signed" class="sign">Sign</button>
             <button name="decision" value="declined" class="decline">Decline</button>
           </form>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign ${escapeHtml(r.name ?? 'document')}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f6fa;color:#1d2939}header{background:#0061d5;color:#fff;padding:12px 16px;font-weight:600}
main{max-width:900px;margin:0 auto;padding:16px}iframe{width:100%;height:65vh;border:1px solid #d0d5dd;background:#fff}
form{display:flex;gap:12px;margin-top:16px}button{font:inherit;padding:12px 24px;border-radius:8px;border:0;cursor:pointer}
.sign{background:#0061d5;color:#fff}.decline{background:#fff;border:1px solid #b42318;color:#b42318}.note{padding:12px;background:#fff;border-radius:8px}</style></head>
<body><header>Box Sign (local stand-in)</header><main>
<p>Signing as <strong>${escapeHtml(s.email)}</strong> (signer ${s.order} of ${r.signers.filter((o) => o.role === 'signer').length})</p>
<iframe title="Document to sign" src="/sign/${r.id}/${index}/document?t=${token}"></iframe>
${body}</main></body></html>`;
  }

  function authorized(req: IncomingMessage): boolean {
    const h = req.headers.authorization ?? '';
    return h.startsWith('Bearer ') && tokens.has(h.slice(7));
  }

  async function route(req: IncomingMessage, u: URL): Promise<Reply> {
    const method = req.method ?? 'GET';
    const path = u.pathname;

    if (path === '/__admin/health') return { status: 200, body: { ok: true } };
    if (down && !path.startsWith('/sign/')) return boxError(503, 'unavailable', 'Service Unavailable');
    if (path === '/oauth2/token' && method === 'POST') {
      const form = new URLSearchParams((await readBody(req)).toString('utf8'));
      if (form.get('client_id') !== opts.clientId || form.get('client_secret') !== opts.clientSecret)
        return {
          status: 400,
          body: { error: 'invalid_client', error_description: 'The client credentials are invalid' },
        };
      const token = randomBytes(24).toString('hex');
      tokens.add(token);
      return { status: 200, body: { access_token: token, expires_in: 3600, token_type: 'bearer', restricted_to: [] } };
    }

    // The signer's page (authenticated by the token in its embed URL, as Box's embed links are).
    const page = path.match(/^\/sign\/([\w-]+)\/(\d+)(\/document)?$/);
    if (page) {
      const found = state.requests.find((x) => x.id === page[1]);
      const r = found && advance(found);
      const index = Number(page[2]);
      const s = r?.signers[index];
      const token = u.searchParams.get('t') ?? '';
      if (!r || !s || s.token !== token) return { status: 404, body: 'Not found', type: 'text/plain' };
      if (page[3]) return { status: 200, body: getBytes(r.sourceFileId), type: 'application/pdf' };
      if (method === 'GET') {
        if (!s.has_viewed_document) {
          s.has_viewed_document = true;
          if (r.status === 'sent') r.status = 'viewed';
          save();
        }
        return { status: 200, body: signerPage(r, index, token), type: 'text/html; charset=utf-8' };
      }
      const form = new URLSearchParams((await readBody(req)).toString('utf8'));
      const decision = form.get('decision');
      const waiting = r.signers.some((o) => o.role === 'signer' && o.order < s.order && !o.signer_decision);
      if (
        (decision !== 'signed' && decision !== 'declined') ||
        waiting ||
        s.signer_decision ||
        !['sent', 'viewed'].includes(r.status)
      )
        return { status: 200, body: signerPage(r, index, token), type: 'text/html; charset=utf-8' };
      return { status: 303, headers: { location: decide(r, index, decision) } };
    }

    if (!authorized(req)) return boxError(401, 'unauthorized', 'Unauthorized');
    if (throttled.count > 0) {
      throttled.count--;
      const reply = boxError(429, 'rate_limit_exceeded', 'Request rate limit exceeded, please try again later');
      // Box spells it Retry-After; HTTP header names are case-insensitive and node-fetch lower-cases them.
      return { ...reply, headers: { 'Retry-After': String(throttled.retryAfter) } };
    }

    if (path === '/2.0/webhooks' && method === 'POST') {
      const body = JSON.parse((await readBody(req)).toString('utf8')) as {
        target?: { id?: string; type?: string };
        address?: string;
        triggers?: string[];
      };
      const targetId = body.target?.id ?? '';
      if (targetId === '0' || body.target?.type !== 'folder')
        return boxError(400, 'bad_request', 'Webhooks cannot be created on the root folder');
      if (!state.folders.some((f) => f.id === targetId)) return boxError(404, 'not_found', 'Target not found');
      if (!body.address || !body.triggers?.length)
        return boxError(400, 'bad_request', 'address and triggers are required');
      if (state.webhooks!.some((w) => w.targetId === targetId))
        return boxError(409, 'conflict', 'Webhook already exists on the specified target.');
      const hook: Webhook = { id: nextId(), targetId, address: body.address, triggers: body.triggers };
      state.webhooks!.push(hook);
      save();
      return {
        status: 201,
        body: {
          type: 'webhook',
          id: hook.id,
          target: { id: targetId, type: 'folder' },
          address: hook.address,
          triggers: hook.triggers,
          created_at: now(),
        },
      };
    }

    if (path === '/2.0/folders' && method === 'POST') {
      const { name, parent } = JSON.parse((await readBody(req)).toString('utf8')) as {
        name: string;
        parent: { id: string };
      };
      const clash = state.folders.find((f) => f.parentId === parent.id && f.name === name);
      if (clash)
        return boxError(409, 'item_name_in_use', 'Item with the same name already exists', {
          conflicts: [{ type: 'folder', id: clash.id, sequence_id: '0', etag: '0', name }],
        });
      const folder = { id: nextId(), name, parentId: parent.id };
      state.folders.push(folder);
      save();
      return { status: 201, body: folderJson(folder) };
    }

    if (path === '/api/2.0/files/content' && method === 'POST') {
      const upload = await readUpload(req);
      if (upload.order[0] !== 'attributes')
        return boxError(400, 'metadata_after_file_contents', 'Metadata must come before the file');
      const attrs = JSON.parse(upload.attributes ?? '{}') as { name: string; parent: { id: string } };
      const clash = state.files.find((f) => f.parentId === attrs.parent.id && f.name === attrs.name);
      if (clash)
        return boxError(409, 'item_name_in_use', 'Item with the same name already exists', {
          conflicts: [fileJson(clash)],
        });
      const data = upload.file ?? Buffer.alloc(0);
      const file: StoredFile = {
        id: nextId(),
        name: attrs.name,
        parentId: attrs.parent.id,
        sha1: createHash('sha1').update(data).digest('hex'),
        size: data.length,
      };
      state.files.push(file);
      putBytes(file.id, data);
      save();
      return { status: 201, body: { total_count: 1, entries: [fileJson(file)] } };
    }

    const content = path.match(/^\/2\.0\/files\/(\d+)\/content$/);
    if (content && method === 'GET') {
      // A signed copy still being finalized is not ready: Box answers 202 with Retry-After.
      const finalizing = state.requests.find(
        (r) => r.signedFileId === content[1] && advance(r).status === 'finalizing',
      );
      if (finalizing) return { status: 202, headers: { 'Retry-After': '1' } };
      const data = getBytes(content[1]!);
      return data
        ? { status: 200, body: data, type: 'application/octet-stream' }
        : boxError(404, 'not_found', 'Not Found');
    }

    if (path === '/2.0/sign_requests' && method === 'POST') {
      const body = JSON.parse((await readBody(req)).toString('utf8')) as {
        source_files: { id: string }[];
        parent_folder: { id: string };
        signers: Omit<Signer, 'has_viewed_document' | 'signer_decision' | 'token'>[];
        external_id?: string;
        name?: string;
      };
      const source = state.files.find((f) => f.id === body.source_files?.[0]?.id);
      if (!source) return boxError(404, 'not_found', 'Source file not found');
      if (!body.parent_folder?.id || body.parent_folder.id === '0')
        return boxError(400, 'bad_request', 'parent_folder must not be the root folder');
      if (!body.signers?.length) return boxError(400, 'bad_request', 'signers is required');
      const r: SignRequest = {
        id: randomUUID(),
        // Box converts the document first; the request is sent (and its links valid) only after that.
        status: 'converting',
        readyAt: timing.processing(convertingMs),
        ...(failNext ? { failWith: failNext } : {}),
        created_at: now(),
        finished_at: null,
        external_id: body.external_id ?? null,
        name: body.name ?? source.name,
        sourceFileId: source.id,
        parentFolderId: body.parent_folder.id,
        signers: body.signers.map((s, i) => ({
          email: s.email,
          role: s.role ?? 'signer',
          order: s.order ?? i + 1,
          embed_url_external_user_id: s.embed_url_external_user_id,
          redirect_url: s.redirect_url,
          declined_redirect_url: s.declined_redirect_url,
          has_viewed_document: false,
          signer_decision: null,
          token: randomBytes(16).toString('hex'),
        })),
        events: [],
      };
      failNext = undefined;
      state.requests.push(r);
      save();
      return { status: 201, body: requestJson(r) };
    }

    if (path === '/2.0/sign_requests' && method === 'GET') {
      // Marker-paginated as Box lists are: the marker is an opaque position, the default page is 10.
      const limit = Math.min(Number(u.searchParams.get('limit') ?? 10) || 10, opts.maxPageSize ?? 1000);
      const marker = u.searchParams.get('marker');
      const start = marker ? Number(Buffer.from(marker, 'base64url').toString('utf8')) || 0 : 0;
      const page = state.requests.slice(start, start + limit).map((r) => requestJson(advance(r)));
      const next =
        start + limit < state.requests.length ? Buffer.from(String(start + limit)).toString('base64url') : null;
      return { status: 200, body: { limit, next_marker: next, prev_marker: null, entries: page } };
    }

    const one = path.match(/^\/2\.0\/sign_requests\/([\w-]+)(\/cancel)?$/);
    if (one) {
      const found = state.requests.find((x) => x.id === one[1]);
      if (!found) return boxError(404, 'not_found', 'Not Found');
      const r = advance(found);
      if (one[2] && method === 'POST') {
        r.status = 'cancelled';
        save();
      }
      return { status: 200, body: requestJson(r) };
    }

    return boxError(404, 'not_found', `No route for ${method} ${path}`);
  }

  const server = createServer((req, res: ServerResponse) => {
    if (timing.handle(req, res)) return;
    const u = new URL(req.url ?? '/', 'http://localhost');
    route(req, u)
      .then((reply) => {
        const isBuffer = Buffer.isBuffer(reply.body);
        const type = reply.type ?? 'application/json';
        res.writeHead(reply.status, { 'content-type': type, ...reply.headers });
        if (reply.body === undefined) return res.end();
        res.end(isBuffer || typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
      })
      .catch((e: Error) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'error', status: 500, code: 'internal_server_error', message: e.message }));
      });
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host ?? '127.0.0.1', resolve));
  url = `http://${opts.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests: () => state.requests,
    fileBytes: getBytes,
    folders: () => state.folders,
    files: () => state.files,
    webhooks: () => state.webhooks ?? [],
    throttle: (count, retryAfter) => void (throttled = { count, retryAfter }),
    failNextRequest: (status) => void (failNext = status),
    setDown: (d) => (down = d),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
