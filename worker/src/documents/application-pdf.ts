import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export type PdfOwner = {
  name: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  /** Already masked: only the last four digits shown. */
  ssnMasked: string;
  taxIdLabel: 'SSN' | 'SIN';
  ownershipPercent: string;
  creditScore: string;
  address: string;
};

export type ApplicationPdfData = {
  applicationId: string;
  /** The CRM lead the application belongs to (section 7 'POST box/sign'), when the CRM has made it. */
  leadId?: string;
  company: string;
  rows: [string, string][];
  owners: PdfOwner[];
};

const PAGE = { width: 612, height: 792, margin: 54 };
const INK = rgb(0.11, 0.16, 0.22);
const MUTED = rgb(0.28, 0.33, 0.4);
const BRAND = rgb(0.04, 0.36, 0.67);

/** pdf-lib's standard fonts are WinAnsi only: anything else is replaced rather than failing the render. */
const safe = (s: string) => s.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

/** The application as a clean one-or-two-page form, with a signature line per signer. */
export async function renderApplicationPdf(data: ApplicationPdfData, signedOn = new Date()): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Business financing application - ${safe(data.company)}`);
  doc.setCreator('Fundwise portal');
  doc.setCreationDate(signedOn);
  doc.setModificationDate(signedOn);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const ensure = (h: number) => {
    if (y - h > PAGE.margin) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  const text = (s: string, x: number, size: number, font: PDFFont, color = INK) =>
    page.drawText(safe(s), { x, y, size, font, color, maxWidth: PAGE.width - x - PAGE.margin });
  const heading = (s: string) => {
    ensure(40);
    y -= 10;
    text(s, PAGE.margin, 13, bold, BRAND);
    y -= 6;
    page.drawLine({
      start: { x: PAGE.margin, y: y - 2 },
      end: { x: PAGE.width - PAGE.margin, y: y - 2 },
      thickness: 0.5,
      color: MUTED,
    });
    y -= 18;
  };
  // A long value (a business description) wraps within its column instead of running into the next row.
  const row = (label: string, value: string) => {
    const lines = wrap(safe(value || '-'), regular, 10, PAGE.width - 2 * PAGE.margin - 190);
    ensure(16 + 13 * (lines.length - 1));
    text(label, PAGE.margin, 9.5, regular, MUTED);
    lines.forEach((line, i) => {
      if (i > 0) y -= 13;
      text(line, PAGE.margin + 190, 10, regular);
    });
    y -= 16;
  };

  text('Business Financing Application', PAGE.margin, 20, bold);
  y -= 22;
  text(data.company, PAGE.margin, 13, regular, MUTED);
  y -= 14;
  text(`Application ${data.applicationId}`, PAGE.margin, 8.5, regular, MUTED);
  y -= 10;
  if (data.leadId) {
    text(`Lead ${data.leadId}`, PAGE.margin, 8.5, regular, MUTED);
    y -= 10;
  }

  heading('Business');
  for (const [label, value] of data.rows) row(label, value);

  data.owners.forEach((o, i) => {
    heading(`Owner #${i + 1}${i === 0 ? ' (primary)' : ''}`);
    row('Name', o.name);
    row('Email', o.email);
    row('Phone', o.phone);
    row('Date of birth', o.dateOfBirth);
    row(o.taxIdLabel, o.ssnMasked);
    row('Ownership', o.ownershipPercent ? `${o.ownershipPercent}%` : '');
    row('Estimated credit score', o.creditScore);
    row('Home address', o.address);
  });

  heading('Authorization');
  const consent =
    'By signing below, each owner certifies that the information in this application is true and complete, ' +
    'and authorizes the lender and its partners to obtain business and personal credit reports and to verify ' +
    'the information provided.';
  for (const line of wrap(consent, regular, 10, PAGE.width - 2 * PAGE.margin)) {
    ensure(14);
    text(line, PAGE.margin, 10, regular);
    y -= 14;
  }
  for (const o of data.owners) {
    ensure(60);
    y -= 36;
    page.drawLine({
      start: { x: PAGE.margin, y },
      end: { x: PAGE.margin + 260, y },
      thickness: 0.8,
      color: INK,
    });
    page.drawLine({
      start: { x: PAGE.margin + 300, y },
      end: { x: PAGE.width - PAGE.margin, y },
      thickness: 0.8,
      color: INK,
    });
    y -= 12;
    text(`Signature: ${o.name}`, PAGE.margin, 9, regular, MUTED);
    page.drawText('Date', { x: PAGE.margin + 300, y, size: 9, font: regular, color: MUTED });
  }
  return doc.save();
}

function wrap(s: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of s.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
