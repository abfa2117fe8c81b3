// Box Sign's sign requests as the stand-in serves them: create (converting first, its links valid once
// sent), list (marker-paginated), get one, cancel.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Signatures } from './signatures';
import type { EsignStore } from './store';
import { boxError, now, readBody, type Reply, type SignRequest, type Signer } from './types';

/** Box's language codes, a modified ISO 639-1 (https://developer.box.com/guides/api-calls/language-codes). */
const BOX_LANGUAGE_CODES = new Set(
  'bn da de en gb e2 e3 s2 es fi fr f2 hi it ja ko nb nl pl pt ru sv tr zh zt'.split(' '),
);

/** The statuses in which a sign request is with its signers, and so can be cancelled. */
const CANCELLABLE = ['sent', 'viewed', 'downloaded'];

/** The route's reply, or undefined when the request is not one of these. */
export async function signRequestsRoute(
  store: EsignStore,
  sig: Signatures,
  req: IncomingMessage,
  u: URL,
): Promise<Reply | undefined> {
  const { state, save } = store;
  const method = req.method ?? 'GET';
  const path = u.pathname;

  if (path === '/2.0/sign_requests' && method === 'POST') return createSignRequest(store, req);

  if (path === '/2.0/sign_requests' && method === 'GET') {
    // Marker-paginated as Box lists are: the marker is an opaque position, the default page is 10.
    const limit = Math.min(Number(u.searchParams.get('limit') ?? 10) || 10, store.opts.maxPageSize ?? 1000);
    const marker = u.searchParams.get('marker');
    const start = marker ? Number(Buffer.from(marker, 'base64url').toString('utf8')) || 0 : 0;
    const page = state.requests.slice(start, start + limit).map((r) => store.requestJson(sig.advance(r)));
    const next =
      start + limit < state.requests.length ? Buffer.from(String(start + limit)).toString('base64url') : null;
    return { status: 200, body: { limit, next_marker: next, prev_marker: null, entries: page } };
  }

  const one = path.match(/^\/2\.0\/sign_requests\/([\w-]+)(\/cancel)?$/);
  if (one) {
    const found = state.requests.find((x) => x.id === one[1]);
    if (!found) return boxError(404, 'not_found', 'Not Found');
    const r = sig.advance(found);
    if (one[2] && method === 'POST') {
      // Box cancels only a request that is out with its signers: one still converting (not sent yet) or
      // already finished (finalizing, signed, declined, expired, cancelled, failed) answers 400.
      if (!CANCELLABLE.includes(r.status))
        return boxError(400, 'bad_request', `Sign request cannot be cancelled in status '${r.status}'`);
      r.status = 'cancelled';
      save('requests', r);
    }
    return { status: 200, body: store.requestJson(r) };
  }
  return undefined;
}

/** A new sign request, converting first as Box's are; refused as Box refuses a missing source or signers. */
async function createSignRequest(store: EsignStore, req: IncomingMessage): Promise<Reply> {
  const { state, save } = store;
  const body = JSON.parse((await readBody(req)).toString('utf8')) as {
    source_files: { id: string }[];
    parent_folder: { id: string };
    signers: Omit<Signer, 'has_viewed_document' | 'signer_decision' | 'token'>[];
    external_id?: string;
    name?: string;
  };
  const source = state.files.find((f) => f.id === body.source_files?.[0]?.id && !f.trashedAt);
  if (!source) return boxError(404, 'not_found', 'Source file not found');
  if (!body.parent_folder?.id || body.parent_folder.id === '0')
    return boxError(400, 'bad_request', 'parent_folder must not be the root folder');
  if (!body.signers?.length) return boxError(400, 'bad_request', 'signers is required');
  if (body.signers.some((s) => s.language !== undefined && !BOX_LANGUAGE_CODES.has(s.language)))
    return boxError(400, 'bad_request', 'signers.language must be one of Box language codes');
  const r: SignRequest = {
    id: randomUUID(),
    // Box converts the document first; the request is sent (and its links valid) only after that.
    status: 'converting',
    readyAt: store.timing.processing(store.convertingMs),
    ...(store.failNext ? { failWith: store.failNext } : {}),
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
      ...(s.language ? { language: s.language } : {}),
      has_viewed_document: false,
      signer_decision: null,
      token: randomBytes(16).toString('hex'),
    })),
    events: [],
  };
  store.failNext = undefined;
  state.requests.push(r);
  save('requests', r);
  return { status: 201, body: store.requestJson(r) };
}
