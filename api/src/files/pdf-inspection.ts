import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { FILE_CODES, isStatementAdvice, type StatementAdviceNote } from '@portal/libs';
import { UploadRefused } from './upload-stream';

/**
 * Limits of one inspection. A real statement parses in well under a second in a few megabytes (a 3,000-page
 * text statement: 1 s, 120 MB); a file built to exhaust the parser hits one of these and is refused.
 * Two at a time: the api keeps the rest of its memory and its cores for everyone else.
 */
const LIMITS = { heapMb: 384, timeoutMs: 20_000, concurrent: 2 };
/** How long an accepted statement's upload waits for the advice (issue 16) before answering without it. */
const ADVICE_WAIT_MS = 8_000;

// Built: dist/files/*.mjs. Under the tests (sources): Node 24 runs the .mts itself, its types stripped.
const WORKER = ['pdf-inspection.worker.mjs', 'pdf-inspection.worker.mts']
  .map((f) => join(__dirname, f))
  .find((f) => existsSync(f))!;

const logger = new Logger('PdfInspection');
let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= LIMITS.concurrent) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

type Verdict = { ok: boolean; reason?: string; advice: StatementAdviceNote[] };

/** Only advice the web knows how to say: anything else from the thread is dropped. */
const adviceFrom = (raw: unknown): StatementAdviceNote[] =>
  Array.isArray(raw)
    ? raw
        .filter((a: { code?: unknown }) => isStatementAdvice(a?.code))
        .map((a: { code: StatementAdviceNote['code']; periodStart?: unknown; periodEnd?: unknown }) => ({
          code: a.code,
          ...(typeof a.periodStart === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(a.periodStart)
            ? { periodStart: a.periodStart }
            : {}),
          ...(typeof a.periodEnd === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(a.periodEnd)
            ? { periodEnd: a.periodEnd }
            : {}),
        }))
    : [];

/**
 * A thread goes back to the idle pool after a file it accepted, while its heap stays small: loading pdf-lib
 * and pdf.js again for every upload cost about half a second of CPU each, which 200 journeys at a time on
 * two cores queued behind. A refusal, a timeout, a heap grown past retireHeapMb (pdf-lib keeps every name it
 * has met), maxFiles files, or a file past largestFileMb (its bytes would stay in the idle thread until a
 * collection) end it, so what a hostile file leaves behind never meets the next one.
 */
const REUSE = { retireHeapMb: 64, maxFiles: 50, largestFileMb: 8 };
const idle: Worker[] = [];
const filesDone = new WeakMap<Worker, number>();

const startThread = () => {
  const thread = new Worker(WORKER, {
    resourceLimits: { maxOldGenerationSizeMb: LIMITS.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  });
  // An idle thread never keeps the process alive; a dead one (out of memory at start) is not handed out.
  thread.unref();
  thread.on('error', () => undefined); // while idle; runWorker's own listener reads it once in use
  thread.once('exit', () => idle.includes(thread) && idle.splice(idle.indexOf(thread), 1));
  return thread;
};

/** Called at boot: the first upload finds a thread ready, its modules loaded (about 150 ms otherwise). */
export function prepareInspection(): void {
  if (!idle.length) idle.push(startThread());
}

function takeThread(): Worker {
  const thread = idle.pop() ?? startThread();
  thread.ref();
  return thread;
}

/** Back to the pool, or ended and replaced by a fresh thread started ahead. */
function release(thread: Worker, reusable: boolean) {
  const files = (filesDone.get(thread) ?? 0) + 1;
  filesDone.set(thread, files);
  if (reusable && files < REUSE.maxFiles && idle.length < LIMITS.concurrent) {
    thread.unref();
    idle.push(thread);
    return;
  }
  void thread.terminate();
  // Started once the verdict is on its way: a Worker is built on the api's thread (a few ms, a large file's
  // answer waited for it).
  setImmediate(() => {
    if (!idle.length) idle.push(startThread());
  });
}

type FromThread = {
  ok?: unknown;
  reason?: unknown;
  advice?: unknown;
  done?: unknown;
  heapMb?: unknown;
  fileMb?: unknown;
};

function runWorker(path: string, statementMonth?: string): Promise<Verdict> {
  return new Promise((resolve) => {
    const worker = takeThread();
    let verdict: Verdict | undefined;
    let finished = false;
    const finish = (reusable: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      release(worker, reusable && verdict?.ok === true);
      resolve(verdict ?? { ok: false, reason: 'inspection ended without a verdict', advice: [] });
    };
    let timer = setTimeout(() => {
      verdict ??= { ok: false, reason: `no verdict in ${LIMITS.timeoutMs} ms`, advice: [] };
      finish(false);
    }, LIMITS.timeoutMs);
    const onMessage = (m: FromThread) => {
      if (m.done === true)
        return finish(
          typeof m.heapMb === 'number' &&
            m.heapMb < REUSE.retireHeapMb &&
            typeof m.fileMb === 'number' &&
            m.fileMb < REUSE.largestFileMb,
        );
      if ('advice' in m) {
        if (verdict?.ok) verdict.advice = adviceFrom(m.advice);
        return;
      }
      if (verdict) return;
      verdict = { ok: m.ok === true, reason: typeof m.reason === 'string' ? m.reason : undefined, advice: [] };
      if (!verdict.ok) return finish(false);
      if (!statementMonth) return;
      // Accepted: the advice may follow, but it never holds the upload past a short wait.
      clearTimeout(timer);
      timer = setTimeout(() => finish(false), ADVICE_WAIT_MS);
    };
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY), a stack overflow: the thread dies, the api does not.
    const onError = (e: Error & { code?: string }) => {
      verdict ??= { ok: false, reason: `inspection failed: ${e.code ?? e.message.slice(0, 200)}`, advice: [] };
    };
    const onExit = () => finish(false);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage({ path, statementMonth });
  });
}

/**
 * Refuses (400, 'Please upload only PDF files.') anything that is not a PDF a reader opens to at least one
 * page, or that carries active content (see PDF_ACTIVE_NAMES in libs). A bank statement (`statementMonth`)
 * is then read with pdf.js for advice (issue 16), answered with the upload. The checks run in a worker
 * thread: pdf-inspection.worker.mts.
 */
export async function inspectPdf(
  path: string,
  context: { applicationId: string; statementMonth?: string },
): Promise<StatementAdviceNote[]> {
  const verdict = await slot(() => runWorker(path, context.statementMonth));
  if (verdict.ok) return verdict.advice;
  logger.warn({ msg: 'upload refused', applicationId: context.applicationId, reason: verdict.reason });
  throw new UploadRefused(FILE_CODES.pdfOnly);
}
