import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A stand-in's state kept in one JSON file, written at most once per `delayMs` however many changes come
 * (issue 26's journey bench: a whole-file write on every change cost the stand-ins more per journey as the
 * run's leads and sign requests piled up), and at once by `flush` (the stand-in's close, the process's end).
 * The whole file is written each time, so the wait after a write also grows with what it cost: at least
 * `WRITE_SHARE` times its duration, so writing never takes more than about 2% of the stand-in's time however
 * big its state grows (a bench's thousand journeys made the file megabytes). A stand-in killed outright
 * loses at most the changes of that wait (250 ms while the state is small).
 */
const WRITE_SHARE = 50;

export function stateFile(file: string | undefined, snapshot: () => unknown, delayMs = 250) {
  let due: NodeJS.Timeout | undefined;
  let wait = delayMs;
  const flush = () => {
    if (!due || !file) return;
    clearTimeout(due);
    due = undefined;
    const started = performance.now();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(snapshot()));
    wait = Math.max(delayMs, (performance.now() - started) * WRITE_SHARE);
  };
  if (file) process.once('exit', flush);
  return {
    /** A change was made: it reaches the file within `delayMs` (longer once the state is large). */
    save() {
      if (!file || due) return;
      due = setTimeout(flush, wait);
      due.unref();
    },
    flush,
  };
}
