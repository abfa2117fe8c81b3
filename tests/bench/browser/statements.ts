// The browser journey's bank statements: one per month the business's state asks for, each a readable
// statement of several pages (the period, the opening balance, a row per transaction with its balance, the
// closing balance) as the api's statement reading expects (libs statement-cash.ts), so the offers'
// affordability is computed from them as it is for a real applicant's.
import { PDFDocument, StandardFonts } from 'pdf-lib';

const MONTHS = [
  ...['January', 'February', 'March', 'April', 'May', 'June', 'July'],
  ...['August', 'September', 'October', 'November', 'December'],
];
const LINES_PER_PAGE = 30;
const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The statement for `monthLabel` ('September 2026'): `rows` transactions on `pages`-ish pages. */
export async function readableStatement(monthLabel: string, rows = 75): Promise<Uint8Array> {
  const [name, yearText] = monthLabel.split(' ');
  const month = MONTHS.indexOf(name!) + 1;
  const year = Number(yearText);
  if (month < 1 || !year) throw new Error(`not a month: ${monthLabel}`);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  let balance = 20_000;
  const lines = [
    'Northern Bank - Business checking statement',
    `Statement period: ${name} 1, ${year} - ${name} ${last}, ${year}`,
    `Opening balance ${money(balance)}`,
    'Date Description Amount Balance',
  ];
  for (let i = 0; i < rows; i++) {
    // Deposits and payments spread over the month, money in on most days (a business's card settlements).
    const day = 1 + Math.floor((i * last) / rows);
    const amount = i % 3 === 2 ? -(900 + (i % 7) * 110) : 1_100 + (i % 5) * 175;
    balance = Math.round((balance + amount) * 100) / 100;
    const what = amount > 0 ? 'Card settlement' : 'Supplier payment';
    lines.push(`${mm}/${String(day).padStart(2, '0')}/${year} ${what} ${money(amount)} ${money(balance)}`);
  }
  lines.push(`Closing balance ${money(balance)}`);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let first = 0; first < lines.length; first += LINES_PER_PAGE) {
    const page = doc.addPage([612, 792]);
    lines
      .slice(first, first + LINES_PER_PAGE)
      .forEach((text, i) => page.drawText(text, { x: 54, y: 740 - i * 22, size: 10, font }));
  }
  return doc.save();
}
