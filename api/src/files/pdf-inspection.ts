import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { FILE_MESSAGES, isStatementAdvice, type StatementAdviceNote } from '@portal/libs';
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

const startThread = () => {
  const thread = new Worker(WORKER, {
    resourceLimits: { maxOldGenerationSizeMb: LIMITS.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  });
  // An idle spare never keeps the process alive; a dead one (out of memory at start) is not handed out.
  thread.unref();
  thread.on('error', () => undefined); // while idle; runWorker's own listener reads it once in use
  thread.once('exit', () => spare === thread && (spare = undefined));
  return thread;
};
/**
 * One thread started ahead, its modules loaded (about 150 ms of an upload's time otherwise): an upload takes
 * it, and the next is started once that upload's inspection is over (not during it: two cores are few).
 * Every thread still inspects one file only and ends with it.
 */
let spare: Worker | undefined;

/** Called at boot: the first upload finds its thread ready too, and the api's memory holds it from the start. */
export function prepareInspection(): void {
  spare ??= startThread();
}

function takeThread(): Worker {
  const thread = spare ?? startThread();
  spare = undefined;
  thread.ref();
  return thread;
}

function runWorker(path: string, statementMonth?: string): Promise<Verdict> {
  return new Promise((resolve) => {
    const worker = takeThread();
    worker.postMessage({ path, statementMonth });
    let verdict: Verdict | undefined;
    let timer = setTimeout(() => {
      verdict ??= { ok: false, reason: `no verdict in ${LIMITS.timeoutMs} ms`, advice: [] };
      void worker.terminate();
    }, LIMITS.timeoutMs);
    worker.on('message', (m: { ok?: unknown; reason?: unknown; advice?: unknown }) => {
      if ('advice' in m && verdict?.ok) {
        verdict.advice = adviceFrom(m.advice);
        void worker.terminate();
        return;
      }
      if (verdict) return;
      verdict = { ok: m.ok === true, reason: typeof m.reason === 'string' ? m.reason : undefined, advice: [] };
      if (!verdict.ok || !statementMonth) return void worker.terminate();
      // Accepted: the advice may follow, but it never holds the upload past a short wait.
      clearTimeout(timer);
      timer = setTimeout(() => void worker.terminate(), ADVICE_WAIT_MS);
    });
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY), a stack overflow: the thread dies, the api does not.
    worker.on('error', (e: Error & { code?: string }) => {
      verdict ??= { ok: false, reason: `inspection failed: ${e.code ?? e.message.slice(0, 200)}`, advice: [] };
    });
    worker.on('exit', () => {
      clearTimeout(timer);
      spare ??= startThread();
      resolve(verdict ?? { ok: false, reason: 'inspection ended without a verdict', advice: [] });
    });
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
  throw new UploadRefused(FILE_MESSAGES.pdfOnly);
}
