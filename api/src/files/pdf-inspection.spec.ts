// An inspection has a budget of its thread's CPU, bounded by the clock at four times it (a file past it is
// kept with the advice 'unreadable', never refused for being slow), and the queue in front of the two
// threads is bounded and fair: one applicant's parallel statements never take both threads, nor every
// waiting place.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_CODES, messageText } from '@portal/libs';
import { javaScriptOpenAction, onePagePdf, slowTextPdf, statementPdf } from '../../../tests/support/pdf-fixtures';
import { holdFor, until } from '../../../tests/support/until';
import { LIMITS, runningInspections } from './inspection-queue';
import { INSPECTION_QUEUE, InspectionBusy, inspectPdf, inspectStatement } from './pdf-inspection';
import { BUDGET } from './thread-job';
import { UploadRefused } from './upload-stream';

let dir: string;
let slow: string;
let fine: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inspection-'));
  slow = join(dir, 'slow.pdf');
  fine = join(dir, 'fine.pdf');
  await writeFile(slow, slowTextPdf());
  await writeFile(fine, await onePagePdf());
  // A first inspection loads pdf-lib and pdf.js in the thread: not what is timed below.
  await inspectPdf(fine, { applicationId: 'warm', applicant: 'warm', statementMonth: 'October 2026' });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const statement = (applicant: string, path = slow) =>
  inspectPdf(path, { applicationId: applicant, applicant, statementMonth: 'October 2026' });

describe('inspectPdf under a slow file', () => {
  it('keeps a statement past the budget with the advice unreadable, within the budget, not refused', async () => {
    const started = Date.now();
    expect(await statement('alone')).toEqual([{ code: 'unreadable' }]);
    // Ended by the budget (3 s of its thread's CPU, at most four times that on the clock): the file alone
    // takes about 10 s to read (far more on a busy machine).
    expect(Date.now() - started).toBeLessThan(LIMITS.budgetMs * BUDGET.clockTimes + 2_000);
  });

  it("one applicant's parallel statements: a share of the queue, 503 past it, and another applicant is not kept waiting", async () => {
    const greedyDone: number[] = [];
    const attack = Array.from({ length: 6 }, () =>
      statement('greedy')
        .then(
          (a) => a,
          (e: unknown) => e,
        )
        .finally(() => greedyDone.push(Date.now())),
    );
    // The greedy applicant holds one thread, its share of the queue waits, and the rest is refused at once.
    await until(
      () => ({ running: runningInspections(), done: greedyDone.length }),
      (q) => q.running === 1 && q.done === 6 - 1 - INSPECTION_QUEUE.perApplicantWaiting,
      { what: "the greedy applicant's statements queued or refused" },
    );
    expect(await statement('other', fine)).toEqual([]);
    // The other applicant was served while the greedy one's statements still waited or ran: it did not
    // queue behind them (their latency is measured and reported by the security suite, not timed here).
    const otherDoneAt = Date.now();
    const answers = await Promise.all(attack);
    const busy = answers.filter((a) => a instanceof InspectionBusy);
    // One running and perApplicantWaiting waiting; the rest refused at once.
    expect(busy).toHaveLength(6 - 1 - INSPECTION_QUEUE.perApplicantWaiting);
    expect(busy[0]!.getStatus()).toBe(503);
    expect(busy[0]!.retryAfter).toBe(INSPECTION_QUEUE.retryAfterSeconds);
    expect(messageText(busy[0]!.message)).toBe(
      'We are checking many documents right now. Please try again in a few seconds.',
    );
    expect(answers.filter((a) => !(a instanceof InspectionBusy))).toEqual(
      Array.from({ length: 1 + INSPECTION_QUEUE.perApplicantWaiting }, () => [{ code: 'unreadable' }]),
    );
    expect(otherDoneAt).toBeLessThan(Math.max(...greedyDone));
  });
});

describe('a statement read for its cash', () => {
  it("reads a statement's daily balances and deposits out of its PDF text, and says when it cannot", async () => {
    const path = join(dir, 'balances.pdf');
    await writeFile(
      path,
      await statementPdf({
        period: 'Statement period: August 1, 2026 - August 31, 2026',
        opening: 10_000,
        rows: [
          ['08/03/2026', 'Card settlement', 1_500],
          ['08/04/2026', 'Rent', -2_000],
          ['08/28/2026', 'Deposit', 1_200],
        ],
      }),
    );
    const read = await inspectStatement(path, {
      applicationId: 'cash',
      applicant: 'cash',
      statementMonth: 'August 2026',
    });
    expect(read.advice).toEqual([]);
    if (!read.cash?.readable) throw new Error(`not read: ${JSON.stringify(read.cash)}`);
    expect(read.cash.cash.period).toEqual({ start: '2026-08-01', end: '2026-08-31' });
    expect(read.cash.cash.days[2]).toEqual({ date: '2026-08-03', deposit: 1_500, balance: 11_500 });
    expect(read.cash.cash.days[30]).toEqual({ date: '2026-08-31', deposit: 0, balance: 10_700 });
    // A statement with no figures: not readable enough, never a guess.
    expect(
      (await inspectStatement(fine, { applicationId: 'cash', applicant: 'cash', statementMonth: 'October 2026' })).cash,
    ).toEqual({
      readable: false,
      reason: 'noPeriod',
    });
  });
});

describe('a large file (the 35 MB upload)', () => {
  it('gives its bytes back and keeps the thread, so the next upload does not wait for pdf-lib to load again', async () => {
    // A scan's size: one page carrying 20 MB of incompressible data in a stream (the bench's large upload).
    const { PDFDocument, PDFName } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    const data = new Uint8Array(20 * 1024 * 1024);
    for (let i = 0; i < data.length; i += 65536) crypto.getRandomValues(data.subarray(i, i + 65536));
    doc.catalog.set(PDFName.of('PieceInfo'), doc.context.register(doc.context.stream(data, {})));
    const path = join(dir, 'scan.pdf');
    await writeFile(path, await doc.save({ useObjectStreams: false }));
    const started: unknown[] = [];
    const onWorker = (w: unknown) => started.push(w);
    process.on('worker', onWorker);
    try {
      expect(await inspectPdf(path, { applicationId: 'scan', applicant: 'scan' })).toEqual([]);
      expect(await inspectPdf(fine, { applicationId: 'scan', applicant: 'scan' })).toEqual([]);
      // A thread ended after a file is replaced at the next turn of the event loop.
      await holdFor(50, 'a thread replacing an ended one, were one started, would start within this window');
      expect(started, 'inspection threads started').toHaveLength(0);
    } finally {
      process.off('worker', onWorker);
    }
  });
});

describe('a file refused', () => {
  /** The inspection threads started while `work` runs, and until a replacement would have started. */
  const threadsStartedBy = async (work: () => Promise<unknown>) => {
    const started: unknown[] = [];
    const onWorker = (w: unknown) => started.push(w);
    process.on('worker', onWorker);
    try {
      await work();
      await holdFor(50, 'a thread replacing an ended one, were one started, would start within this window');
      return started.length;
    } finally {
      process.off('worker', onWorker);
    }
  };
  const refused = (bytes: Uint8Array | string, name: string) => async () => {
    const path = join(dir, name);
    await writeFile(path, bytes);
    const refusal = inspectPdf(path, { applicationId: name, applicant: name });
    await expect(refusal).rejects.toBeInstanceOf(UploadRefused);
    await expect(refusal).rejects.toThrow(FILE_CODES.pdfOnly);
  };

  it('by its bytes alone keeps its thread: no parser read it, and a fresh thread cost half a second of CPU', async () => {
    // Another kind of file named .pdf, a header with no trailer, and JavaScript written in the open.
    const files = {
      'word.pdf': 'PK\u0003\u0004 a document of another kind, named .pdf',
      'cut.pdf': '%PDF-1.7\n1 0 obj << >> endobj\n',
      'script.pdf': await onePagePdf({ catalog: javaScriptOpenAction, useObjectStreams: false }),
    };
    for (const [name, bytes] of Object.entries(files))
      expect(await threadsStartedBy(refused(bytes, name)), `threads started for ${name}`).toBe(0);
  });

  it('once a parser has read it ends its thread, whatever it may have left there', async () => {
    // A header and a trailer, and no page in what pdf-lib makes of the rest.
    const noPage = refused('%PDF-1.7\ntrailer\n<< >>\nstartxref\n0\n%%EOF\n', 'no-page.pdf');
    expect(await threadsStartedBy(noPage)).toBe(1);
  });
});
