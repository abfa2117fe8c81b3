/**
 * The period a bank statement covers, read from its text, and whether it covers the month of
 * the slot it was put in. Advice only, so only certainty counts: a text with no period, or one whose
 * numeric dates read differently as month/day and day/month with different verdicts, gives no answer.
 */

export type Period = { start: string; end: string };

/**
 * Month names and abbreviations in the languages statements come in (English, French, Spanish: a US bank
 * may send its statements in Spanish), accents off, to their number (also read by domain/cash-flow.ts).
 */
export const MONTH_NUMBERS: Record<string, number> = {
  january: 1,
  jan: 1,
  janvier: 1,
  janv: 1,
  enero: 1,
  ene: 1,
  february: 2,
  feb: 2,
  fevrier: 2,
  fevr: 2,
  fev: 2,
  febrero: 2,
  march: 3,
  mar: 3,
  mars: 3,
  marzo: 3,
  april: 4,
  apr: 4,
  avril: 4,
  avr: 4,
  abril: 4,
  abr: 4,
  may: 5,
  mai: 5,
  mayo: 5,
  june: 6,
  jun: 6,
  juin: 6,
  junio: 6,
  july: 7,
  jul: 7,
  juillet: 7,
  juil: 7,
  julio: 7,
  august: 8,
  aug: 8,
  aout: 8,
  agosto: 8,
  ago: 8,
  september: 9,
  sep: 9,
  sept: 9,
  septembre: 9,
  septiembre: 9,
  setiembre: 9,
  october: 10,
  oct: 10,
  octobre: 10,
  octubre: 10,
  november: 11,
  nov: 11,
  novembre: 11,
  noviembre: 11,
  december: 12,
  dec: 12,
  decembre: 12,
  diciembre: 12,
  dic: 12,
};
export const MONTH_PATTERN = Object.keys(MONTH_NUMBERS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const fullYear = (y: number) => (y < 100 ? 2000 + y : y);
function iso(y: number, m: number, d: number): string | undefined {
  const year = fullYear(y);
  if (year < 1990 || year > 2100 || m < 1 || m > 12 || d < 1 || d > daysIn(year, m)) return undefined;
  return `${year}-${pad(m)}-${pad(d)}`;
}

/** Plain text, lower case, accents off, spaces single: what the patterns below read. */
const normalise = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');

// One date, in the ways statements write it. Numeric: the readings it may have (m/d/y, d/m/y).
const NUMERIC = String.raw`(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})`;
const ISO = String.raw`(\d{4})-(\d{2})-(\d{2})`;
const NAMED_MDY = String.raw`(${MONTH_PATTERN})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})`;
// Spanish sets 'de' before the month and the year: '1 de agosto de 2026'.
const NAMED_DMY = String.raw`(\d{1,2})(?:er|st|nd|rd|th)? (?:de )?(${MONTH_PATTERN})\.?,? (?:de )?(\d{4})`;
const DATE = `(?:${ISO}|${NUMERIC}|${NAMED_MDY}|${NAMED_DMY})`;
// A date, a range word, a date: 'from 08/01/2026 to 08/31/2026', 'du 1er aout 2026 au 31 aout 2026',
// 'del 1 de agosto de 2026 al 31 de agosto de 2026'.
const UNCAPTURED = DATE.replace(/\((?!\?)/g, '(?:');
const RANGE = new RegExp(
  `(${UNCAPTURED}) ?(?:-|–|—|to|through|thru|until|au|al|a|jusqu'au|hasta(?: el)?) ?(${UNCAPTURED})`,
  'g',
);
const ONE = new RegExp(`^${DATE}$`);

type Reading = { date: string; order: 'mdy' | 'dmy' | 'any' };

/** Every reading of one date written in the text ('08/01/2026': August 1st or January 8th). */
function readings(written: string): Reading[] {
  const m = ONE.exec(written);
  if (!m) return [];
  const [, iy, im, id, n1, n2, ny, mName, mDay, mYear, dDay, dName, dYear] = m;
  const out: { date: string | undefined; order: Reading['order'] }[] = [];
  if (iy) out.push({ date: iso(+iy, +im!, +id!), order: 'any' });
  if (n1) {
    out.push({ date: iso(+ny!, +n1, +n2!), order: 'mdy' });
    out.push({ date: iso(+ny!, +n2!, +n1), order: 'dmy' });
  }
  if (mName) out.push({ date: iso(+mYear!, MONTH_NUMBERS[mName]!, +mDay!), order: 'any' });
  if (dName) out.push({ date: iso(+dYear!, MONTH_NUMBERS[dName]!, +dDay!), order: 'any' });
  return out.filter((r): r is Reading => !!r.date);
}
const sameWay = (a: Reading, b: Reading) => a.order === 'any' || b.order === 'any' || a.order === b.order;

/**
 * The statement periods the text may state, first one found (the heading's, usually): each reading of
 * its two dates that makes a range of a few days to a few months.
 */
export function statementPeriods(text: string): Period[] {
  const t = normalise(text);
  for (const m of t.matchAll(RANGE)) {
    const [, from, to] = m;
    const pairs: Period[] = [];
    for (const a of readings(from!))
      for (const b of readings(to!)) {
        const days = (Date.parse(b.date) - Date.parse(a.date)) / 86_400_000;
        const period = { start: a.date, end: b.date };
        const known = pairs.some((p) => p.start === period.start && p.end === period.end);
        if (sameWay(a, b) && days >= 6 && days <= 95 && !known) pairs.push(period);
      }
    if (pairs.length) return pairs;
  }
  return [];
}

const MONTH_LABEL = /^([A-Z][a-z]+) (\d{4})$/;

/** Whether a period overlaps the slot's month ('October 2026', as statementMonths labels them). */
export function periodCoversMonth(period: Period, monthLabel: string): boolean | undefined {
  const m = MONTH_LABEL.exec(monthLabel);
  const month = m ? MONTH_NUMBERS[m[1]!.toLowerCase()] : undefined;
  if (!m || !month) return undefined;
  const first = `${m[2]}-${pad(month)}-01`;
  const last = `${m[2]}-${pad(month)}-${pad(daysIn(+m[2]!, month))}`;
  return period.start <= last && period.end >= first;
}

/**
 * The period to tell the applicant about when the statement is for another month than its slot: only
 * when every reading of the text agrees that it is (else undefined: no advice).
 */
export function wrongStatementPeriod(text: string, monthLabel: string): Period | undefined {
  const periods = statementPeriods(text);
  if (!periods.length) return undefined;
  const verdicts = periods.map((p) => periodCoversMonth(p, monthLabel));
  return verdicts.every((v) => v === false) ? periods[0] : undefined;
}
