// The e-sign stand-in's records go to a journal beside its file (the item changed, one line
// each), not a rewrite of the whole file per batch of changes; a stand-in killed outright comes back with
// what it had journaled, its id counter included.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { until } from '../../../tests/support/until';
import { openStore } from './store';

let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'esign-store-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));
/** The journal's lines once the store's next append has written them (appends come at most once per delay). */
const journaled = (count: number) =>
  until(
    () => {
      const journal = join(dir, 'esign.json.journal');
      return existsSync(journal) ? readFileSync(journal, 'utf8').trim().split('\n') : [];
    },
    (lines) => lines.length >= count,
    { ms: 5_000, what: `${count} lines in the journal` },
  );
const options = () => ({ port: 0, clientId: 'c', clientSecret: 's', dataDir: dir });

it('journals each changed item instead of rewriting the file, and a restart without a close keeps them', async () => {
  const first = openStore(options());
  const folder = { id: first.nextId(), name: 'Application 1', parentId: '100' };
  first.state.folders.push(folder);
  first.save('folders', folder);
  const hook = {
    id: first.nextId(),
    targetId: folder.id,
    address: 'http://x/hook',
    triggers: ['SIGN_REQUEST.COMPLETED'],
  };
  first.state.webhooks!.push(hook);
  first.save('webhooks', hook);
  folder.name = 'Application 1 (renamed)';
  first.save('folders', folder);
  expect(await journaled(2)).toHaveLength(2);
  expect(existsSync(join(dir, 'esign.json'))).toBe(false);

  // Killed outright (no close): the next start reads the journal back and folds it into the file.
  const second = openStore(options());
  expect(second.state.folders).toEqual([folder]);
  expect(second.state.webhooks).toEqual([hook]);
  expect(Number(second.nextId())).toBeGreaterThan(Number(hook.id));
  expect(existsSync(join(dir, 'esign.json.journal'))).toBe(false);
  expect(existsSync(join(dir, 'esign.json'))).toBe(true);
});

it('journals a purged item as removed, so a restart without a close does not bring it back', async () => {
  const first = openStore(options());
  const kept = { id: first.nextId(), name: 'kept', parentId: '100' };
  const purged = { id: first.nextId(), name: 'purged', parentId: '100' };
  first.state.folders.push(kept, purged);
  first.save('folders', kept);
  first.save('folders', purged);
  expect(await journaled(2)).toHaveLength(2);
  first.remove('folders', purged.id);
  expect(await journaled(3)).toHaveLength(3);

  const second = openStore(options());
  expect(second.state.folders).toEqual([kept]);
});
