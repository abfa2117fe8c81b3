/**
 * A statement's text to its days of cash. Only certainty counts, as for the statement period: a text whose
 * rows do not add up, whose dates read two ways, or that has no opening balance is 'not readable enough',
 * never guessed at, since an offer's affordability shown on a misread statement would mislead the applicant.
 */
import { MONTH_NUMBERS, MONTH_PATTERN, statementPeriods, type Period } from '../validation/statement-period';
import { cashFromEntries, type CashEntry, type CashReading } from './cash-flow';

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
function iso(y: number, m: number, d: number): string | undefined {
  const year = y < 100 ? 2000 + y : y;
  if (m < 1 || m > 12 || d < 1 || d > daysIn(year, m)) return undefined;
  return `${year}-${pad(m)}-${pad(d)}`;
}
const plain = (line: string) =>
  line
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * An amount with exactly two decimals, as statements print them: '1,234.56', '1 234,56 $', '$1234.56',
 * '(12.00)' or '-12.00' or '12.00-' negative. Group separators: comma, dot, space, no-break spaces.
 */
const AMOUNT =
  /(?<![\d.,/])(\(?-?\$?\s?)(\d{1,3}(?:[ ,.\u00a0\u202f]\d{3})+|\d+)([.,]\d{2})(\s?\$?\)?-?)(?!\d|[.,/-]\d)/g;

function amountsIn(line: string): number[] {
  const out: number[] = [];
  for (const m of line.matchAll(AMOUNT)) {
    const [, before, whole, cents, after] = m;
    const value = Number(whole!.replace(/[ ,.\u00a0\u202f]/g, '')) + Number(cents!.slice(1)) / 100;
    const negative = before!.includes('-') || before!.includes('(') || after!.trim().endsWith('-');
    out.push(negative ? -value : value);
  }
  return out;
}

// A row's date at the start of its line: the readings it may have, by the order numeric dates are written.
type RowDate = { mdy?: string; dmy?: string; any?: string };
const ROW_ISO = /^(\d{4})-(\d{2})-(\d{2})\b/;
const ROW_NUMERIC = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{4}|\d{2}))?(?![\d/.-])/;
const ROW_NAMED_MD = new RegExp(`^(${MONTH_PATTERN})\\.? (\\d{1,2})(?:st|nd|rd|th)?,?(?: (\\d{4}))?\\b`);
const ROW_NAMED_DM = new RegExp(`^(\\d{1,2})(?:er|st|nd|rd|th)? (${MONTH_PATTERN})\\.?,?(?: (\\d{4}))?\\b`);

/** The date a row starts with, in each reading, its year from the period when the row leaves it out. */
function rowDate(line: string, period: Period): RowDate | undefined {
  const year = (written: string | undefined, month: number) =>
    written ? +written : month < +period.start.slice(5, 7) ? +period.end.slice(0, 4) : +period.start.slice(0, 4);
  let m = ROW_ISO.exec(line);
  if (m) return { any: iso(+m[1]!, +m[2]!, +m[3]!) };
  m = ROW_NUMERIC.exec(line);
  if (m) {
    const [, a, b, y] = m;
    return { mdy: iso(year(y, +a!), +a!, +b!), dmy: iso(year(y, +b!), +b!, +a!) };
  }
  m = ROW_NAMED_MD.exec(line);
  if (m) return { any: iso(year(m[3], MONTH_NUMBERS[m[1]!]!), MONTH_NUMBERS[m[1]!]!, +m[2]!) };
  m = ROW_NAMED_DM.exec(line);
  if (m) return { any: iso(year(m[3], MONTH_NUMBERS[m[2]!]!), MONTH_NUMBERS[m[2]!]!, +m[1]!) };
  return undefined;
}

const OPENING =
  /\b(?:opening|beginning|starting|previous) balance\b|\bbalance (?:forward|brought forward)\b|\bsolde (?:d'ouverture|d’ouverture|precedent|initial|anterieur|reporte)\b/;
/** The balance a statement states at its end, and the total of its deposits ('Total deposits'). */
export const CLOSING_BALANCE =
  /\b(?:closing|ending|new) balance\b|\bbalance (?:at|as of) end\b|\bsolde (?:de cloture|final|de fermeture)\b/;
const DEPOSITS_TOTAL = /\btotal (?:of )?(?:deposits|credits)\b|\btotal des (?:depots|credits)\b/;
const WITHDRAWALS_TOTAL = /\btotal (?:of )?(?:withdrawals|debits)\b|\btotal des (?:retraits|debits)\b/;
const CENTS = 0.005;
const MAX_LINE = 400;

/** readStatementCash's reading with what the statement's review checks: its stated totals and a broken row. */
export type StatementLedger = {
  reading: CashReading;
  /** The opening and closing balances and the totals the text states, when it states them. */
  opening?: number;
  closing?: number;
  depositsTotal?: number;
  withdrawalsTotal?: number;
  /** The first row (as read: lower case, accents and extra spaces dropped) whose balance does not follow. */
  brokenRow?: string;
};

/** A statement's lines as readStatementCash reads them (see `plain`). */
export const statementLines = (text: string) =>
  text
    .split(/\r?\n/)
    .filter((l) => l.length <= MAX_LINE)
    .map(plain)
    .filter(Boolean);

/** The last amount on the first line matching `label`, if any. */
function labelled(lines: string[], label: RegExp): number | undefined {
  for (const line of lines)
    if (label.test(line)) {
      const amounts = amountsIn(line);
      if (amounts.length) return amounts[amounts.length - 1];
    }
  return undefined;
}

/**
 * A statement's text (lines; pdf.js's items joined per line) to its days. What is read:
 * - the period (statementPeriods, the heading's range);
 * - the opening balance ('Opening balance 10,000.00', 'Solde d'ouverture 10 000,00 $');
 * - each row: a line starting with a date and ending with its amount and the balance after it. Each row's
 *   balance must differ from the one before by exactly its amount: a rise is money in (a deposit), a fall
 *   money out. A row that does not add up, a dated row with a single amount, or dates that read two ways
 *   (03/08 as March 8 and as August 3, both inside the period) make the statement not readable enough.
 */
export const readStatementCash = (text: string): CashReading => readStatementLedger(text).reading;

/** readStatementCash, with the totals the text states and the first row that does not add up. */
export function readStatementLedger(text: string): StatementLedger {
  // A statement's lines are short: a longer one (a file built to make the patterns below slow) is not read.
  const lines = statementLines(text);
  const stated: Omit<StatementLedger, 'reading' | 'brokenRow'> = {
    closing: labelled(lines, CLOSING_BALANCE),
    depositsTotal: labelled(lines, DEPOSITS_TOTAL),
    withdrawalsTotal: labelled(lines, WITHDRAWALS_TOTAL),
  };
  const ledger = (reading: CashReading, brokenRow?: string): StatementLedger => ({
    reading,
    ...Object.fromEntries(Object.entries(stated).filter(([, v]) => v !== undefined)),
    ...(brokenRow ? { brokenRow } : {}),
  });
  const periods = statementPeriods(text);
  if (!periods.length) return ledger({ readable: false, reason: 'noPeriod' });
  let opening: number | undefined;
  const rows: { line: string; amount: number; balance: number }[] = [];
  for (const line of lines) {
    if (opening === undefined && OPENING.test(line)) {
      const amounts = amountsIn(line);
      if (amounts.length) stated.opening = opening = amounts[amounts.length - 1];
      continue;
    }
    const dated = /^(\d|[a-z]{3,9}\.? \d)/.test(line) && periods.some((p) => rowDate(line, p));
    if (!dated) continue;
    // The period's own line ('08/01/2026 - 08/31/2026') is not a row.
    if (statementPeriods(line).length) continue;
    const amounts = amountsIn(line);
    if (amounts.length === 0) continue;
    if (amounts.length === 1) return ledger({ readable: false, reason: 'rowWithoutBalance' });
    rows.push({ line, amount: Math.abs(amounts[amounts.length - 2]!), balance: amounts[amounts.length - 1]! });
  }
  if (opening === undefined) return ledger({ readable: false, reason: 'noOpeningBalance' });
  if (!rows.length) return ledger({ readable: false, reason: 'noRows' });

  // The readings under which every row falls in the period, in order: exactly one set of dates must remain.
  const candidates = new Map<string, { period: Period; dates: string[] }>();
  for (const period of periods)
    for (const order of ['mdy', 'dmy'] as const) {
      const dates = rows.map((r) => {
        const d = rowDate(r.line, period);
        return d?.any ?? d?.[order];
      });
      const fits = dates.every(
        (d, i) => !!d && d >= period.start && d <= period.end && (i === 0 || d >= dates[i - 1]!),
      );
      if (fits) candidates.set(`${period.start}|${period.end}|${dates.join()}`, { period, dates: dates as string[] });
    }
  if (candidates.size !== 1) return ledger({ readable: false, reason: 'datesUnclear' });
  const { period, dates } = [...candidates.values()][0]!;

  const entries: CashEntry[] = [];
  let before = opening;
  for (const [i, row] of rows.entries()) {
    const change = row.balance - before;
    if (Math.abs(Math.abs(change) - row.amount) > CENTS)
      return ledger({ readable: false, reason: 'balancesDisagree' }, row.line);
    entries.push({ date: dates[i]!, deposit: change > 0 ? row.amount : 0, balance: row.balance });
    before = row.balance;
  }
  return ledger({ readable: true, cash: cashFromEntries(period, entries, opening) });
}
