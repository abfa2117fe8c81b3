// The e-sign stand-in's state: its records (kept in <dataDir>/esign.json when given), the files' bytes
// (in <dataDir>/esign-files), the knobs the tests turn, and the JSON Box answers for each record.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { journaledFile } from '../state-file';
import { servedSpans } from '../timing';
import type { EsignStandinOptions, Folder, SignRequest, State, StoredFile } from './types';

export type EsignStore = ReturnType<typeof openStore>;
type ListName = 'folders' | 'files' | 'requests' | 'webhooks';

export function openStore(opts: EsignStandinOptions) {
  const stateFile = opts.dataDir ? join(opts.dataDir, 'esign.json') : undefined;
  const filesDir = opts.dataDir ? join(opts.dataDir, 'esign-files') : undefined;
  if (filesDir) mkdirSync(filesDir, { recursive: true });
  const state: State =
    stateFile && existsSync(stateFile)
      ? (JSON.parse(readFileSync(stateFile, 'utf8')) as State)
      : { seq: 1000, folders: [], files: [], requests: [] };
  const bytes = new Map<string, Buffer>();
  state.webhooks ??= [];
  // Each change is the item as it now is, in its list, with the id counter (issue 26: a journal, not a
  // rewrite of the whole file per batch of changes).
  type Change = { list: ListName; item: { id: string }; seq: number };
  const stored = journaledFile<Change>(stateFile, () => state);
  const replayed = stored.written();
  for (const { list, item, seq } of replayed) {
    const items = state[list] as { id: string }[];
    const i = items.findIndex((x) => x.id === item.id);
    if (i < 0) items.push(item);
    else items[i] = item;
    state.seq = Math.max(state.seq, seq);
  }
  if (replayed.length) stored.compact();
  for (const f of opts.seedFolders ?? [])
    if (!state.folders.some((x) => x.id === f.id)) state.folders.push({ id: f.id, name: f.name, parentId: '0' });

  const store = {
    opts,
    state,
    /** Access tokens handed out by /oauth2/token. */
    tokens: new Set<string>(),
    timing: servedSpans(),
    convertingMs: opts.timing?.convertingMs ?? 300,
    finalizingMs: opts.timing?.finalizingMs ?? 300,
    /** The knobs the tests turn (EsignStandin's throttle, failNextRequest and setDown). */
    throttled: { count: 0, retryAfter: 1 },
    failNext: undefined as string | undefined,
    down: false,
    /** The stand-in's own URL, known once it listens. */
    url: '',
    /** An item of a list was added or changed: it reaches the file within a moment. */
    save: <L extends ListName>(list: L, item: NonNullable<State[L]>[number]) =>
      stored.changed(`${list}:${item.id}`, () => ({ list, item, seq: state.seq })),
    /** Writes what changed now (the stand-in closes). */
    flush: () => stored.flush(),
    nextId: () => String(++state.seq),
    // With a data directory the bytes live on disk only: a run's every document held in memory as well
    // made the stand-in's collector cost more per request as the run went on (issue 26, 10 → 13 ms of
    // e-sign CPU per application over 450 journeys).
    putBytes: (id: string, b: Buffer) => {
      if (filesDir) writeFileSync(join(filesDir, id), b);
      else bytes.set(id, b);
    },
    getBytes: (id: string) =>
      bytes.get(id) ?? (filesDir && existsSync(join(filesDir, id)) ? readFileSync(join(filesDir, id)) : undefined),
    folderJson: (f: Folder) => ({
      type: 'folder',
      id: f.id,
      etag: '0',
      sequence_id: '0',
      name: f.name,
      parent: { type: 'folder', id: f.parentId },
    }),
    fileJson: (f: StoredFile) => ({
      type: 'file',
      id: f.id,
      etag: '0',
      sequence_id: '0',
      name: f.name,
      sha1: f.sha1,
      size: f.size,
      file_version: { type: 'file_version', id: `${f.id}1`, sha1: f.sha1 },
      parent: { type: 'folder', id: f.parentId },
    }),
    requestJson: (r: SignRequest) => ({
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
        embed_url:
          s.embed_url_external_user_id && sentOrLater(r) ? `${store.url}/sign/${r.id}/${i}?t=${s.token}` : null,
        iframeable_embed_url:
          s.embed_url_external_user_id && sentOrLater(r) ? `${store.url}/sign/${r.id}/${i}?t=${s.token}&embed=1` : null,
      })),
      ...(r.signedFileId
        ? {
            sign_files: {
              files: [{ type: 'file', id: r.signedFileId, etag: '0', sequence_id: '0', name: r.name }],
              is_ready_for_download: r.status === 'signed',
            },
          }
        : {}),
    }),
  };
  return store;
}

const sentOrLater = (r: SignRequest) => !['converting', 'created'].includes(r.status) && !r.status.startsWith('error');
