// Bank statements for the statement review (libs statement-review): honest ones as a bank's generator
// writes them, and the same statements doctored the ways edited statements reach lenders. Made by the
// tests (statement-review.spec.ts writes them to tests/fixtures/statements/ to open by hand).
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, StandardFonts, type PDFFont } from 'pdf-lib';

type Row = [date: string, description: string, amount: number];
export type Statement = {
  bank: string;
  period: string;
  opening: number;
  rows: Row[];
  /** Rows per page; 'Page n of N' is printed when there is more than one. */
  perPage?: number;
  language?: 'en' | 'fr';
  /** The generator's name (Producer) and when it made the file (period end + a day, as banks do). */
  producer: string;
  /** The Creator, when it is not the producer. */
  creator?: string;
  /** Prints 'Total deposits' and 'Total withdrawals' above the closing balance. */
  totals?: boolean;
  created: Date;
  modified?: Date;
  /** What a forger changed: a row's amount (its balances left as printed), or the closing balance. */
  tamper?: { row?: number; amount?: number; closing?: number; fontOf?: number; depositsAdded?: number };
  /** Some generators draw a heading twice, a fraction of a point apart, for a bold look. */
  fakeBold?: boolean;
  useObjectStreams?: boolean;
};

const money = (n: number, fr: boolean) =>
  fr
    ? `${n.toLocaleString('fr-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} $`
    : n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Where each row's balance is printed: the incremental edit below draws over it. */
export const BALANCE_X = 440;
const AMOUNT_X = 340;
const rowY = (i: number) => 640 - i * 16;

/** A statement as a bank's PDF prints it: columns drawn apart, a bold heading and closing line. */
export async function bankStatement(s: Statement): Promise<Uint8Array> {
  const fr = s.language === 'fr';
  const doc = await PDFDocument.create({ updateMetadata: false });
  const [regular, bold, courier] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.Courier),
  ]);
  const perPage = s.perPage ?? 40;
  const pageCount = Math.max(1, Math.ceil(s.rows.length / perPage));
  const pages = Array.from({ length: pageCount }, () => doc.addPage([612, 792]));
  const text = (p: number, str: string, x: number, y: number, font: PDFFont = regular) =>
    pages[p]!.drawText(str, { x, y, size: 10, font });
  pages.forEach((_, p) => {
    text(p, s.bank, 54, 740, bold);
    if (s.fakeBold) text(p, s.bank, 54.3, 740, bold);
    text(p, s.period, 54, 720);
    if (pageCount > 1) text(p, fr ? `Page ${p + 1} de ${pageCount}` : `Page ${p + 1} of ${pageCount}`, 480, 760);
    text(p, fr ? 'Date Description' : 'Date Description', 54, 676);
    text(p, fr ? 'Montant' : 'Amount', AMOUNT_X, 676);
    text(p, fr ? 'Solde' : 'Balance', BALANCE_X, 676);
  });
  text(0, `${fr ? "Solde d'ouverture" : 'Opening balance'} ${money(s.opening, fr)}`, 54, 700);
  let balance = s.opening;
  s.rows.forEach(([date, description, amount], i) => {
    balance = Math.round((balance + amount) * 100) / 100;
    const p = Math.floor(i / perPage);
    const y = rowY(i % perPage);
    const printed = s.tamper?.row === i && s.tamper.amount !== undefined ? s.tamper.amount : amount;
    text(p, `${date} ${description}`, 54, y);
    text(p, money(printed, fr), AMOUNT_X, y, s.tamper?.fontOf === i ? courier : regular);
    text(p, money(balance, fr), BALANCE_X, y);
  });
  const last = pages.length - 1;
  const closing = s.tamper?.closing ?? balance;
  if (s.totals) {
    const sum = (sign: number) => s.rows.reduce((t, [, , a]) => (Math.sign(a) === sign ? t + Math.abs(a) : t), 0);
    const deposits = sum(1) + (s.tamper?.depositsAdded ?? 0);
    text(last, `${fr ? 'Total des dépôts' : 'Total deposits'} ${money(deposits, fr)}`, 54, 112);
    text(last, `${fr ? 'Total des retraits' : 'Total withdrawals'} ${money(sum(-1), fr)}`, 54, 96);
  }
  text(last, `${fr ? 'Solde de clôture' : 'Closing balance'} ${money(closing, fr)}`, 54, 80, bold);
  doc.setProducer(s.producer);
  doc.setCreator(s.creator ?? s.producer);
  doc.setCreationDate(s.created);
  doc.setModificationDate(s.modified ?? s.created);
  return doc.save({ useObjectStreams: s.useObjectStreams ?? true, updateFieldAppearances: false });
}

/** The same file opened and saved again by a converter or editor (a full rewrite, its Producer and date). */
export async function resaved(bytes: Uint8Array, producer: string, modified: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  doc.setProducer(producer);
  doc.setModificationDate(modified);
  return doc.save();
}

/** The same file with its last page left out (a month with an awkward page removed). */
export async function withoutLastPage(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  doc.removePage(doc.getPageCount() - 1);
  return doc.save();
}

/**
 * An edit saved as an incremental update, as PDF editors save by default: the original bytes untouched,
 * then a white box over a row's balance and another figure drawn there, in a font of its own; a new
 * version of the page object, a cross-reference section for the new objects and a trailer pointing back
 * (/Prev) to the original's. The Info dictionary is left as the bank wrote it (a careful forger's).
 */
export async function incrementalEdit(bytes: Uint8Array, row: number, figure: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const page = doc.getPage(0);
  const pageRef = page.ref;
  const original = Buffer.from(bytes).toString('latin1');
  // Past every number the file uses: pdf-lib does not count the object and cross-reference streams.
  const next = Math.max(...[...original.matchAll(/(\d+) 0 obj\b/g)].map((m) => +m[1]!)) + 1;
  const [fontRef, contentRef] = [PDFRef.of(next), PDFRef.of(next + 1)];
  const y = rowY(row);
  const ops = `q 1 1 1 rg ${BALANCE_X - 1} ${y - 3} 90 13 re f Q BT /FEdit 10 Tf ${BALANCE_X} ${y} Td (${figure}) Tj ET`;
  const contents = page.node.get(PDFName.of('Contents'));
  const list = contents instanceof PDFArray ? contents.asArray() : [contents!];
  page.node.set(PDFName.of('Contents'), doc.context.obj([...list, contentRef]));
  const resources = page.node.lookup(PDFName.of('Resources'), PDFDict);
  const fonts = resources.lookup(PDFName.of('Font'), PDFDict);
  fonts.set(PDFName.of('FEdit'), fontRef);
  // The page's resources may be an object of their own: then that object is the one rewritten.
  const resourcesRef = page.node.get(PDFName.of('Resources'));
  const changed: [PDFRef, string][] = [
    [pageRef, page.node.toString()],
    [fontRef, '<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>'],
    [contentRef, `<< /Length ${ops.length} >>\nstream\n${ops}\nendstream`],
  ];
  if (resourcesRef instanceof PDFRef) changed.push([resourcesRef, resources.toString()]);
  const fontsRef = resources.get(PDFName.of('Font'));
  if (fontsRef instanceof PDFRef) changed.push([fontsRef, fonts.toString()]);
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(original)?.[1]);
  let at = bytes.length + 1;
  let body = '\n';
  const entries = changed
    .sort(([a], [b]) => a.objectNumber - b.objectNumber)
    .map(([ref, object]) => {
      const text = `${ref.objectNumber} 0 obj\n${object}\nendobj\n`;
      const entry = `${ref.objectNumber} 1\n${String(at).padStart(10, '0')} 00000 n \n`;
      body += text;
      at += text.length;
      return entry;
    });
  const { Root, Info } = doc.context.trailerInfo;
  const trailer =
    `xref\n0 1\n0000000000 65535 f \n${entries.join('')}trailer\n` +
    `<< /Size ${next + 2} /Root ${String(Root)}${Info ? ` /Info ${String(Info)}` : ''} /Prev ${prev} >>\n` +
    `startxref\n${at}\n%%EOF\n`;
  return Buffer.concat([Buffer.from(bytes), Buffer.from(body + trailer, 'latin1')]);
}

const day = (iso: string) => new Date(`${iso}T06:00:00Z`);

const AUGUST: Row[] = [
  ['08/03', 'Card sales deposit', 4_250.0],
  ['08/05', 'Rent - 118 Main St', -2_400.0],
  ['08/09', 'Card sales deposit', 3_980.5],
  ['08/14', 'Supplier payment', -1_275.3],
  ['08/20', 'Payroll', -3_100.0],
  ['08/27', 'Card sales deposit', 4_410.25],
];
const SEPTEMBER: Row[] = Array.from({ length: 34 }, (_, i) => [
  `09/${String(1 + Math.floor(i * 0.85)).padStart(2, '0')}`,
  i % 3 === 0 ? 'Payroll' : 'Card sales deposit',
  i % 3 === 0 ? -1_180.4 - i : 1_315.75 + i * 3,
]);
const OCTOBRE: Row[] = [
  ['2026-10-02', 'Dépôt ventes', 2_150.0],
  ['2026-10-08', 'Loyer', -1_800.0],
  ['2026-10-16', 'Dépôt ventes', 2_340.4],
  ['2026-10-29', 'Fournisseur', -975.15],
];

const JUNE: Row[] = [
  ['Jun 2', 'Opening deposit from sales', 1_940.0],
  ['Jun 9', 'Insurance', -310.22],
  ['Jun 15', 'Card sales deposit', 2_205.0],
  ['Jun 22', 'Equipment lease', -890.0],
  ['Jun 30', 'Card sales deposit', 1_010.1],
];

/**
 * Honest statements: one page and several with page numbers, French, with and without object streams, with
 * stated totals, made by the kind of tools banks' generators are built on (Adobe's PDF Library and
 * Distiller among them), one re-saved the day after it was made.
 */
export const HONEST: Record<string, Statement> = {
  'june-with-totals': {
    bank: 'Harbour Savings - Small business account',
    period: 'For the period June 1, 2026 through June 30, 2026',
    opening: 820.55,
    rows: JUNE,
    totals: true,
    producer: 'Adobe PDF Library 17.0',
    creator: 'Adobe Acrobat Distiller 23.0 (Windows)',
    created: day('2026-07-01'),
    useObjectStreams: false,
  },
  'august-one-page': {
    bank: 'Northern Bank - Business chequing statement',
    period: 'Statement period: August 1, 2026 - August 31, 2026',
    opening: 10_000,
    rows: AUGUST,
    producer: 'Northern Bank eStatements 7.4',
    created: day('2026-09-01'),
  },
  'september-three-pages': {
    bank: 'Prairie Credit Union - Business account',
    period: 'For the period September 1, 2026 through September 30, 2026',
    opening: 6_420.1,
    rows: SEPTEMBER,
    perPage: 12,
    producer: 'Crystal Reports',
    created: day('2026-10-02'),
    modified: day('2026-10-03'),
    fakeBold: true,
    useObjectStreams: false,
  },
  'octobre-francais': {
    bank: 'Caisse du Plateau - Compte entreprise',
    period: 'Période : 2026-10-01 au 2026-10-31',
    opening: 3_500,
    rows: OCTOBRE,
    language: 'fr',
    producer: 'iText 7.2.5',
    created: day('2026-11-01'),
  },
};

/** How each honest statement is doctored: the ways edited statements reach lenders, one at a time. */
export const DOCTORINGS: Record<string, (s: Statement, bytes: Uint8Array) => Promise<Uint8Array>> = {
  'incremental update over a balance': (s, bytes) => incrementalEdit(bytes, 1, '19,999.00'),
  're-saved by a converter': (s, bytes) => resaved(bytes, 'iLovePDF', new Date(s.created.getTime() + 20 * 86_400_000)),
  'one amount changed, balances left': (s) =>
    bankStatement({ ...s, tamper: { row: 2, amount: s.rows[2]![2] + (s.rows[2]![2] > 0 ? 1_000 : -1_000) } }),
  'closing balance changed': (s) => bankStatement({ ...s, tamper: { closing: 25_000 } }),
  'deposits total raised': (s) => bankStatement({ ...s, totals: true, tamper: { depositsAdded: 5_000 } }),
  'amount redrawn in another font': (s) => bankStatement({ ...s, tamper: { fontOf: 2 } }),
  'made before the period ended': (s) =>
    bankStatement({ ...s, created: new Date(s.created.getTime() - 9 * 86_400_000) }),
  'a page left out': async (s) => withoutLastPage(await bankStatement({ ...s, perPage: Math.ceil(s.rows.length / 2) })),
};
