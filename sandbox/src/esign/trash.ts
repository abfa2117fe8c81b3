// Deleting at Box as the stand-in serves it: DELETE /files/:id and /folders/:id (?recursive=true for one
// that is not empty) move the item to the trash, Box's default (an enterprise may delete for good instead);
// DELETE /files/:id/trash and /folders/:id/trash purge a trashed item for good. An id Box does not know,
// or one already in the trash, answers 404 to a delete; an item not in the trash answers 404 to a purge.
import type { IncomingMessage } from 'node:http';
import type { EsignStore } from './store';
import { boxError, now, type Reply } from './types';

const notFound = () => boxError(404, 'not_found', 'Not Found');
const noContent: Reply = { status: 204 };

/** The route's reply, or undefined when the request is not one of these. */
export function trashRoute(store: EsignStore, req: IncomingMessage, u: URL): Reply | undefined {
  if ((req.method ?? 'GET') !== 'DELETE') return undefined;
  const m = u.pathname.match(/^\/2\.0\/(files|folders)\/(\d+)(\/trash)?$/);
  if (!m) return undefined;
  const [, kind, id, purge] = m as unknown as [string, 'files' | 'folders', string, string | undefined];
  if (kind === 'files') return purge ? purgeFile(store, id) : deleteFile(store, id);
  return purge ? purgeFolder(store, id) : deleteFolder(store, id, u.searchParams.get('recursive') === 'true');
}

function deleteFile(store: EsignStore, id: string): Reply {
  const file = store.state.files.find((f) => f.id === id && !f.trashedAt);
  if (!file) return notFound();
  file.trashedAt = now();
  store.save('files', file);
  return noContent;
}

function purgeFile(store: EsignStore, id: string): Reply {
  if (!store.state.files.some((f) => f.id === id && f.trashedAt)) return notFound();
  store.remove('files', id);
  return noContent;
}

/** The folder's descendants, folders and files, at any depth. */
function descendants(store: EsignStore, folderId: string) {
  const folders = [folderId];
  for (let i = 0; i < folders.length; i++)
    for (const f of store.state.folders) if (f.parentId === folders[i]) folders.push(f.id);
  const inside = new Set(folders);
  return {
    folders: store.state.folders.filter((f) => f.id !== folderId && inside.has(f.id)),
    files: store.state.files.filter((f) => inside.has(f.parentId)),
  };
}

function deleteFolder(store: EsignStore, id: string, recursive: boolean): Reply {
  // The root folder is not an item that can be deleted.
  if (id === '0')
    return boxError(403, 'access_denied_insufficient_permissions', 'Access denied - insufficient permission');
  const folder = store.state.folders.find((f) => f.id === id && !f.trashedAt);
  if (!folder) return notFound();
  const within = descendants(store, id);
  const live = [...within.folders, ...within.files].filter((x) => !x.trashedAt);
  if (live.length && !recursive) return boxError(400, 'folder_not_empty', 'Cannot delete – folder not empty');
  const at = now();
  folder.trashedAt = at;
  store.save('folders', folder);
  for (const f of within.folders.filter((x) => !x.trashedAt))
    store.save('folders', Object.assign(f, { trashedAt: at }));
  for (const f of within.files.filter((x) => !x.trashedAt)) store.save('files', Object.assign(f, { trashedAt: at }));
  return noContent;
}

function purgeFolder(store: EsignStore, id: string): Reply {
  if (!store.state.folders.some((f) => f.id === id && f.trashedAt)) return notFound();
  const within = descendants(store, id);
  for (const f of within.files) store.remove('files', f.id);
  for (const f of within.folders) store.remove('folders', f.id);
  store.remove('folders', id);
  return noContent;
}
