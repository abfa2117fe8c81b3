import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A stand-in's state kept in one JSON file, written at most once per `delayMs` however many changes come
 * (issue 26's journey bench: a whole-file write on every change cost the stand-ins more per journey as the
 * run's leads and sign requests piled up), and at once by `flush` (the stand-in's close, the process's end).
 * A stand-in killed outright loses at most the last `delayMs` of changes.
 */
export function stateFile(file: string | undefined, snapshot: () => unknown, delayMs = 250) {
  let due: NodeJS.Timeout | undefined;
  const flush = () => {
    if (!due || !file) return;
    clearTimeout(due);
    due = undefined;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(snapshot()));
  };
  if (file) process.once('exit', flush);
  return {
    /** A change was made: it reaches the file within `delayMs`. */
    save() {
      if (!file || due) return;
      due = setTimeout(flush, delayMs);
      due.unref();
    },
    flush,
  };
}
