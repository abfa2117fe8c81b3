import { Logger } from '@nestjs/common';
import { FILE_CODES, type CashReading, type StatementAdviceNote, type StatementReview } from '@portal/libs';
import { adviceFrom, cashFrom, reviewFrom, UNREAD, type Verdict } from './inspection-reading';
import { LIMITS, slot, type Turn } from './inspection-queue';
import { runOnThread } from './thread-job';
import { UploadRefused } from './upload-stream';

export { INSPECTION_QUEUE, InspectionBusy } from './inspection-queue';
export { prepareInspection } from './inspection-threads';

const logger = new Logger('PdfInspection');

function runWorker(path: string, statementMonth: string | undefined, turn: Turn): Promise<Verdict> {
  return runOnThread({ path, statementMonth }, LIMITS.budgetMs, (control) => {
    let verdict: Verdict | undefined;
    /**
     * The thread's first message: the header, the trailer and every raw byte were scanned for active names
     * (libs activePdfNames). Only names inside compressed object streams are left for the parsed walk, so a
     * file with none is safe to keep when the walk did not end in time; one with object streams is not.
     */
    let prechecked: { objectStreams: boolean } | undefined;
    /** Refused before any parser read the file (the thread's byte checks): nothing of it is left in the thread. */
    let unparsed = false;
    /** Ended now, as at the budget: kept with the advice 'unreadable' when it may be, else refused. */
    const outOfTime = (why: string) => {
      if (verdict?.ok) verdict.advice = UNREAD;
      else if (!verdict && prechecked && !prechecked.objectStreams) verdict = { ok: true, advice: UNREAD };
      verdict ??= { ok: false, reason: `no verdict in ${LIMITS.budgetMs} ms, object streams unread`, advice: [] };
      logger.warn({ msg: why, budgetMs: LIMITS.budgetMs, kept: verdict.ok });
    };
    // Others waiting (inspection-queue.ts, yieldAfterMs): ended early only where the file is kept anyway.
    // A statement's advice already read: its end is a message away.
    let hurried = false;
    let advised = false;
    const yieldIfKept = () => {
      const kept = verdict?.ok === true || (!verdict && !!prechecked && !prechecked.objectStreams);
      if (hurried && kept && !advised && !control.ended) {
        outOfTime('inspection cut short for others waiting');
        control.end();
      }
    };
    turn.onContention(() => {
      hurried = true;
      yieldIfKept();
    });
    return {
      onMessage(m) {
        if (m.prechecked === true) {
          prechecked = { objectStreams: m.objectStreams !== false };
          return yieldIfKept();
        }
        if ('advice' in m) {
          advised = true;
          if (verdict?.ok) {
            verdict.advice = adviceFrom(m.advice);
            verdict.cash = cashFrom(m.cash);
            verdict.review = reviewFrom(m.review);
          }
          return;
        }
        if (verdict) return;
        verdict = { ok: m.ok === true, reason: typeof m.reason === 'string' ? m.reason : undefined, advice: [] };
        unparsed = !verdict.ok && m.unparsed === true;
        // Refused by the byte checks alone: the thread's `done` follows at once, and the thread goes back to the
        // pool (a thread started in its place cost about half a second of CPU for every such file).
        if (!verdict.ok && !unparsed) return control.end();
        // Accepted: a statement's advice may follow, within what is left of the budget.
        yieldIfKept();
      },
      // Out of heap (ERR_WORKER_OUT_OF_MEMORY), a stack overflow: the thread dies, the api does not.
      onError(e) {
        verdict ??= { ok: false, reason: `inspection failed: ${e.code ?? e.message.slice(0, 200)}`, advice: [] };
      },
      onBudget: () => {
        turn.budgetSpent();
        outOfTime('inspection over its budget');
      },
      // A file refused once a parser had read it may have left anything behind in the thread: it never meets
      // the next one.
      keepsThread: () => verdict?.ok === true || unparsed,
      answer: () => verdict ?? { ok: false, reason: 'inspection ended without a verdict', advice: [] },
    };
  });
}

/**
 * What an inspection is for. `applicant` (the user) and `address` (the client address the file came
 * from) are whose shares of the queue it takes; a file no client sent (a statement fetched from the bank)
 * counts under its applicant alone.
 */
export type InspectionContext = { applicationId: string; applicant: string; address?: string; statementMonth?: string };
const requesterOf = (c: InspectionContext) => ({ applicant: c.applicant, address: c.address ?? `user:${c.applicant}` });

/**
 * Refuses (400, 'Please upload only PDF files.') anything that is not a PDF a reader opens to at least one
 * page, or that carries active content (see PDF_ACTIVE_NAMES in libs). A bank statement (`statementMonth`)
 * is then read with pdf.js for advice, answered with the upload. The checks run in a worker
 * thread (pdf-inspection.worker.mts), within the budget and behind the fair queue (inspection-queue.ts);
 * a full queue throws InspectionBusy (503).
 */
export async function inspectPdf(path: string, context: InspectionContext): Promise<StatementAdviceNote[]> {
  return (await inspectStatement(path, context)).advice;
}

/**
 * inspectPdf, with what a statement's text says of the business's cash: its daily
 * balances and deposits, or why they could not be read; and its review for the rep (libs
 * statement-review); neither for another document or past the budget.
 */
export async function inspectStatement(
  path: string,
  context: InspectionContext,
): Promise<{ advice: StatementAdviceNote[]; cash?: CashReading; review?: StatementReview }> {
  const verdict = await slot(requesterOf(context), (turn) => runWorker(path, context.statementMonth, turn));
  if (verdict.ok) return { advice: verdict.advice, cash: verdict.cash, review: verdict.review };
  logger.warn({ msg: 'upload refused', applicationId: context.applicationId, reason: verdict.reason });
  throw new UploadRefused(FILE_CODES.pdfOnly);
}
