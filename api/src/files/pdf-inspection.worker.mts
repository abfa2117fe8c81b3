// Runs in a worker thread started by pdf-inspection.ts. pdf-lib parses hostile bytes here, where its
// memory, its time and its module state (a pool of every PDF name it has ever met, never emptied) end with
// the thread instead of growing in the api: a thread that refused a file it parsed, or whose heap grew, is ended.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire, registerHooks } from 'node:module';
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { PDFArray, PDFDict, PDFDocument, PDFInvalidObject, PDFName, PDFStream, type PDFObject } from 'pdf-lib';
// From the modules that hold them, not the package's index: a thread loads what it reads files with, not
// the phone numbers' metadata and the CRM's fields (a sixth of a thread's start, which every ended thread costs).
import { fileFindings, reviewStatement } from '@portal/libs/dist/domain/statement-review.js';
import { fileTraces, pageItems, pageLines } from '@portal/libs/dist/domain/pdf-reading.js';
import { readStatementLedger } from '@portal/libs/dist/domain/statement-cash.js';
import { looksLikePdf } from '@portal/libs/dist/validation/documents.js';
import {
  activePdfNames,
  decodePdfName,
  hasPdfTrailer,
  indexOfAscii,
  PDF_ACTIVE_NAMES,
} from '@portal/libs/dist/validation/pdf.js';
import { wrongStatementPeriod } from '@portal/libs/dist/validation/statement-period.js';
import type {
  CashReading,
  FileTraces,
  PageItem,
  PdfTextItem,
  StatementAdviceNote,
  StatementReview,
} from '@portal/libs';

/**
 * What all decoded streams of one document may take. pdf-lib inflates object and cross-reference streams
 * whole while loading, and a few hundred kilobytes of Flate data inflate to gigabytes (typed arrays, which
 * the thread's heap limit does not count). Real object streams hold dictionaries, a few megabytes at most.
 */
const DECODE_BUDGET_BYTES = 64 * 1024 * 1024;

type Decoder = { buffer: Uint8Array; ensureBuffer(requested: number): Uint8Array };
// pdf-lib has no option for it: its one decoder base class is given the budget (pdf-lib is pinned exactly).
const { default: DecodeStream } = createRequire(import.meta.url)('pdf-lib/cjs/core/streams/DecodeStream') as {
  default: { prototype: Decoder };
};
let decoded = 0;
let overBudget = false;
const ensureBuffer = DecodeStream.prototype.ensureBuffer;
DecodeStream.prototype.ensureBuffer = function (this: Decoder, requested: number) {
  if (requested > this.buffer.byteLength) {
    if (decoded + requested > DECODE_BUDGET_BYTES) {
      overBudget = true;
      throw new Error('decoded streams over budget');
    }
    const before = this.buffer.byteLength;
    const grown = ensureBuffer.call(this, requested);
    decoded += grown.byteLength - before;
    return grown;
  }
  return ensureBuffer.call(this, requested);
};
// pdf-lib copies each stream's bytes out of the file while loading (ByteStream.slice): a 35 MB scan's image
// twice in memory. Nothing here writes to a stream's contents, so they can share the file's buffer.
type Bytes = { bytes: Uint8Array; slice(start: number, end: number): Uint8Array };
const { default: ByteStream } = createRequire(import.meta.url)('pdf-lib/cjs/core/parser/ByteStream') as {
  default: { prototype: Bytes };
};
ByteStream.prototype.slice = function (this: Bytes, start: number, end: number) {
  return this.bytes.subarray(start, end);
};
// pdf-lib warns on stderr for each object it cannot parse: a hostile file has millions.
console.warn = () => undefined;

const ACTIVE = new Set(PDF_ACTIVE_NAMES);

/** Active-content names among the parsed objects (also those pdf-lib read out of compressed object streams). */
function activeNamesIn(doc: PDFDocument): string[] {
  const found = new Set<string>();
  // Iterative: a hostile file can nest arrays as deep as its bytes allow.
  const stack: PDFObject[] = doc.context.enumerateIndirectObjects().map(([, o]) => o);
  while (stack.length) {
    const o = stack.pop()!;
    if (o instanceof PDFName) {
      // pdf-lib decodes #xx escapes with upper-case hex digits only; readers take both.
      const name = decodePdfName(o.decodeText());
      if (ACTIVE.has(name)) found.add(name);
    } else if (o instanceof PDFDict) for (const [k, v] of o.entries()) stack.push(k, v);
    else if (o instanceof PDFArray) for (const v of o.asArray()) stack.push(v);
    else if (o instanceof PDFStream) stack.push(o.dict);
  }
  return [...found];
}

/** An object stream pdf-lib could not open (encrypted, corrupt, over budget) hides its objects from the walk. */
function unreadObjectStream(doc: PDFDocument): boolean {
  return doc.context.enumerateIndirectObjects().some(([, o]) => {
    if (!(o instanceof PDFInvalidObject)) return false;
    const bytes = new Uint8Array(o.sizeInBytes());
    o.copyBytesInto(bytes, 0);
    return indexOfAscii(bytes, 'ObjStm') !== -1;
  });
}

/** The bytes of the file just read that the thread still holds (until a collection the idle thread may not run). */
let lastFileBytes = 0;

/**
 * Gives the file's memory back at once: its buffer is detached (ArrayBuffer `transfer`), so nothing in the
 * thread (pdf-lib's objects share it) can still reach it. The thread can then be kept for the next upload
 * after a large file too, instead of being ended and a fresh one loading pdf-lib and pdf.js again (about
 * half a second of the api's CPU for every upload past 8 MB). False if the buffer would not detach.
 */
function giveBack(bytes: Uint8Array): boolean {
  // Only a buffer of its own: a small file's bytes may share one of Node's pooled buffers.
  if (bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength) return false;
  try {
    (bytes.buffer as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(0);
    return bytes.byteLength === 0;
  } catch {
    return false;
  }
}

/**
 * `unparsed`: refused by the byte checks alone, before pdf-lib or pdf.js read anything of the file. Nothing of it
 * is left in the thread (its bytes are given back), so the thread may take the next file.
 */
type Inspected = { ok: true; pages: number; traces: FileTraces } | { ok: false; reason: string; unparsed?: true };

async function inspect(path: string, prechecked: (objectStreams: boolean) => void): Promise<Inspected> {
  const bytes = await readFile(path);
  lastFileBytes = bytes.length;
  try {
    return await inspectBytes(bytes, prechecked);
  } finally {
    if (giveBack(bytes)) lastFileBytes = 0;
  }
}

async function inspectBytes(bytes: Uint8Array, prechecked: (objectStreams: boolean) => void): Promise<Inspected> {
  if (!looksLikePdf(bytes)) return { ok: false, reason: 'no PDF header at byte 0', unparsed: true };
  if (!hasPdfTrailer(bytes)) return { ok: false, reason: 'no trailer or startxref', unparsed: true };
  const raw = activePdfNames(bytes);
  if (raw.length) return { ok: false, reason: `active content: ${raw.join(', ')}`, unparsed: true };
  // Every raw byte is checked: what only the parse can still find hides in compressed object streams.
  prechecked(indexOfAscii(bytes, 'ObjStm') !== -1);
  let doc: PDFDocument;
  let pages: number;
  try {
    // Encrypted statements are common (owner password only): their names and structure stay readable.
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    pages = doc.getPageCount();
  } catch (e) {
    return { ok: false, reason: `unreadable: ${(e as Error).message.slice(0, 200)}` };
  }
  if (overBudget) return { ok: false, reason: 'streams inflate past the budget' };
  if (pages < 1) return { ok: false, reason: 'no page' };
  if (unreadObjectStream(doc)) return { ok: false, reason: 'an object stream could not be read' };
  const parsed = activeNamesIn(doc);
  if (parsed.length) return { ok: false, reason: `active content: ${parsed.join(', ')}` };
  return { ok: true, pages, traces: fileTraces(bytes, doc) };
}

/** Loaded as the thread starts, ahead of its first statement (the pool starts threads before they are needed). */
const pdfjs = import('pdfjs-dist/legacy/build/pdf.mjs');
pdfjs.catch(() => undefined);

/** The pages whose text is read for the statement period: it is stated at the top of the first page or two. */
const ADVICE_PAGES = 3;
/** The pages read for the balances and deposits: a month's statement, even a busy one. */
const CASH_PAGES = 30;

type Reading = { advice: StatementAdviceNote[]; cash?: CashReading; review?: StatementReview };

/**
 * A bank statement read the way the lender's people will read it (pdf.js, text extraction), to
 * tell the applicant at once when it is password-protected, unreadable, has no pages, or is for another
 * month than its slot. Advice only: an empty text (a scan) or a period read two ways gives none.
 * The same text, read on, gives the statement's daily balances and deposits (libs
 * cash-flow), kept with the file for the offers page; they never leave the api.
 */
async function advise(path: string, monthLabel: string, traces: FileTraces): Promise<Reading> {
  const { getDocument } = await pdfjs;
  const data = new Uint8Array(await readFile(path));
  // pdf.js may keep this copy until a collection: the thread is retired after a large statement.
  lastFileBytes = data.length;
  const task = getDocument({
    data,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise;
    if (pdf.numPages < 1) return { advice: [{ code: 'noPages' }] };
    const pageTexts: string[] = [];
    const pages: PageItem[][] = [];
    const readPages = async (upTo: number) => {
      for (let i = pageTexts.length + 1; i <= Math.min(pdf.numPages, upTo); i++) {
        const items = (await (await pdf.getPage(i)).getTextContent()).items as PdfTextItem[];
        pageTexts.push(pageLines(items));
        pages.push(pageItems(items));
      }
      return pageTexts.join('');
    };
    const wrong = wrongStatementPeriod(await readPages(ADVICE_PAGES), monthLabel);
    const advice: StatementAdviceNote[] = wrong
      ? [{ code: 'wrongPeriod', periodStart: wrong.start, periodEnd: wrong.end }]
      : [];
    // Its rows read once, for the cash and for the review's arithmetic.
    const ledger = readStatementLedger(await readPages(CASH_PAGES));
    // Checked for edits on the same reading (its cost is a few passes over the runs already extracted).
    const review = reviewStatement({ traces, pages, pageTexts, pageCount: pdf.numPages, ledger });
    if (review.findings.length) advice.push({ code: 'uploadAgain' });
    return { advice, cash: pdf.numPages > CASH_PAGES ? undefined : ledger.reading, review };
  } catch (e) {
    return {
      advice: [{ code: (e as Error).name === 'PasswordException' ? 'encrypted' : 'unreadable' }],
      // What the file's structure says is kept for the rep; the advice already asks for another copy.
      review: { findings: fileFindings(traces) },
    };
  } finally {
    await task.destroy();
  }
}

/**
 * The photos module (photos-to-pdf): built beside this file as CommonJS (.js); under the tests, its
 * TypeScript source, which Node runs with its types stripped.
 */
const PHOTOS_MODULE = new URL(
  import.meta.url.endsWith('.mts') ? './photos-to-pdf.ts' : './photos-to-pdf.js',
  import.meta.url,
).href;
type PhotosModule = typeof import('./photos-to-pdf.js');
// Said to be an ES module, as stack/esm-sources.mjs says of our sources (no reparse, no warning).
if (import.meta.url.endsWith('.mts'))
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      return resolved.url === PHOTOS_MODULE ? { ...resolved, format: 'module-typescript' } : resolved;
    },
  });

/**
 * A phone's photos (photo-conversion.ts sends them) judged and made into one PDF here, written to `out`:
 * pdf-lib decodes a PNG whole, seconds of CPU for a large one, and a hostile one would inflate to gigabytes
 * on the api's thread.
 */
async function convertPhotos(photos: string[], out: string) {
  const { photosToPdf, PhotoRefused } = (await import(PHOTOS_MODULE)) as PhotosModule;
  try {
    const pdf = await photosToPdf(await Promise.all(photos.map((p) => readFile(String(p)))));
    await writeFile(String(out), pdf, { mode: 0o600 });
    return { ok: true, pages: photos.length, size: pdf.length };
  } catch (e) {
    if (e instanceof PhotoRefused) return { ok: false, refused: e.reason };
    throw e;
  }
}

const heapMb = () => getHeapStatistics().used_heap_size / 1024 / 1024;

type Job = { path: string; statementMonth?: string } | { photos: string[]; out: string };

// Started ahead of its uploads (pdf-inspection.ts keeps a small pool): each file, or a phone's photos,
// comes by message, and the thread says when it is done with it and how big its heap has grown, so the api
// can retire it.
parentPort?.on('message', (job: Job) => {
  const port = parentPort!;
  if ('photos' in job) {
    void convertPhotos(Array.from(job.photos), job.out)
      .catch((e: Error) => ({ ok: false, reason: `failed: ${String(e?.message).slice(0, 200)}` }))
      .then((answer) => port.postMessage(answer))
      .finally(() => port.postMessage({ done: true, heapMb: heapMb(), fileMb: 0 }));
    return;
  }
  const { path, statementMonth } = job;
  // The decode budget is per document.
  decoded = 0;
  overBudget = false;
  lastFileBytes = 0;
  // The verdict first (it alone decides), then the advice, which the api waits for only a short while.
  inspect(String(path), (objectStreams) => port.postMessage({ prechecked: true, objectStreams }))
    .then(async (verdict) => {
      port.postMessage(verdict);
      if (verdict.ok && statementMonth)
        port.postMessage(await advise(String(path), statementMonth, verdict.traces).catch(() => ({ advice: [] })));
    })
    .catch((e: Error) => port.postMessage({ ok: false, reason: `failed: ${e.message.slice(0, 200)}` }))
    .finally(() => port.postMessage({ done: true, heapMb: heapMb(), fileMb: lastFileBytes / 1024 / 1024 }));
});
// Its modules loaded (this runs after every static import, then pdf.js's): a file's budget starts from here, not
// from the thread's start, which on a busy machine can take seconds that are not the file's.
void pdfjs.finally(() => parentPort?.postMessage({ ready: true }));
