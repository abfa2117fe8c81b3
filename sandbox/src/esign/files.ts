// Box's content API as the stand-in serves it: folders, uploads (multipart, the
// attributes part first) and downloads (a redirect to a download URL; a signed copy still finalizing
// answers 202).
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import type { Signatures } from './signatures';
import type { EsignStore } from './store';
import { boxError, readBody, type Reply, type StoredFile } from './types';

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

/** The route's reply, or undefined when the request is not one of these. */
export async function filesRoute(
  store: EsignStore,
  sig: Signatures,
  req: IncomingMessage,
  path: string,
): Promise<Reply | undefined> {
  const { state } = store;
  const method = req.method ?? 'GET';
  if (path === '/2.0/folders' && method === 'POST') return createFolder(store, req);
  if (path === '/api/2.0/files/content' && method === 'POST') return uploadFile(store, req);

  const content = path.match(/^\/2\.0\/files\/(\d+)\/content$/);
  if (content && method === 'GET') {
    // A signed copy still being finalized is not ready: Box answers 202 with Retry-After.
    const finalizing = state.requests.find(
      (r) => r.signedFileId === content[1] && sig.advance(r).status === 'finalizing',
    );
    if (finalizing) return { status: 202, headers: { 'Retry-After': '1' } };
    const live = state.files.some((f) => f.id === content[1] && !f.trashedAt);
    if (!live || !store.getBytes(content[1]!)) return boxError(404, 'not_found', 'Not Found');
    // Box answers with a redirect to a download URL (dl.boxcloud.com) that carries its own authorization;
    // the SDK follows it, without the bearer token when the origin differs.
    const token = randomBytes(18).toString('hex');
    const links = downloadsOf(store);
    for (const [t, l] of links) if (l.until < Date.now()) links.delete(t);
    links.set(token, { fileId: content[1]!, until: Date.now() + DOWNLOAD_URL_MS });
    return { status: 302, headers: { Location: `${store.url}/d/1/${token}/download` } };
  }
  return undefined;
}

/** How long a download URL lasts (Box: about 15 minutes). */
const DOWNLOAD_URL_MS = 15 * 60_000;
/** Each stand-in's live download URLs, by their token. */
const downloads = new WeakMap<EsignStore, Map<string, { fileId: string; until: number }>>();
function downloadsOf(store: EsignStore) {
  let links = downloads.get(store);
  if (!links) downloads.set(store, (links = new Map()));
  return links;
}

/** A download URL's bytes, as dl.boxcloud.com serves them: no bearer token, the URL is the authorization. */
export function downloadRoute(store: EsignStore, req: IncomingMessage, path: string): Reply | undefined {
  const m = path.match(/^\/d\/1\/([0-9a-f]+)\/download$/);
  if (!m || (req.method ?? 'GET') !== 'GET') return undefined;
  const link = downloadsOf(store).get(m[1]!);
  if (!link || link.until < Date.now()) {
    downloadsOf(store).delete(m[1]!);
    return { status: 404, body: 'Not Found', type: 'text/plain' };
  }
  const data = store.getBytes(link.fileId);
  return data
    ? { status: 200, body: data, type: 'application/octet-stream' }
    : { status: 404, body: 'Not Found', type: 'text/plain' };
}

async function createFolder(store: EsignStore, req: IncomingMessage): Promise<Reply> {
  const { state, save, nextId } = store;
  const { name, parent } = JSON.parse((await readBody(req)).toString('utf8')) as {
    name: string;
    parent: { id: string };
  };
  const clash = state.folders.find((f) => f.parentId === parent.id && f.name === name && !f.trashedAt);
  if (clash)
    return boxError(409, 'item_name_in_use', 'Item with the same name already exists', {
      conflicts: [{ type: 'folder', id: clash.id, sequence_id: '0', etag: '0', name }],
    });
  const folder = { id: nextId(), name, parentId: parent.id };
  state.folders.push(folder);
  save('folders', folder);
  return { status: 201, body: store.folderJson(folder) };
}

async function uploadFile(store: EsignStore, req: IncomingMessage): Promise<Reply> {
  const { state, save, nextId } = store;
  const upload = await readUpload(req);
  if (upload.order[0] !== 'attributes')
    return boxError(400, 'metadata_after_file_contents', 'Metadata must come before the file');
  const attrs = JSON.parse(upload.attributes ?? '{}') as { name: string; parent: { id: string } };
  const clash = state.files.find((f) => f.parentId === attrs.parent.id && f.name === attrs.name && !f.trashedAt);
  if (clash)
    return boxError(409, 'item_name_in_use', 'Item with the same name already exists', {
      conflicts: [store.fileJson(clash)],
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
  store.putBytes(file.id, data);
  save('files', file);
  return { status: 201, body: { total_count: 1, entries: [store.fileJson(file)] } };
}
