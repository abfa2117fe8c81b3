import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { LIMITS, runningInspections } from './inspection-queue';

// Built: dist/files/*.mjs. Under the tests (sources): Node 24 runs the .mts itself, its types stripped.
const WORKER = ['pdf-inspection.worker.mjs', 'pdf-inspection.worker.mts']
  .map((f) => join(__dirname, f))
  .find((f) => existsSync(f))!;

/**
 * A thread goes back to the idle pool after a file it accepted, while its heap stays small: loading pdf-lib
 * and pdf.js again for every upload cost about half a second of CPU each, which 200 journeys at a time on
 * two cores queued behind. A refusal once a parser has read the file (one refused by its bytes alone, which no
 * parser read, leaves nothing behind), a timeout, a heap grown past retireHeapMb (pdf-lib keeps every name it
 * has met), maxFiles files, or more than largestFileMb of a file still held (a statement's copy that pdf.js
 * read would stay in the idle thread until a collection; a file the inspection alone read is given back
 * at once) end it, so what a hostile file leaves behind never meets the next one.
 * maxFiles is a backstop behind the heap check: at 50, a profile of the bench's journeys found a thread started
 * again every 50 uploads (about 17 journeys), each start about 0.6 s of CPU on a busy machine.
 */
export const REUSE = { retireHeapMb: 64, maxFiles: 250, largestFileMb: 8 };
/**
 * Each thread's heap. A young generation of 8 MB: with 32 each idle thread's grew from about 1 to 32 MB with its
 * first files and kept it, some 90 MB of the api's RSS for the three threads. The api's own V8 flags would override
 * it (stack/local-services.ts, API_HEAP_FLAGS, has no semi-space size for that reason).
 */
export const THREAD_LIMITS = { maxOldGenerationSizeMb: LIMITS.heapMb, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 };
const idle: Worker[] = [];
const filesDone = new WeakMap<Worker, number>();
/** Each thread's modules loaded (its first message says so), and the threads that have. */
const loading = new WeakMap<Worker, Promise<void>>();
const ready = new WeakSet<Worker>();

/** Whether the thread has loaded its modules; if not, `then` runs once it has. */
export function whenReady(thread: Worker, then: () => void): boolean {
  if (ready.has(thread)) return true;
  void loading.get(thread)?.then(then);
  return false;
}

const startThread = () => {
  const thread = new Worker(WORKER, { resourceLimits: THREAD_LIMITS });
  loading.set(
    thread,
    new Promise((loaded) => {
      const onReady = (m: { ready?: boolean }) => {
        if (m?.ready !== true) return;
        ready.add(thread);
        thread.off('message', onReady);
        loaded();
      };
      thread.on('message', onReady);
    }),
  );
  // An idle thread never keeps the process alive; a dead one (out of memory at start) is not handed out.
  thread.unref();
  thread.on('error', () => undefined); // while idle; runWorker's own listener reads it once in use
  thread.once('exit', () => idle.includes(thread) && idle.splice(idle.indexOf(thread), 1));
  return thread;
};

/**
 * One thread more than the slots: an inspection ended early for another address waiting (inspection-queue.ts)
 * leaves that address a thread with its modules loaded, not one still starting (a second on a busy machine).
 */
const SPARE = 1;

/**
 * A thread ready for each slot not in use, its modules loaded (a cold one costs the upload that meets it
 * from 150 ms to over a second on a busy machine): another applicant's upload never waits for a thread to
 * start while a slow file holds the other one.
 */
function stockThreads() {
  while (idle.length + runningInspections() < LIMITS.concurrent + SPARE) idle.push(startThread());
}

/** Called at boot: the first uploads find threads ready. */
export function prepareInspection(): void {
  stockThreads();
}

/**
 * The thread given back last among those that have read a file, else a fresh one with its modules loaded,
 * else the fresh one idle longest (one started to replace another may still be loading its modules). The
 * spare stays fresh while two threads keep up: taken in turn, each of the three grew its heap, its malloc
 * arena and its compiled code for pdf.js's reading of a statement (about 25 MB each), the spare's only ever
 * used after a thread was ended.
 */
export function takeThread(): Worker {
  const warm = idle.findLastIndex((t) => filesDone.has(t));
  const loaded = idle.findIndex((t) => ready.has(t));
  const at = warm !== -1 ? warm : loaded !== -1 ? loaded : 0;
  const thread = idle.splice(at, 1)[0] ?? startThread();
  thread.ref();
  return thread;
}

/** Back to the pool, or ended and replaced by a fresh thread started ahead. */
export function release(thread: Worker, reusable: boolean) {
  const files = (filesDone.get(thread) ?? 0) + 1;
  filesDone.set(thread, files);
  if (reusable && files < REUSE.maxFiles && idle.length < LIMITS.concurrent + SPARE) {
    thread.unref();
    idle.push(thread);
    return;
  }
  void thread.terminate();
  // Started once the verdict is on its way: a Worker is built on the api's thread (a few ms, a large file's
  // answer waited for it).
  setImmediate(stockThreads);
}
