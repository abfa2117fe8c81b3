import { describe, expect, it } from 'vitest';
import type { CashDays, CashReading } from './cash-flow';
import { withBankCheck } from './statement-bank-check';
import { readStatementLedger } from './statement-cash';
import {
  arithmeticFindings,
  EDITING_TOOLS,
  fileFindings,
  layoutFindings,
  pdfSaves,
  reviewStatement,
  reviewSummary,
  type PageItem,
} from './statement-review';

const AUGUST = { start: '2026-08-01', end: '2026-08-31' };
const bytes = (s: string) => new TextEncoder().encode(s);
const tool = (producer: string) => fileFindings({ saves: 1, producer }).find((f) => f.code === 'editingTool')?.detail;

describe('edit traces in the file', () => {
  it('counts saves by their cross-reference pointers, a linearized file’s first one not counted', () => {
    expect(pdfSaves(bytes('%PDF-1.7\n1 0 obj\nendobj\nstartxref\n9\n%%EOF\n'))).toBe(1);
    expect(pdfSaves(bytes('%PDF-1.7\nstartxref\n9\n%%EOF\n2 0 obj\nendobj\nstartxref\n40\n%%EOF\n'))).toBe(2);
    const linearized = '%PDF-1.7\n1 0 obj << /Linearized 1 >> endobj\nstartxref\n0\n%%EOF\n';
    expect(pdfSaves(bytes(`${linearized}xref\nstartxref\n99\n%%EOF\n`))).toBe(1);
    expect(fileFindings({ saves: 3 })).toEqual([{ code: 'laterSave', detail: '2' }]);
  });

  it('names an editing or converting tool, never what banks’ generators are built on', () => {
    expect(tool('Adobe Acrobat Pro DC 21.1.20155')).toBe('Adobe Acrobat');
    expect(tool('Microsoft® Word for Microsoft 365')).toBe('Microsoft Word');
    expect(tool('LibreOffice 7.5')).toBe('LibreOffice');
    expect(tool('iLovePDF')).toBe('iLovePDF');
    expect(tool('PDF-XChange Editor 9.5')).toBe('PDF-XChange Editor');
    for (const bank of ['Adobe Acrobat Distiller 23.0', 'Adobe PDF Library 17.0', 'iText 7.2.5', 'Crystal Reports'])
      expect(tool(bank), bank).toBeUndefined();
    expect(EDITING_TOOLS.map((t) => t.name)).toContain('Foxit PhantomPDF');
  });

  it('flags a file modified days after it was made, or made before its period ended', () => {
    const made = '2026-09-01T06:00:00.000Z';
    expect(fileFindings({ saves: 1, created: made, modified: '2026-09-02T08:00:00.000Z' }, AUGUST)).toEqual([]);
    expect(fileFindings({ saves: 1, created: made, modified: '2026-09-20T08:00:00.000Z' }, AUGUST)).toEqual([
      { code: 'modifiedLater', detail: '2026-09-20' },
    ]);
    expect(fileFindings({ saves: 1, created: '2026-08-31T23:00:00.000Z' }, AUGUST)).toEqual([]);
    expect(fileFindings({ saves: 1, created: '2026-08-20T10:00:00.000Z' }, AUGUST)).toEqual([
      { code: 'createdEarly', detail: '2026-08-20' },
    ]);
    // No period read: nothing to hold the dates against.
    expect(fileFindings({ saves: 1, created: '2026-08-20T10:00:00.000Z' })).toEqual([]);
  });
});

describe('edit traces on the pages', () => {
  const row = (y: number, amount: string, font = 'f1'): PageItem[] => [
    { str: '08/03 Card sales', font: 'f1', x: 54, y },
    { str: amount, font, x: 340, y },
    { str: '11,000.00', font: 'f1', x: 440, y },
  ];
  const heading: PageItem = { str: 'Northern Bank', font: 'bold', x: 54, y: 740 };

  it('finds a figure in a font its line and page do not otherwise use, with its page', () => {
    expect(layoutFindings([[heading, ...row(640, '1,000.00'), ...row(620, '2,000.00')]])).toEqual([]);
    expect(
      layoutFindings([
        [heading, ...row(640, '1,000.00')],
        [...row(640, '1,000.00'), ...row(620, '2,000.00', 'f9')],
      ]),
    ).toEqual([{ code: 'otherFont', page: 2, detail: '2,000.00' }]);
    // A whole line in bold (a total) is a generator's layout, not an edit.
    const total = [
      { str: 'Closing balance', font: 'bold', x: 54, y: 80 },
      { str: '11,000.00', font: 'bold', x: 440, y: 80 },
    ];
    expect(layoutFindings([[heading, ...row(640, '1,000.00'), ...total]])).toEqual([]);
  });

  it('finds different texts drawn at one place; the same text twice (a generator’s bold) is not one', () => {
    const page = [...row(640, '1,000.00'), { str: '19,000.00', font: 'f1', x: 440.2, y: 640 }];
    expect(layoutFindings([page])).toEqual([{ code: 'textOverText', page: 1, detail: '11,000.00' }]);
    expect(layoutFindings([[...row(640, '1,000.00'), heading, { ...heading, x: 54.3 }]])).toEqual([]);
  });
});

describe('the statement’s arithmetic', () => {
  const statement = (rows: string[], extra: string[] = []) =>
    ['Statement period: August 1, 2026 - August 31, 2026', 'Opening balance 10,000.00', ...rows, ...extra].join('\n') +
    '\n';
  const rows = ['08/03 Deposit 1,500.00 11,500.00', '08/04 Rent 2,000.00 9,500.00'];

  it('holds the closing balance and the deposits’ total the text states against its rows', () => {
    expect(arithmeticFindings([statement(rows, ['Total deposits 1,500.00', 'Closing balance 9,500.00'])], 1)).toEqual(
      [],
    );
    expect(arithmeticFindings([statement(rows, ['Total deposits 2,500.00', 'Closing balance 9,800.00'])], 1)).toEqual([
      { code: 'closingBalance', page: 1, detail: '9800.00 stated, 9500.00 by the rows' },
      { code: 'depositsTotal', detail: '2500.00 stated, 1500.00 by the rows' },
    ]);
  });

  it('holds a summary without rows to opening + deposits - withdrawals = closing', () => {
    const summary = (closing: string) =>
      [
        'For the period August 1, 2026 through August 31, 2026',
        'Opening balance 18,000.00',
        'Total deposits 42,000.00',
        'Total withdrawals 39,500.00',
        `Closing balance ${closing}`,
      ].join('\n');
    expect(arithmeticFindings([summary('20,500.00')], 1)).toEqual([]);
    expect(arithmeticFindings([summary('21,500.00')], 1)).toEqual([
      { code: 'closingBalance', page: 1, detail: '21500.00 stated, 20500.00 by the totals' },
    ]);
  });

  it('names the first row whose balance does not follow, on its page', () => {
    const pages = [statement([rows[0]!]), '08/04 Rent 2,000.00 9,400.00\nClosing balance 9,400.00\n'];
    expect(arithmeticFindings(pages, 2)).toEqual([
      { code: 'runningBalance', page: 2, detail: '08/04 rent 2,000.00 9,400.00' },
    ]);
    expect(readStatementLedger(pages.join('')).reading).toEqual({ readable: false, reason: 'balancesDisagree' });
  });

  it('reviews the rows the cash reading already read, not a second reading of the text', () => {
    const pages = [statement(rows)];
    const ledger = readStatementLedger(pages.join(''));
    const review = (given: typeof ledger) =>
      reviewStatement({ traces: { saves: 1 }, pages: [], pageTexts: pages, pageCount: 1, ledger: given });
    expect(review(ledger)).toEqual({ findings: [] });
    // The ledger given is the one judged: its broken row is named though the text's own rows add up.
    expect(review({ ...ledger, brokenRow: '08/03 rent 2,000.00 9,400.00' }).findings).toEqual([
      { code: 'runningBalance', page: undefined, detail: '08/03 rent 2,000.00 9,400.00' },
    ]);
  });

  it('finds pages missing by the statement’s own numbering', () => {
    expect(arithmeticFindings([statement(rows, ['Page 1 of 3'])], 1)).toEqual([
      { code: 'pagesMissing', detail: '1 of 3 pages' },
    ]);
    expect(arithmeticFindings([`${statement(rows)}Page 1 de 2\n`, 'Page 2 de 2\n'], 2)).toEqual([]);
  });

  it('reads a French statement’s closing balance', () => {
    const fr = [
      'Période : 2026-08-01 au 2026-08-31',
      "Solde d'ouverture 1 000,00 $",
      '2026-08-03 Dépôt 500,00 $ 1 500,00 $',
      'Solde de clôture 1 600,00 $',
    ].join('\n');
    expect(arithmeticFindings([fr], 1)).toEqual([
      { code: 'closingBalance', page: 1, detail: '1600.00 stated, 1500.00 by the rows' },
    ]);
  });
});

describe('the summary for the rep', () => {
  it('says consistent, or each finding with its page, within the length given', () => {
    expect(reviewSummary({ findings: [] })).toBe('consistent');
    expect(
      reviewSummary({
        findings: [
          { code: 'editingTool', detail: 'iLovePDF' },
          { code: 'runningBalance', page: 2, detail: '08/04 rent 2,000.00 9,400.00' },
        ],
      }),
    ).toBe('made or re-saved by iLovePDF; p.2: a running balance does not follow (08/04 rent 2,000.00 9,400.00)');
    const long = reviewSummary(
      { findings: Array.from({ length: 30 }, () => ({ code: 'laterSave', detail: '9' })) },
      100,
    );
    expect(long).toHaveLength(100);
  });
});

describe('against the bank connection', () => {
  const period = { start: '2026-08-01', end: '2026-08-03' };
  const cash = (closing: number, deposit: number): CashReading => ({
    readable: true,
    cash: {
      period,
      days: [
        { date: '2026-08-01', deposit: 0, balance: 1_000 },
        { date: '2026-08-02', deposit, balance: 1_000 + deposit },
        { date: '2026-08-03', deposit: 0, balance: closing },
      ],
    },
  });
  const none = { findings: [] };

  it("adds a finding when the closing balance or the deposits differ from the bank's for the same period", () => {
    expect(withBankCheck(none, cash(1_500, 500), cash(1_500, 500))).toEqual(none);
    expect(withBankCheck(none, cash(1_500, 500), cash(1_400, 400)).findings).toEqual([
      { code: 'bankDisagrees', detail: 'closing 1500.00, bank 1400.00' },
      { code: 'bankDisagrees', detail: 'deposits 500.00, bank 400.00' },
    ]);
    expect(reviewSummary(withBankCheck(none, cash(1_500, 500), cash(1_400, 500)))).toBe(
      "differs from the bank connection's figures for the period (closing 1500.00, bank 1400.00)",
    );
  });

  it('compares nothing without both readings, or over different periods', () => {
    const other: CashReading = {
      readable: true,
      cash: { ...(cash(1_400, 400) as { cash: CashDays }).cash, period: { ...period, end: '2026-08-04' } },
    };
    expect(withBankCheck(none, cash(1_500, 500), other)).toEqual(none);
    expect(withBankCheck(none, cash(1_500, 500), undefined)).toEqual(none);
    expect(withBankCheck(none, { readable: false, reason: 'noRows' }, cash(1_400, 400))).toEqual(none);
  });
});
