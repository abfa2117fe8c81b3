import { requiredStatementCount } from './application';
import { FILE_CODES, type MessageCode } from './codes';
import type { ByLanguage } from '../domain/language-table';
import { isApplicantLanguage } from '../domain/languages';

/** The 35MB message is checked at 37,000,000 bytes (the specification's figure). */
export const MAX_FILE_BYTES = 37_000_000;

export const FILE_TYPES = {
  bankStatement: 'Bank Statement',
  voidedCheck: 'Voided Check',
  driversLicense: 'Drivers License',
} as const;
export type FileType = (typeof FILE_TYPES)[keyof typeof FILE_TYPES];
export const isFileType = (v: unknown): v is FileType => Object.values(FILE_TYPES).includes(v as FileType);

/** The English month names of the statement slots' labels ('October 2026'). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The statement months an upload may name. The page asks for the last few full months
 * (statementMonths); the api takes any of the last STATEMENT_MONTHS_BACK months up to the current one, so
 * a browser a time zone away, or a page left open past a month's end, is never refused, while 'March
 * 2000' is.
 */
export const STATEMENT_MONTHS_BACK = 24;
export function isRecentStatementMonth(label: string, today: Date): boolean {
  const m = /^([A-Z][a-z]+) (\d{4})$/.exec(label);
  const month = m ? MONTH_NAMES.indexOf(m[1]!) : -1;
  if (month === -1) return false;
  const age = (today.getFullYear() - Number(m![2])) * 12 + today.getMonth() - month;
  return age >= 0 && age <= STATEMENT_MONTHS_BACK;
}

/** Files one document slot (one statement month, the voided check, the license) may hold: several, not 13. */
export const MAX_FILES_PER_SLOT = 5;

/**
 * The statement months to ask for, most recent first: the previous months, shifted back by one more on
 * the first day of the month (that month's statement is not out yet). 'October 2026', ...
 */
export function statementMonths(businessState: string | undefined, today: Date): string[] {
  const count = requiredStatementCount(businessState);
  const shift = today.getDate() === 1 ? 2 : 1;
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(today.getFullYear(), today.getMonth() - shift - i, 1);
    return `${MONTH_NAMES[d.getMonth()]} ${d.getFullYear()}`;
  });
}

/**
 * The name a document is stored under: bank statements by month label, the others by type, the names the
 * lender's and the CRM's files keep.
 */
export function documentFileName(type: FileType, monthLabel?: string, index = 0): string {
  const base =
    type === FILE_TYPES.voidedCheck
      ? 'voided-check'
      : type === FILE_TYPES.driversLicense
        ? 'drivers-license'
        : (monthLabel ?? 'bank-statement').toLowerCase().replace(/\s+/g, '-');
  return `${base}${index > 0 ? `-${index + 1}` : ''}.pdf`;
}

/** A stored document's base name, as documentFileName writes it for a type (not a month's statement). */
type DocumentBase = 'voided-check' | 'drivers-license' | 'bank-statement';

/**
 * How each language shows a stored document's name: its month names (January first) and its words for the
 * documents, or null where the stored (English) names are shown as they are.
 */
const SHOWN_NAMES: ByLanguage<{ months: readonly string[]; documents: Record<DocumentBase, string> } | null> = {
  en: null,
  'fr-CA': {
    months: [
      'janvier',
      'février',
      'mars',
      'avril',
      'mai',
      'juin',
      'juillet',
      'août',
      'septembre',
      'octobre',
      'novembre',
      'décembre',
    ],
    documents: {
      'voided-check': 'chèque-annulé',
      'drivers-license': 'permis-de-conduire',
      'bank-statement': 'relevé-bancaire',
    },
  },
  'es-US': {
    months: [
      'enero',
      'febrero',
      'marzo',
      'abril',
      'mayo',
      'junio',
      'julio',
      'agosto',
      'septiembre',
      'octubre',
      'noviembre',
      'diciembre',
    ],
    documents: {
      'voided-check': 'cheque-anulado',
      'drivers-license': 'licencia-de-conducir',
      'bank-statement': 'estado-de-cuenta',
    },
  },
};
const isDocumentBase = (base: string): base is DocumentBase =>
  base === 'voided-check' || base === 'drivers-license' || base === 'bank-statement';

/**
 * A stored document's name as the applicant reads it. The name stays the one documentFileName
 * fixes (`october-2026.pdf`, `voided-check.pdf`, `drivers-license.pdf`: the lender's and the CRM's files
 * keep it); in another language it is shown in that language (`octobre-2026.pdf`, `chèque-annulé.pdf` in
 * Canadian French; `octubre-2026.pdf`, `cheque-anulado.pdf` in Spanish), its number kept. A name of any
 * other shape is shown as it is.
 */
export function shownDocumentName(fileName: string, language: string): string {
  const names = isApplicantLanguage(language) ? SHOWN_NAMES[language] : null;
  if (!names) return fileName;
  const m = /^([a-z]+(?:-[a-z]+)*)(-\d{4})?(-\d+)?\.pdf$/.exec(fileName);
  if (!m) return fileName;
  const [, base = '', year = '', number = ''] = m;
  const month = MONTH_NAMES.findIndex((name) => name.toLowerCase() === base);
  if (year && month >= 0) return `${names.months[month]}${year}${number}.pdf`;
  return !year && isDocumentBase(base) ? `${names.documents[base]}${number}.pdf` : fileName;
}

/** The client-side check of a chosen file (the server checks again, and looks at the bytes too). */
export function checkPdfFile(file: { name: string; type: string; size: number }): MessageCode | undefined {
  const pdf = file.type === 'application/pdf' || (!file.type && file.name.toLowerCase().endsWith('.pdf'));
  if (!pdf) return FILE_CODES.pdfOnly;
  if (file.size > MAX_FILE_BYTES) return FILE_CODES.tooLarge;
  return undefined;
}

/**
 * A PDF starts with '%PDF-' at byte 0, as ISO 32000 writes it. Readers also accept it anywhere in the first
 * 1024 bytes, but that tolerance is what lets an HTML page carrying '%PDF-' in a comment pass for a PDF
 * (a page the browser would run, served back as a document), and no bank, scanner or phone writes anything before the
 * header.
 */
export function looksLikePdf(head: Uint8Array): boolean {
  return String.fromCharCode(...head.subarray(0, 5)) === '%PDF-';
}

/**
 * What the server's reading of an uploaded bank statement may advise: it cannot read the file,
 * the file is password-protected, it has no pages, or its statement period does not cover the slot's
 * month. Advice only: the statement is kept either way, and a file it cannot judge gets none.
 * 'uploadAgain': its review (libs statement-review) found something for the rep to look at; the applicant
 * is asked, in neutral words, for the statement as the bank gave it or to connect the bank.
 */
export const STATEMENT_ADVICE = ['unreadable', 'encrypted', 'noPages', 'wrongPeriod', 'uploadAgain'] as const;
export type StatementAdvice = (typeof STATEMENT_ADVICE)[number];
export const isStatementAdvice = (v: unknown): v is StatementAdvice => STATEMENT_ADVICE.includes(v as StatementAdvice);
/** One piece of advice on an uploaded statement; a wrong period carries the period read (YYYY-MM-DD). */
export type StatementAdviceNote = { code: StatementAdvice; periodStart?: string; periodEnd?: string };
