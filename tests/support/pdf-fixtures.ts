// PDFs for upload tests, made with pdf-lib: a real one-page document, and the same with active content
// (JavaScript, Launch, an attachment) or a decompression bomb in an object stream.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFString, StandardFonts, type PDFDict } from 'pdf-lib';

type Options = {
  text?: string;
  /** Adds entries to the catalog, e.g. an /OpenAction. */
  catalog?: (doc: PDFDocument, catalog: PDFDict) => void | Promise<void>;
  /** pdf-lib compresses objects into object streams by default, as many producers do. */
  useObjectStreams?: boolean;
};

export async function onePagePdf(opts: Options = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText(opts.text ?? 'Business checking statement', {
    x: 72,
    y: 700,
    size: 12,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  await opts.catalog?.(doc, doc.catalog);
  return doc.save({ useObjectStreams: opts.useObjectStreams ?? true });
}

/** An /OpenAction that runs JavaScript when the document opens. */
export const javaScriptOpenAction = (doc: PDFDocument, catalog: PDFDict) =>
  catalog.set(doc.context.obj('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));

/** An /OpenAction that launches a program. */
export const launchOpenAction = (doc: PDFDocument, catalog: PDFDict) =>
  catalog.set(doc.context.obj('OpenAction'), doc.context.obj({ S: 'Launch', F: PDFString.of('cmd.exe') }));

/** What many legitimate statements carry: open on page 1 at 100% zoom. */
export const zoomOpenAction = (doc: PDFDocument, catalog: PDFDict) =>
  catalog.set(doc.context.obj('OpenAction'), doc.context.obj([doc.getPage(0).ref, 'XYZ', null, null, 1]));

/** A file attached to the document (an /EmbeddedFile a reader offers to open). */
export const attachedProgram = (doc: PDFDocument) =>
  doc.attach(new TextEncoder().encode('MZ not really a program'), 'invoice.exe', {
    mimeType: 'application/octet-stream',
  });

/** Replaces every occurrence of an ASCII string in a PDF's bytes (e.g. to hex-escape a name). */
export const replaceAscii = (bytes: Uint8Array, from: string, to: string) =>
  new Uint8Array(Buffer.from(Buffer.from(bytes).toString('latin1').replaceAll(from, to), 'latin1'));

/** The objects of a minimal one-page document, written by hand (numbers 1 to 3). */
const ONE_PAGE_OBJECTS = [
  '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
  '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
  '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n',
].join('');
const TRAILER = 'trailer\n<< /Root 1 0 R /Size 5 >>\nstartxref\n0\n%%EOF\n';

/** A minimal one-page PDF written by hand, for callers that cannot wait for pdf-lib. `note` is one line. */
export const handWrittenPdf = (note = '') =>
  Buffer.from(`%PDF-1.4\n${ONE_PAGE_OBJECTS}% ${note.replace(/[\r\n]/g, ' ')}\n${TRAILER}`, 'latin1');

/**
 * A one-page PDF plus an object stream whose Flate data inflates to `inflatedMb` megabytes of spaces: a
 * few hundred kilobytes on the wire, hundreds of megabytes in a parser that decodes it whole.
 */
export function objectStreamBomb(inflatedMb: number): Uint8Array {
  const data = deflateSync(Buffer.alloc(inflatedMb * 1024 * 1024, 0x20), { level: 9 });
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n${ONE_PAGE_OBJECTS}4 0 obj\n<< /Type /ObjStm /N 1 /First 8 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
    ),
    data,
    Buffer.from(`\nendstream\nendobj\n${TRAILER}`),
  ]);
}

/** A one-page PDF plus an array of distinct names filling about `bytes`: cheap to send, costly to parse. */
export function distinctNamesPdf(bytes: number): Uint8Array {
  const names: string[] = [];
  for (let i = 0, size = 0; size < bytes; i++) {
    const name = `/n${i.toString(36)} `;
    names.push(name);
    size += name.length;
  }
  return Buffer.from(`%PDF-1.7\n${ONE_PAGE_OBJECTS}4 0 obj\n[${names.join('')}]\nendobj\n${TRAILER}`, 'latin1');
}

const PASSWORD_PADDING = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');
const padPassword = (pw: string) => Buffer.concat([Buffer.from(pw, 'latin1'), PASSWORD_PADDING]).subarray(0, 32);
function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

/**
 * A one-page PDF that needs a password to open (the standard security handler, revision 2, RC4 40-bit,
 * as ISO 32000-1 7.6.3 describes): what a bank's 'protected' statement download looks like to a reader.
 */
export function userPasswordPdf(userPassword = 'secret', ownerPassword = 'owner'): Buffer {
  const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
  const id = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
  const permissions = -44;
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const o = rc4(md5(padPassword(ownerPassword)).subarray(0, 5), padPassword(userPassword));
  const key = md5(padPassword(userPassword), o, p, id).subarray(0, 5);
  const u = rc4(key, PASSWORD_PADDING);
  const hex = (b: Buffer) => `<${b.toString('hex')}>`;
  return Buffer.from(
    `%PDF-1.4\n${ONE_PAGE_OBJECTS}4 0 obj\n<< /Filter /Standard /V 1 /R 2 /O ${hex(o)} /U ${hex(u)} /P ${permissions} >>\nendobj\n` +
      `trailer\n<< /Root 1 0 R /Size 5 /Encrypt 4 0 R /ID [${hex(id)} ${hex(id)}] >>\nstartxref\n0\n%%EOF\n`,
    'latin1',
  );
}

/**
 * About 1 kB whose text extraction takes seconds. Its page draws a form `fanOut` times,
 * and that form draws another `fanOut` times, which holds one line of text: fanOut² text runs for pdf.js
 * to extract (300: 90,000 runs, some 10 s on one core). pdf-lib's checks pass it at once: no active
 * content, no object stream.
 */
export function slowTextPdf(fanOut = 300): Buffer {
  const z = (s: string) => deflateSync(Buffer.from(s, 'latin1'), { level: 9 });
  const [page, outer, inner] = [
    z('/X1 Do '.repeat(fanOut)),
    z('/X2 Do '.repeat(fanOut)),
    z('BT /F1 9 Tf 1 0 0 1 9 9 Tm (Statement period) Tj ET'),
  ];
  const form = (data: Buffer, next: string) =>
    `<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >>${next} >> ` +
    `/Filter /FlateDecode /Length ${data.length} >>\nstream\n`;
  const objects: (string | Buffer)[][] = [
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R ' +
        '/Resources << /Font << /F1 4 0 R >> /XObject << /X1 6 0 R >> >> >>',
    ],
    ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
    [`<< /Filter /FlateDecode /Length ${page!.length} >>\nstream\n`, page!, '\nendstream'],
    [form(outer!, ' /XObject << /X2 7 0 R >>'), outer!, '\nendstream'],
    [form(inner!, ''), inner!, '\nendstream'],
  ];
  const parts = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objects.forEach((o, i) => {
    const bytes = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      ...o.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p)),
      Buffer.from('\nendobj\n'),
    ]);
    offsets.push(at);
    parts.push(bytes);
    at += bytes.length;
  });
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}` +
        `trailer\n<< /Root 1 0 R /Size ${objects.length + 1} >>\nstartxref\n${at}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/**
 * A bank statement with its balances, as a bank's PDF prints it, one line of text each:
 * the period, the opening balance, one row per transaction (date, description, amount, balance after) and
 * the closing balance. `rows` amounts are signed (money in positive); balances are worked out here.
 */
export async function statementPdf(statement: {
  period: string;
  opening: number;
  rows: [date: string, description: string, amount: number][];
}): Promise<Uint8Array> {
  const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  let balance = statement.opening;
  const lines = [
    'Northern Bank - Business chequing statement',
    statement.period,
    `Opening balance ${money(statement.opening)}`,
    'Date Description Amount Balance',
    ...statement.rows.map(([date, description, amount]) => {
      balance = Math.round((balance + amount) * 100) / 100;
      return `${date} ${description} ${money(amount)} ${money(balance)}`;
    }),
    `Closing balance ${money(balance)}`,
  ];
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((text, i) => page.drawText(text, { x: 54, y: 730 - i * 18, size: 10, font }));
  return doc.save();
}
