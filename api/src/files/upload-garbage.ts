import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * An upload passes through the api as socket buffers (64 KB each, outside V8's heap), garbage as soon as
 * they are written to the spool and to S3. V8 collects such memory only once 64 MB of it has piled up
 * since its last collection, and then with a full mark-compact of the api's whole heap: each 35 MB upload
 * left up to about 45 MiB of dead buffers in the api's RSS (measured in the bench on a bare relay of the
 * same code: +43 MiB). A scavenge (the young generation only, where those buffers' handles still are; a
 * millisecond or two) every 8 MB of upload bytes, counted over all uploads at once, frees them as they go
 * (+10 MiB on the same relay).
 */
const EVERY_BYTES = 8 * 1024 * 1024;

let scavenge: (() => void) | null | undefined;
let since = 0;

/** Counts upload bytes that have gone by; every 8 MB, a scavenge. */
export function uploadBytesPassed(bytes: number): void {
  since += bytes;
  if (since < EVERY_BYTES) return;
  since = 0;
  if (scavenge === undefined) scavenge = youngGenerationCollector();
  scavenge?.();
}

/**
 * V8's gc() is given only to contexts made while --expose-gc is set: one small context is made with it, and
 * the flag is set back at once (no other context, worker threads' included, gets a gc()). Null where
 * the runtime refuses: the uploads then go on without it.
 */
function youngGenerationCollector(): (() => void) | null {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    setFlagsFromString('--no-expose-gc');
    return typeof gc === 'function' ? () => (gc as (o: { type: 'minor' }) => void)({ type: 'minor' }) : null;
  } catch {
    return null;
  }
}
