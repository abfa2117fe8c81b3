// The e-sign stand-in's state: its records (kept in <dataDir>/esign.json when given), the files' bytes
// (in <dataDir>/esign-files), the knobs the tests turn, and the JSON Box answers for each record.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { journaledFile } from '../state-file';
import { servedSpans } from '../timing';
import { fileJson, folderJson, requestJson } from './box-json';
import type { EsignStandinOptions, SignRequest, State } from './types';

export type EsignStore = ReturnType<typeof openStore>;
type ListName = 'folders' | 'files' | 'requests' | 'webhooks';

export function openStore(opts: EsignStandinOptions) {
  const stateFile = opts.dataDir ? join(opts.dataDir, 'esign.json') : undefined;
  const filesDir = opts.dataDir ? join(opts.dataDir, 'esign-files') : undefined;
  if (filesDir) mkdirSync(filesDir, { recursive: true });
  const { state, stored } = loadState(stateFile, opts);
  const bytes = new Map<string, Buffer>();

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
    /** An item purged for good (its bytes too): the journal records its removal. */
    remove: (list: ListName, id: string) => {
      const items = state[list] as { id: string }[];
      const i = items.findIndex((x) => x.id === id);
      if (i >= 0) items.splice(i, 1);
      if (list === 'files') {
        bytes.delete(id);
        if (filesDir) rmSync(join(filesDir, id), { force: true });
      }
      stored.changed(`${list}:${id}`, () => ({ list, item: { id }, seq: state.seq, removed: true }));
    },
    /** Writes what changed now (the stand-in closes). */
    flush: () => stored.flush(),
    nextId: () => String(++state.seq),
    // With a data directory the bytes live on disk only: a run's every document held in memory as well
    // made the stand-in's collector cost more per request as the run went on (10 → 13 ms of e-sign
    // CPU per application over 450 journeys).
    putBytes: (id: string, b: Buffer) => {
      if (filesDir) writeFileSync(join(filesDir, id), b);
      else bytes.set(id, b);
    },
    getBytes: (id: string) =>
      bytes.get(id) ?? (filesDir && existsSync(join(filesDir, id)) ? readFileSync(join(filesDir, id)) : undefined),
    folderJson,
    fileJson,
    requestJson: (r: SignRequest) => requestJson(r, store.url),
  };
  return store;
}

/**
 * The records as the file and its journal left them (the journal replayed, then compacted into the file),
 * with the folders the options seed.
 */
function loadState(stateFile: string | undefined, opts: EsignStandinOptions) {
  const state: State =
    stateFile && existsSync(stateFile)
      ? (JSON.parse(readFileSync(stateFile, 'utf8')) as State)
      : { seq: 1000, folders: [], files: [], requests: [] };
  state.webhooks ??= [];
  // Each change is the item as it now is, in its list, with the id counter: a journal, not a rewrite of
  // the whole file per batch of changes, which cost more per journey as a run's records piled up.
  type Change = { list: ListName; item: { id: string }; seq: number; removed?: true };
  const stored = journaledFile<Change>(stateFile, () => state);
  const replayed = stored.written();
  for (const { list, item, seq, removed } of replayed) {
    const items = state[list] as { id: string }[];
    const i = items.findIndex((x) => x.id === item.id);
    if (removed) {
      if (i >= 0) items.splice(i, 1);
    } else if (i < 0) items.push(item);
    else items[i] = item;
    state.seq = Math.max(state.seq, seq);
  }
  if (replayed.length) stored.compact();
  for (const f of opts.seedFolders ?? [])
    if (!state.folders.some((x) => x.id === f.id)) state.folders.push({ id: f.id, name: f.name, parentId: '0' });

  return { state, stored };
}
