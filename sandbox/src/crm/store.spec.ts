// The CRM stand-in's records. Changes go to a journal beside the data file (one line per record
// changed), not a rewrite of the whole file per batch, which cost more per journey as a run's records piled
// up; a stand-in killed outright comes back with what it had journaled, and ids are found by an index.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { until } from '../../../tests/support/until';
import { Store } from './store';

let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'crm-store-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));
/** The journal's lines once the store's next append has written them (appends come at most once per delay). */
const journaled = (file: string, count: number) =>
  until(
    () => (existsSync(`${file}.journal`) ? readFileSync(`${file}.journal`, 'utf8').trim().split('\n') : []),
    (lines) => lines.length >= count,
    { ms: 5_000, what: `${count} lines in the journal` },
  );

it('journals each change instead of rewriting the file, and a restart without a close keeps them', async () => {
  const file = join(dir, 'crm.json');
  const first = new Store(file);
  const kept = first.insert('Lead', { LastName: 'Kept', Company: 'A' });
  const gone = first.insert('Lead', { LastName: 'Gone', Company: 'B' });
  first.update('Lead', kept.Id, { City: 'Halifax' });
  first.remove('Lead', gone.Id);
  // Nothing rewritten whole while the stand-in runs: the changed records, one line each.
  expect(await journaled(file, 2)).toHaveLength(2);
  expect(existsSync(file)).toBe(false);
  first.update('Lead', kept.Id, { Phone: '902-555-0100' });
  expect(await journaled(file, 3)).toHaveLength(3);

  // Killed outright (no close): the next start replays the journal into the file.
  const second = new Store(file);
  expect(second.all('Lead').map((r) => r.LastName)).toEqual(['Kept']);
  expect(second.get('Lead', kept.Id)).toMatchObject({ City: 'Halifax', Phone: '902-555-0100' });
  expect(second.get('Lead', gone.Id)).toBeUndefined();
  expect(existsSync(`${file}.journal`)).toBe(false);
  // Found by the 15-character form of the id too, as Salesforce does.
  expect(second.get('Lead', kept.Id.slice(0, 15))?.Id).toBe(kept.Id);

  // A close writes the whole file and leaves no journal.
  second.insert('Account', { Name: 'Closed Inc' });
  second.flush();
  expect(existsSync(`${file}.journal`)).toBe(false);
  const third = new Store(file);
  expect(third.all('Account').map((r) => r.Name)).toEqual(['Closed Inc']);
  third.reset();
  expect(await journaled(file, 1)).toEqual([JSON.stringify({ reset: true })]);
  expect(new Store(file).all('Lead')).toEqual([]);
});
