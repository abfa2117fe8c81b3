import { describe, expect, it } from 'vitest';
import {
  isRecentStatementMonth,
  checkPdfFile,
  documentFileName,
  looksLikePdf,
  MAX_FILE_BYTES,
  shownDocumentName,
  statementMonths,
} from './documents';
import { messageText } from './codes';

/** The rules answer codes; the English the api answers for them is what the specification words. */
const english = (code: string | undefined) => (code === undefined ? undefined : messageText(code));

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);

describe('statement months', () => {
  it('asks for the three previous months', () => {
    expect(statementMonths('TX', day(2026, 11, 23))).toEqual(['October 2026', 'September 2026', 'August 2026']);
  });
  it('asks for four in GA, FL, CA, VA, UT and NY', () => {
    for (const st of ['GA', 'FL', 'CA', 'VA', 'UT', 'NY'])
      expect(statementMonths(st, day(2026, 11, 23))).toHaveLength(4);
    expect(statementMonths('ON', day(2026, 11, 23))).toHaveLength(3);
  });
  it('shifts by one more month on the first day of the month, across the year', () => {
    expect(statementMonths('TX', day(2026, 11, 1))).toEqual(['September 2026', 'August 2026', 'July 2026']);
    expect(statementMonths('NY', day(2027, 1, 1))).toEqual([
      'November 2026',
      'October 2026',
      'September 2026',
      'August 2026',
    ]);
    expect(statementMonths('TX', day(2027, 1, 2))[0]).toBe('December 2026');
  });
});

describe('file checks', () => {
  const pdf = (size: number, name = 'statement.pdf', type = 'application/pdf') => ({ name, type, size });
  it('refuses anything but a PDF, including a renamed text file by its type', () => {
    expect(english(checkPdfFile(pdf(10, 'notes.txt', 'text/plain')))).toBe('Please upload only PDF files.');
    expect(english(checkPdfFile(pdf(10, 'renamed.pdf', 'text/plain')))).toBe('Please upload only PDF files.');
    expect(checkPdfFile(pdf(10, 'scan.PDF', ''))).toBeUndefined();
  });
  it('draws the 35MB line at 37,000,000 bytes', () => {
    expect(MAX_FILE_BYTES).toBe(37_000_000);
    expect(checkPdfFile(pdf(36_999_999))).toBeUndefined();
    expect(checkPdfFile(pdf(37_000_000))).toBeUndefined();
    expect(english(checkPdfFile(pdf(37_000_001)))).toBe('File size should be less than 35MB');
  });
  it('knows a PDF by its bytes, so a renamed .txt or an empty file is refused', () => {
    expect(looksLikePdf(new TextEncoder().encode('%PDF-1.7\n...'))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode('just some notes'))).toBe(false);
    expect(looksLikePdf(new Uint8Array(0))).toBe(false);
  });
  it('wants the PDF header at byte 0, so HTML with %PDF- in its first 1 KB is not a PDF', () => {
    expect(looksLikePdf(new TextEncoder().encode('<html><!-- %PDF-1.7 --><script>alert(1)</script>'))).toBe(false);
    expect(looksLikePdf(new TextEncoder().encode(' %PDF-1.7\n'))).toBe(false);
  });
  it('renames documents by month label or type', () => {
    expect(documentFileName('Bank Statement', 'October 2026')).toBe('october-2026.pdf');
    expect(documentFileName('Bank Statement', 'October 2026', 1)).toBe('october-2026-2.pdf');
    expect(documentFileName('Voided Check')).toBe('voided-check.pdf');
    expect(documentFileName('Drivers License')).toBe('drivers-license.pdf');
  });
});

describe('a stored name shown in the applicant’s language', () => {
  it('shows the spec’s stored names in French for fr-CA, their numbers kept', () => {
    expect(shownDocumentName('october-2026.pdf', 'fr-CA')).toBe('octobre-2026.pdf');
    expect(shownDocumentName('august-2026-2.pdf', 'fr-CA')).toBe('août-2026-2.pdf');
    expect(shownDocumentName('voided-check.pdf', 'fr-CA')).toBe('chèque-annulé.pdf');
    expect(shownDocumentName('voided-check-3.pdf', 'fr-CA')).toBe('chèque-annulé-3.pdf');
    expect(shownDocumentName('drivers-license.pdf', 'fr-CA')).toBe('permis-de-conduire.pdf');
    // Every name documentFileName makes has its French form.
    for (const m of statementMonths(undefined, new Date(2026, 11, 15)))
      expect(shownDocumentName(documentFileName('Bank Statement', m), 'fr-CA')).not.toBe(
        documentFileName('Bank Statement', m),
      );
  });

  it('shows them in Spanish for es-US, their numbers kept', () => {
    expect(shownDocumentName('october-2026.pdf', 'es-US')).toBe('octubre-2026.pdf');
    expect(shownDocumentName('august-2026-2.pdf', 'es-US')).toBe('agosto-2026-2.pdf');
    expect(shownDocumentName('voided-check.pdf', 'es-US')).toBe('cheque-anulado.pdf');
    expect(shownDocumentName('drivers-license-2.pdf', 'es-US')).toBe('licencia-de-conducir-2.pdf');
    expect(shownDocumentName('bank-statement.pdf', 'es-US')).toBe('estado-de-cuenta.pdf');
    for (const m of statementMonths(undefined, new Date(2026, 11, 15)))
      expect(shownDocumentName(documentFileName('Bank Statement', m), 'es-US')).not.toBe(
        documentFileName('Bank Statement', m),
      );
    expect(shownDocumentName('smarch-2026.pdf', 'es-US')).toBe('smarch-2026.pdf');
  });

  it('keeps the stored name in English, and any name of another shape as it is', () => {
    expect(shownDocumentName('october-2026.pdf', 'en')).toBe('october-2026.pdf');
    expect(shownDocumentName('voided-check.pdf', 'en')).toBe('voided-check.pdf');
    // A language the portal does not speak shows the stored name.
    expect(shownDocumentName('october-2026.pdf', 'de')).toBe('october-2026.pdf');
    expect(shownDocumentName('Relevé octobre.pdf', 'fr-CA')).toBe('Relevé octobre.pdf');
    expect(shownDocumentName('smarch-2026.pdf', 'fr-CA')).toBe('smarch-2026.pdf');
    expect(shownDocumentName('voided-check-2026.pdf', 'fr-CA')).toBe('voided-check-2026.pdf');
  });
});

describe('the statement months an upload may name', () => {
  const today = new Date(2026, 10, 26);
  it('takes the current month and the 24 before it, never a month to come or long past', () => {
    expect(isRecentStatementMonth('November 2026', today)).toBe(true);
    expect(isRecentStatementMonth('October 2026', today)).toBe(true);
    expect(isRecentStatementMonth('November 2024', today)).toBe(true);
    expect(isRecentStatementMonth('October 2024', today)).toBe(false);
    expect(isRecentStatementMonth('December 2026', today)).toBe(false);
    expect(isRecentStatementMonth('March 2000', today)).toBe(false);
    expect(isRecentStatementMonth('Octember 2026', today)).toBe(false);
  });
});
