import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A stand-in's state kept in one JSON file and a journal beside it (`<file>.journal`, one JSON line per
 * change). In the journey bench, rewriting the whole file for each batch of changes cost the stand-ins
 * more per journey as a run's records piled up. A change is queued under its item's key (a later change
 * of the same item replaces it) and appended at most once per `delayMs`; the whole file is written by
 * `flush` (the stand-in's close, the process's end) and by `compact` (at start, after the journal was read
 * back). A stand-in killed outright loses at most the last `delayMs` of changes.
 */
export function journaledFile<Change>(file: string | undefined, snapshot: () => unknown, delayMs = 250) {
  const journal = file && `${file}.journal`;
  const pending = new Map<string, () => Change>();
  let due: NodeJS.Timeout | undefined;
  const append = () => {
    clearTimeout(due);
    due = undefined;
    if (!journal || !pending.size) return;
    const lines = [...pending.values()].map((change) => `${JSON.stringify(change())}\n`);
    pending.clear();
    mkdirSync(dirname(journal), { recursive: true });
    appendFileSync(journal, lines.join(''));
  };
  const writeWhole = () => {
    if (!file || !journal) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(snapshot()));
    rmSync(journal, { force: true });
  };
  const flush = () => {
    const changed = due !== undefined || pending.size > 0 || (journal !== undefined && existsSync(journal));
    clearTimeout(due);
    due = undefined;
    pending.clear();
    if (changed) writeWhole();
  };
  if (file) process.once('exit', flush);
  return {
    /** The changes a stand-in that stopped without a close had journaled, in order (a cut line ends them). */
    written(): Change[] {
      if (!journal || !existsSync(journal)) return [];
      const out: Change[] = [];
      for (const line of readFileSync(journal, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        try {
          out.push(JSON.parse(line) as Change);
        } catch {
          break;
        }
      }
      return out;
    },
    /** An item changed: its state as `change` gives it at the next append reaches the journal. */
    changed(key: string, change: () => Change) {
      if (!file) return;
      pending.set(key, change);
      if (due) return;
      due = setTimeout(append, delayMs);
      due.unref();
    },
    /** The whole file now, the journal folded in (at start, after reading it back). */
    compact: writeWhole,
    flush,
  };
}
