// The statement review's catch rate and false alarms on a corpus made here (tests/support/statement-corpus.ts):
// honest statements as banks' generators write them, and each doctored the ways edited statements reach
// lenders. Read through the real inspection thread, as an upload is. The files are left in
// tests/fixtures/statements/ (ignored by git) to open by hand.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewSummary, type StatementReview } from '@portal/libs';
import { bankStatement, DOCTORINGS, HONEST } from '../../../tests/support/statement-corpus';
import { inspectStatement } from './pdf-inspection';

const DIR = join(__dirname, '../../../tests/fixtures/statements');
const MONTHS: Record<string, string> = {
  'june-with-totals': 'June 2026',
  'august-one-page': 'August 2026',
  'september-three-pages': 'September 2026',
  'octobre-francais': 'October 2026',
};

type Outcome = { file: string; doctored: boolean; review?: StatementReview; uploadAgain: boolean };
const outcomes: Outcome[] = [];

async function read(file: string, bytes: Uint8Array, monthLabel: string, doctored: boolean) {
  const path = join(DIR, file);
  await writeFile(path, bytes);
  const { advice, review } = await inspectStatement(path, {
    applicationId: 'corpus',
    applicant: file,
    statementMonth: monthLabel,
  });
  const outcome = { file, doctored, review, uploadAgain: advice.some((a) => a.code === 'uploadAgain') };
  outcomes.push(outcome);
  return outcome;
}

beforeAll(async () => {
  await rm(DIR, { recursive: true, force: true });
  await mkdir(DIR, { recursive: true });
  for (const [name, statement] of Object.entries(HONEST)) {
    const bytes = await bankStatement(statement);
    await read(`${name}.pdf`, bytes, MONTHS[name]!, false);
    for (const [how, doctor] of Object.entries(DOCTORINGS))
      await read(`${name}--${how.replace(/\W+/g, '-')}.pdf`, await doctor(statement, bytes), MONTHS[name]!, true);
  }
}, 120_000);

afterAll(() => {
  const doctored = outcomes.filter((o) => o.doctored);
  const honest = outcomes.filter((o) => !o.doctored);
  const caught = doctored.filter((o) => o.review?.findings.length).length;
  const alarms = honest.filter((o) => o.review?.findings.length !== 0).length;
  // The figures docs/security.md reports ('Statement review').
  console.log(
    [
      `statement review: ${caught}/${doctored.length} doctored caught, ${alarms}/${honest.length} honest flagged`,
      ...outcomes.map(
        (o) =>
          `  ${o.doctored ? 'doctored' : 'honest  '} ${o.file}: ${o.review ? reviewSummary(o.review) : 'no review'}`,
      ),
    ].join('\n'),
  );
});

describe('the statement review on the corpus', () => {
  it('finds nothing on an honest statement, and asks nothing of its applicant', () => {
    const honest = outcomes.filter((o) => !o.doctored);
    expect(honest).toHaveLength(Object.keys(HONEST).length);
    for (const o of honest) {
      expect(o.review, o.file).toEqual({ findings: [] });
      expect(o.uploadAgain, o.file).toBe(false);
    }
  });

  it('catches every doctored statement, and asks its applicant to upload it again or connect the bank', () => {
    const doctored = outcomes.filter((o) => o.doctored);
    expect(doctored).toHaveLength(Object.keys(HONEST).length * Object.keys(DOCTORINGS).length);
    for (const o of doctored) {
      expect(o.review?.findings.length, o.file).toBeGreaterThan(0);
      expect(o.uploadAgain, o.file).toBe(true);
    }
  });

  it('names what each doctoring leaves, with the page where it is on one', () => {
    const codes = (file: string) => outcomes.find((o) => o.file === file)?.review?.findings.map((f) => f.code);
    const on = (file: string) => outcomes.find((o) => o.file === file)?.review?.findings ?? [];
    expect(codes('august-one-page--incremental-update-over-a-balance.pdf')).toContain('laterSave');
    expect(on('august-one-page--incremental-update-over-a-balance.pdf')).toContainEqual(
      expect.objectContaining({ code: 'textOverText', page: 1 }),
    );
    expect(codes('august-one-page--re-saved-by-a-converter.pdf')).toEqual(['editingTool', 'modifiedLater']);
    expect(on('september-three-pages--one-amount-changed-balances-left.pdf')).toEqual([
      expect.objectContaining({ code: 'runningBalance', page: 1 }),
    ]);
    expect(codes('octobre-francais--closing-balance-changed.pdf')).toEqual(['closingBalance']);
    expect(on('september-three-pages--amount-redrawn-in-another-font.pdf')).toEqual([
      expect.objectContaining({ code: 'otherFont', page: 1 }),
    ]);
    expect(codes('august-one-page--made-before-the-period-ended.pdf')).toEqual(['createdEarly']);
    expect(codes('june-with-totals--deposits-total-raised.pdf')).toEqual(['depositsTotal', 'closingBalance']);
    expect(codes('september-three-pages--a-page-left-out.pdf')).toContain('pagesMissing');
  });
});
