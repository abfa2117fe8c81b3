// The sandbox bank's monthly statements as real PDFs (pdf-lib): the text names the period the way the
// portal's statement check reads it (libs statement-period.ts), with balances and deposits.
import { PDFDocument, StandardFonts } from 'pdf-lib';

const MONTHS = [
  ...['January', 'February', 'March', 'April', 'May', 'June', 'July'],
  ...['August', 'September', 'October', 'November', 'December'],
];

/** The months before `today` the bank has statements for, most recent first: { month 1-12, year }. */
export function pastMonths(today: Date, count: number): { month: number; year: number }[] {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1 - i, 1));
    return { month: d.getUTCMonth() + 1, year: d.getUTCFullYear() };
  });
}

const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** One month's statement of the sandbox checking account. */
export async function statementPdf(month: number, year: number, accountName: string): Promise<Uint8Array> {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const name = MONTHS[month - 1]!;
  const opening = 18_000 + month * 250;
  const deposits = 42_000 + month * 100;
  const withdrawals = 39_500;
  const doc = await PDFDocument.create();
  doc.setTitle(`${accountName} statement ${name} ${year}`);
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = [
    'First Platypus Bank (sandbox)',
    `${accountName} statement`,
    `For the period ${name} 1, ${year} through ${name} ${last}, ${year}`,
    `Opening balance ${money(opening)}`,
    `Total deposits ${money(deposits)}`,
    `Total withdrawals ${money(withdrawals)}`,
    `Closing balance ${money(opening + deposits - withdrawals)}`,
  ];
  lines.forEach((text, i) => page.drawText(text, { x: 72, y: 720 - i * 20, size: 12, font }));
  return doc.save();
}
