import { Logger, ServiceUnavailableException } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { FILE_CODES, isStatementAdvice, type CashReading, type StatementAdviceNote } from '@portal/libs';
import { UploadRefused } from './upload-stream';

/**
 * Limits of one inspection. A real statement parses in well under a second in a few megabytes (a 3,000-page
 * text statement: 1 s, 120 MB); a file built to exhaust the parser hits one of these. Two at a time: the api
 * keeps the rest of its memory and its cores for everyone else.
 *
 * `budgetMs` is the whole inspection's wall-clock time, the verdict and a statement's advice alike (issue 25
 * item 2: 1.9 kB statements whose text extraction took 8 s each held both threads while everyone queued).
 * Past it the thread is ended and the file is kept with the advice 'unreadable', never refused for being
 * slow; a file whose verdict was not reached is kept only when its raw bytes were checked whole (see
 * `Prechecked`), else refused.
 */
const LIMITS = { heapMb: 384, budgetMs: 3_000, concurrent: 2 };

/**
 * The queue in front of the threads: bounded, and fair between applicants. Each applicant's inspections run
 * one at a time (so one applicant's parallel statements never take both threads) and at most
 * `perApplicantWaiting` of them wait; all applicants together wait `waiting` at most: 32 real statements
 * (about 100 ms each) wait under 2 s, and even 32 files at the full budget wait 48 s, inside nginx's 60 s.
 * Past either bound the upload answers 503 with Retry-After (InspectionBusy).
 */
export const INSPECTION_QUEUE = { waiting: 32, perApplicantRunning: 1, perApplicantWaiting: 2, retryAfterSeconds: 5 };

/** The inspection queue is full (or this applicant's share of it): 503, try again after a few seconds. */
export class InspectionBusy extends ServiceUnavailableException {
  readonly retryAfter = INSPECTION_QUEUE.retryAfterSeconds;
  constructor() {
    super(FILE_CODES.busy);
  }
}

// Built: dist/files/*.mjs. Under the tests (sources): Node 24 runs the .mts itself, its types stripped.
const WORKER = ['pdf-inspection.worker.mjs', 'pdf-inspection.worker.mts']
  .map((f) => join(__dirname, f))
  .find((f) => existsSync(f))!;

const logger = new Logger('PdfInspection');

type Queued = { applicant: string; go: () => void };
let running = 0;
const runningFor = new Map<string, number>();
const waiting: Queued[] = [];

/** The first waiting inspection whose applicant has none running past their share, started. */
function startNext() {
  while (running < LIMITS.concurrent) {
    const i = waiting.findIndex((q) => (runningFor.get(q.applicant) ?? 0) < INSPECTION_QUEUE.perApplicantRunning);
    if (i === -1) return;
    const [next] = waiting.splice(i, 1);
    begin(next!.applicant);
    next!.go();
  }
}

function begin(applicant: string) {
  running++;
  runningFor.set(applicant, (runningFor.get(applicant) ?? 0) + 1);
}

function end(applicant: string) {
  running--;
  const left = (runningFor.get(applicant) ?? 1) - 1;
  if (left > 0) runningFor.set(applicant, left);
  else runningFor.delete(applicant);
  startNext();
}

async function slot<T>(applicant: string, work: () => Promise<T>): Promise<T> {
  const mine = runningFor.get(applicant) ?? 0;
  if (running < LIMITS.concurrent && mine < INSPECTION_QUEUE.perApplicantRunning) begin(applicant);
  else {
    const queued = waiting.filter((q) => q.applicant === applicant).length;
    if (waiting.length >= INSPECTION_QUEUE.waiting || queued >= INSPECTION_QUEUE.perApplicantWaiting)
      throw new InspectionBusy();
    await new Promise<void>((go) => waiting.push({ applicant, go }));
  }
  try {
    return await work();
  } finally {
    end(applicant);
  }
}

type Verdict = { ok: boolean; reason?: string; advice: StatementAdviceNote[]; cash?: CashReading };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const UNREADABLE_REASONS = new Set([
  'noPeriod',
  'noOpeningBalance',
  'noRows',
  'rowWithoutBalance',
  'balancesDisagree',
  'datesUnclear',
]);

/** A statement's days as the thread read them (libs cash-flow), only in the shape stored; anything else dropped. */
function cashFrom(raw: unknown): CashReading | undefined {
  const r = raw as { readable?: unknown; reason?: unknown; cash?: { period?: unknown; days?: unknown } } | undefined;
  if (r?.readable === false && UNREADABLE_REASONS.has(r.reason as string))
    return { readable: false, reason: r.reason as Extract<CashReading, { readable: false }>['reason'] };
  const period = r?.cash?.period as { start?: unknown; end?: unknown } | undefined;
  const days = r?.cash?.days;
  if (r?.readable !== true || !period || !ISO_DAY.test(String(period.start)) || !ISO_DAY.test(String(period.end)))
    return undefined;
  if (!Array.isArray(days) || days.length > 100) return undefined;
  const clean = days.filter(
    (d: { date?: unknown; deposit?: unknown; balance?: unknown }) =>
      typeof d?.date === 'string' && ISO_DAY.test(d.date) && Number.isFinite(d.deposit) && Number.isFinite(d.balance),
  ) as { date: string; deposit: number; balance: number }[];
  if (clean.length !== days.length) return undefined;
  return {
    readable: true,
    cash: {
      period: { start: String(period.start), end: String(period.end) },
      days: clean.map((d) => ({ date: d.date, deposit: d.deposit, balance: d.balance })),
    },
  };
}

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
 * has met), maxFiles files, or more than largestFileMb of a file still held (a statement's copy that pdf.js
 * read would stay in the idle thread until a collection; a file the inspection alone read is given back
 * at once) end it, so what a hostile file leaves behind never meets the next one.
 * maxFiles is a backstop behind the heap check: at 50, issue 26's journey profile found a thread started again
 * every 50 uploads (about 17 journeys), each start about 0.6 s of CPU on a busy machine.
 */
const REUSE = { retireHeapMb: 64, maxFiles: 250, largestFileMb: 8 };
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

/**
 * A thread ready for each slot not in use, its modules loaded (a cold one costs the upload that meets it
 * from 150 ms to over a second on a busy machine): another applicant's upload never waits for a thread to
 * start while a slow file holds the other one.
 */
function stockThreads() {
  while (idle.length + running < LIMITS.concurrent) idle.push(startThread());
}

/** Called at boot: the first uploads find threads ready. */
export function prepareInspection(): void {
  stockThreads();
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
  setImmediate(stockThreads);
}

type FromThread = {
  ok?: unknown;
  reason?: unknown;
  advice?: unknown;
  cash?: unknown;
  done?: unknown;
  heapMb?: unknown;
  fileMb?: unknown;
  prechecked?: unknown;
  objectStreams?: unknown;
};

/** Kept with this advice when the budget ran out: the same amber 'we could not read this file' as pdf.js's. */
const UNREAD: StatementAdviceNote[] = [{ code: 'unreadable' }];

function runWorker(path: string, statementMonth?: string): Promise<Verdict> {
  return new Promise((resolve) => {
    const worker = takeThread();
    let verdict: Verdict | undefined;
    /**
     * The thread's first message: the header, the trailer and every raw byte were scanned for active names
     * (libs activePdfNames). Only names inside compressed object streams are left for the parsed walk, so a
     * file with none is safe to keep when the walk did not end in time; one with object streams is not.
     */
    let prechecked: { objectStreams: boolean } | undefined;
    let finished = false;
    const finish = (reusable: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      release(worker, reusable && verdict?.ok === true);
      resolve(verdict ?? { ok: false, reason: 'inspection ended without a verdict', advice: [] });
    };
    const timer = setTimeout(() => {
      if (verdict?.ok) verdict.advice = UNREAD;
      else if (!verdict && prechecked && !prechecked.objectStreams) verdict = { ok: true, advice: UNREAD };
      verdict ??= { ok: false, reason: `no verdict in ${LIMITS.budgetMs} ms, object streams unread`, advice: [] };
      logger.warn({ msg: 'inspection over its budget', budgetMs: LIMITS.budgetMs, kept: verdict.ok });
      finish(false);
    }, LIMITS.budgetMs);
    const onMessage = (m: FromThread) => {
      if (m.done === true)
        return finish(
          typeof m.heapMb === 'number' &&
            m.heapMb < REUSE.retireHeapMb &&
            typeof m.fileMb === 'number' &&
            m.fileMb < REUSE.largestFileMb,
        );
      if (m.prechecked === true) {
        prechecked = { objectStreams: m.objectStreams !== false };
        return;
      }
      if ('advice' in m) {
        if (verdict?.ok) {
          verdict.advice = adviceFrom(m.advice);
          verdict.cash = cashFrom(m.cash);
        }
        return;
      }
      if (verdict) return;
      verdict = { ok: m.ok === true, reason: typeof m.reason === 'string' ? m.reason : undefined, advice: [] };
      if (!verdict.ok) return finish(false);
      // Accepted: a statement's advice may follow, within what is left of the budget.
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
 * thread (pdf-inspection.worker.mts), within the budget and behind the fair queue above (`applicant`: the
 * user whose share it takes); a full queue throws InspectionBusy (503).
 */
export async function inspectPdf(
  path: string,
  context: { applicationId: string; applicant: string; statementMonth?: string },
): Promise<StatementAdviceNote[]> {
  return (await inspectStatement(path, context)).advice;
}

/**
 * inspectPdf, with what a statement's text says of the business's cash (issue 27 item 3): its daily
 * balances and deposits, or why they could not be read; none for another document or past the budget.
 */
export async function inspectStatement(
  path: string,
  context: { applicationId: string; applicant: string; statementMonth?: string },
): Promise<{ advice: StatementAdviceNote[]; cash?: CashReading }> {
  const verdict = await slot(context.applicant, () => runWorker(path, context.statementMonth));
  if (verdict.ok) return { advice: verdict.advice, cash: verdict.cash };
  logger.warn({ msg: 'upload refused', applicationId: context.applicationId, reason: verdict.reason });
  throw new UploadRefused(FILE_CODES.pdfOnly);
}
