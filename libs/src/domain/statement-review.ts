/**
 * A bank statement checked for signs of editing, for the funding rep: traces an editor leaves in the file
 * (a later save appended to the bank's, an editing or converting tool as its producer, dates that do not
 * fit the period, a figure in another font or drawn over another), and the statement's own arithmetic.
 * Findings are for the rep to look at, never a verdict: the applicant is only asked, in neutral words, to
 * upload the statement again as the bank gave it or to connect the bank (advice 'uploadAgain').
 * Pure: the inspection thread (api pdf-inspection.worker.mts) gathers what pdf-lib and pdf.js read.
 */
import { indexOfAscii } from '../validation/pdf';
import { statementPeriods, type Period } from '../validation/statement-period';
import { round2 } from './cash-flow';
import { CLOSING_BALANCE, readStatementLedger, statementLines, type StatementLedger } from './statement-cash';

/**
 * Tools that edit or convert PDFs, matched against a statement's Producer and Creator. Reviewed by hand:
 * each is a tool people use to change a PDF's text or re-save it, never what a bank's statement system
 * writes. Left out on purpose: Adobe's Distiller and PDF Library, iText, Crystal Reports, pdf-lib, and the
 * like, which banks' generators are built on. A tool added here flags every statement it produces.
 */
export const EDITING_TOOLS: readonly { name: string; pattern: RegExp }[] = [
  // Acrobat (Pro, Standard, DC) saving an edit; not 'Adobe Acrobat Distiller', which prints banks' PDFs.
  { name: 'Adobe Acrobat', pattern: /\badobe acrobat(?! distiller)\b/i },
  { name: 'iLovePDF', pattern: /\bilovepdf\b/i },
  { name: 'Smallpdf', pattern: /\bsmallpdf\b/i },
  { name: 'PDFescape', pattern: /\bpdfescape\b/i },
  { name: 'Sejda', pattern: /\bsejda\b/i },
  { name: 'Microsoft Word', pattern: /\bmicrosoft(?:®)? (?:office )?word\b/i },
  { name: 'LibreOffice', pattern: /\blibreoffice\b|\bopenoffice\b/i },
  { name: 'PDF-XChange Editor', pattern: /\bpdf-xchange editor\b/i },
  { name: 'Foxit PhantomPDF', pattern: /\bfoxit (?:phantompdf|pdf editor)\b/i },
];

export const REVIEW_CODES = [
  'laterSave',
  'editingTool',
  'modifiedLater',
  'createdEarly',
  'otherFont',
  'textOverText',
  'runningBalance',
  'closingBalance',
  'depositsTotal',
  'pagesMissing',
  'bankDisagrees',
] as const;
export type ReviewCode = (typeof REVIEW_CODES)[number];
/** One finding, with the page it is on when it is on one, and a short detail (a tool, a figure, a date). */
export type ReviewFinding = { code: ReviewCode; page?: number; detail?: string };
/** A statement's review: no finding is 'consistent'. */
export type StatementReview = { findings: ReviewFinding[] };

/** What the file itself says of how it was made (pdf-lib's reading of its Info dictionary, and its bytes). */
export type FileTraces = {
  /** Cross-reference sections ('startxref'): one per save, a linearized file's first one not counted. */
  saves: number;
  producer?: string;
  creator?: string;
  /** ISO date-times. */
  created?: string;
  modified?: string;
};
/** A run of text on a page as pdf.js extracts it: its font (pdf.js's name for it) and its origin. */
export type PageItem = { str: string; font: string; x: number; y: number };

/** Saves in a PDF: its 'startxref' pointers, less the extra one a linearized ('fast web view') file starts with. */
export function pdfSaves(bytes: Uint8Array): number {
  let saves = 0;
  for (let i = indexOfAscii(bytes, 'startxref'); i !== -1; i = indexOfAscii(bytes, 'startxref', i + 9)) saves++;
  const linearized = indexOfAscii(bytes.subarray(0, 1024), '/Linearized') !== -1;
  return Math.max(1, linearized ? saves - 1 : saves);
}

const DAY_MS = 86_400_000;
/** A statement re-saved (a download's metadata touched) within this of its making is not 'modified later'. */
const MODIFIED_LATER_DAYS = 2;

/** Traces of an editor in the file's structure and metadata, against the statement's period when read. */
export function fileFindings(traces: FileTraces, period?: Period): ReviewFinding[] {
  const out: ReviewFinding[] = [];
  if (traces.saves > 1) out.push({ code: 'laterSave', detail: String(traces.saves - 1) });
  const tool = EDITING_TOOLS.find((t) => [traces.producer, traces.creator].some((v) => v && t.pattern.test(v)));
  if (tool) out.push({ code: 'editingTool', detail: tool.name });
  const created = traces.created ? Date.parse(traces.created) : NaN;
  const modified = traces.modified ? Date.parse(traces.modified) : NaN;
  if (modified - created > MODIFIED_LATER_DAYS * DAY_MS)
    out.push({ code: 'modifiedLater', detail: new Date(modified).toISOString().slice(0, 10) });
  // Made before the last day of its period: no bank prints a statement for days still to come.
  if (period && traces.created && traces.created.slice(0, 10) < period.end)
    out.push({ code: 'createdEarly', detail: traces.created.slice(0, 10) });
  return out;
}

const AMOUNT_LIKE = /\d[.,]\d{2}\b/;
const near = (a: number, b: number) => Math.abs(a - b) < 1;
/** Runs looked at per page: a statement's page has hundreds; a file built to be slow, far more. */
const LAYOUT_ITEMS = 5_000;

/** The first of two different texts drawn within a point of each other (runs bucketed by whole points). */
function drawnOver(items: PageItem[]): PageItem | undefined {
  const at = new Map<string, PageItem[]>();
  for (const t of items) {
    const [x, y] = [Math.round(t.x), Math.round(t.y)];
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const o of at.get(`${x + dx}|${y + dy}`) ?? [])
          if (near(o.x, t.x) && near(o.y, t.y) && o.str.trim() !== t.str.trim()) return o;
    const key = `${x}|${y}`;
    const bucket = at.get(key);
    if (bucket) bucket.push(t);
    else at.set(key, [t]);
  }
  return undefined;
}

/**
 * Traces of an edit on the pages: a figure in a font its line and page otherwise do not use (text added
 * with another font over a white box), and two different texts drawn at the same place (the old figure
 * still under the new one). Same text twice at one place is a generator's bold, not counted.
 */
export function layoutFindings(pages: PageItem[][]): ReviewFinding[] {
  const out: ReviewFinding[] = [];
  pages.forEach((raw, i) => {
    const page = i + 1;
    const items = raw.filter((t) => t.str.trim()).slice(0, LAYOUT_ITEMS);
    const uses = new Map<string, number>();
    for (const t of items) uses.set(t.font, (uses.get(t.font) ?? 0) + 1);
    const rare = (t: PageItem) => (uses.get(t.font) ?? 0) <= 2;
    const odd = items.find(
      (t) => rare(t) && AMOUNT_LIKE.test(t.str) && items.some((o) => !rare(o) && o.font !== t.font && near(o.y, t.y)),
    );
    if (odd) out.push({ code: 'otherFont', page, detail: odd.str.trim().slice(0, 40) });
    const over = drawnOver(items);
    if (over) out.push({ code: 'textOverText', page, detail: over.str.trim().slice(0, 40) });
  });
  return out;
}

/** The page (1-based) whose text has `line` (a line as the statement reading reads it), if one does. */
function pageWith(pageTexts: string[], line: string): number | undefined {
  const i = pageTexts.findIndex((t) => statementLines(t).includes(line));
  return i === -1 ? undefined : i + 1;
}
const pageMatching = (pageTexts: string[], label: RegExp) => {
  const i = pageTexts.findIndex((t) => statementLines(t).some((l) => label.test(l)));
  return i === -1 ? undefined : i + 1;
};

const PAGE_OF = /\b(?:page|p\.) ?(\d{1,3}) ?(?:of|de|sur|\/) ?(\d{1,3})\b/;

/**
 * The statement's arithmetic, as far as its text reads (libs statement-cash): each running balance follows
 * from the one before, the opening balance plus the deposits less the withdrawals is the closing balance
 * it states, the deposits add up to the total it states, and no page it numbers ('Page 2 of 3') is missing.
 * A statement whose rows cannot be read (a scan, an unknown layout) gives no arithmetic finding.
 */
export function arithmeticFindings(
  pageTexts: string[],
  pageCount: number,
  ledger: StatementLedger = readStatementLedger(pageTexts.join('')),
): ReviewFinding[] {
  const out: ReviewFinding[] = [];
  if (ledger.brokenRow)
    out.push({
      code: 'runningBalance',
      page: pageWith(pageTexts, ledger.brokenRow),
      detail: ledger.brokenRow.slice(0, 60),
    });
  if (ledger.reading.readable) {
    const days = ledger.reading.cash.days;
    const last = days[days.length - 1]?.balance;
    if (ledger.closing !== undefined && last !== undefined && Math.abs(ledger.closing - last) > 0.005)
      out.push({
        code: 'closingBalance',
        page: pageMatching(pageTexts, CLOSING_BALANCE),
        detail: `${ledger.closing.toFixed(2)} stated, ${last.toFixed(2)} by the rows`,
      });
    const deposits = round2(days.reduce((sum, d) => sum + d.deposit, 0));
    if (ledger.depositsTotal !== undefined && Math.abs(ledger.depositsTotal - deposits) > 0.005)
      out.push({
        code: 'depositsTotal',
        detail: `${ledger.depositsTotal.toFixed(2)} stated, ${deposits.toFixed(2)} by the rows`,
      });
  }
  // A statement with a summary and no rows read (or rows that did add up): opening + deposits - withdrawals.
  const { opening, depositsTotal: inTotal, withdrawalsTotal: outTotal, closing } = ledger;
  if (opening !== undefined && inTotal !== undefined && outTotal !== undefined && closing !== undefined) {
    const summed = round2(opening + inTotal - Math.abs(outTotal));
    if (Math.abs(summed - closing) > 0.005 && !out.some((f) => f.code === 'closingBalance'))
      out.push({
        code: 'closingBalance',
        page: pageMatching(pageTexts, CLOSING_BALANCE),
        detail: `${closing.toFixed(2)} stated, ${summed.toFixed(2)} by the totals`,
      });
  }
  const numbered = pageTexts
    .flatMap((t) => statementLines(t))
    .map((l) => PAGE_OF.exec(l))
    .find((m) => m && +m[1]! <= +m[2]!);
  if (numbered && +numbered[2]! !== pageCount)
    out.push({ code: 'pagesMissing', detail: `${pageCount} of ${numbered[2]} pages` });
  return out;
}

/**
 * Every check on one statement: its file, its pages' layout and its arithmetic. `ledger`: the pages' text
 * already read by readStatementLedger (the cash reading does it), so that it is not read twice.
 */
export function reviewStatement(input: {
  traces: FileTraces;
  pages: PageItem[][];
  pageTexts: string[];
  pageCount: number;
  ledger?: StatementLedger;
}): StatementReview {
  const periods = statementPeriods(input.pageTexts.join(''));
  return {
    findings: [
      ...fileFindings(input.traces, periods.length === 1 ? periods[0] : undefined),
      ...layoutFindings(input.pages),
      ...arithmeticFindings(input.pageTexts, input.pageCount, input.ledger),
    ],
  };
}

const WORDS: Record<ReviewCode, string> = {
  laterSave: 'saved again after the original (incremental updates: {d})',
  editingTool: 'made or re-saved by {d}',
  modifiedLater: 'modified {d}, days after it was created',
  createdEarly: 'created {d}, before its period ended',
  otherFont: 'figure in a font the page does not otherwise use ({d})',
  textOverText: 'text drawn over other text ({d})',
  runningBalance: 'a running balance does not follow ({d})',
  closingBalance: 'closing balance does not add up ({d})',
  depositsTotal: 'deposits total does not add up ({d})',
  pagesMissing: 'pages missing ({d})',
  bankDisagrees: "differs from the bank connection's figures for the period ({d})",
};

/** The review in one line for the rep: 'consistent', or each finding with its page; at most `max` characters. */
export function reviewSummary(review: StatementReview, max = 900): string {
  if (!review.findings.length) return 'consistent';
  const text = review.findings
    .map((f) => `${f.page ? `p.${f.page}: ` : ''}${WORDS[f.code].replace('{d}', f.detail ?? '')}`)
    .join('; ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
