import { Logger } from '@nestjs/common';
import { FILE_CODES, type CashReading, type StatementAdviceNote, type StatementReview } from '@portal/libs';
import { adviceFrom, cashFrom, reviewFrom, UNREAD, type Verdict } from './inspection-reading';
import { LIMITS, slot } from './inspection-queue';
import { release, REUSE, takeThread } from './inspection-threads';
import { UploadRefused } from './upload-stream';

export { INSPECTION_QUEUE, InspectionBusy } from './inspection-queue';
export { prepareInspection } from './inspection-threads';

const logger = new Logger('PdfInspection');

type FromThread = {
  ok?: unknown;
  reason?: unknown;
  advice?: unknown;
  cash?: unknown;
  review?: unknown;
  done?: unknown;
  heapMb?: unknown;
  fileMb?: unknown;
  prechecked?: unknown;
  objectStreams?: unknown;
};

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
          verdict.review = reviewFrom(m.review);
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
 * is then read with pdf.js for advice, answered with the upload. The checks run in a worker
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
 * inspectPdf, with what a statement's text says of the business's cash: its daily
 * balances and deposits, or why they could not be read; and its review for the rep (libs
 * statement-review); neither for another document or past the budget.
 */
export async function inspectStatement(
  path: string,
  context: { applicationId: string; applicant: string; statementMonth?: string },
): Promise<{ advice: StatementAdviceNote[]; cash?: CashReading; review?: StatementReview }> {
  const verdict = await slot(context.applicant, () => runWorker(path, context.statementMonth));
  if (verdict.ok) return { advice: verdict.advice, cash: verdict.cash, review: verdict.review };
  logger.warn({ msg: 'upload refused', applicationId: context.applicationId, reason: verdict.reason });
  throw new UploadRefused(FILE_CODES.pdfOnly);
}
