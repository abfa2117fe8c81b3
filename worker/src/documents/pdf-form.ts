import { rgb, type PDFDocument, type PDFFont, type PDFPage, type PDFPageDrawTextOptions } from 'pdf-lib';

const PAGE = { width: 612, height: 792, margin: 54 };
const INK = rgb(0.11, 0.16, 0.22);
const MUTED = rgb(0.28, 0.33, 0.4);
const BRAND = rgb(0.04, 0.36, 0.67);
/** The page's own white: what Box Sign's tags are written in, read by Box and unseen by people. */
const PAPER = rgb(1, 1, 1);
/** Where a row's answer starts, right of its label. */
const ANSWER_X = PAGE.margin + 190;

/**
 * pdf-lib's standard fonts are WinAnsi only: anything else is replaced rather than failing the render.
 * French typography first takes its nearest WinAnsi form (the French labels' curly apostrophe, the narrow
 * no-break space), so 'l’agriculture' never prints as 'l?agriculture'.
 */
const TYPOGRAPHY: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u202f': '\u00a0',
};
export const safe = (s: string) =>
  s
    .replace(/[\u2018\u2019\u201c\u201d\u2013\u2014\u202f]/g, (c) => TYPOGRAPHY[c]!)
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

/**
 * The application form's layout: a letter page written top-down, a new page begun whenever the next
 * block would run into the bottom margin. The caller gives the words; this decides where they go.
 */
export class FormWriter {
  private page: PDFPage;
  private y = PAGE.height - PAGE.margin;
  /** The page's font as last set (see `draw`). */
  private font?: PDFFont;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
  }

  /** The form's title and, under it, the company's name. */
  title(title: string, company: string) {
    this.text(title, PAGE.margin, 20, this.bold);
    this.y -= 22;
    this.text(company, PAGE.margin, 13, this.regular, MUTED);
    this.y -= 14;
  }

  heading(s: string) {
    this.ensure(40);
    this.y -= 10;
    this.text(s, PAGE.margin, 13, this.bold, BRAND);
    this.y -= 6;
    this.line(PAGE.margin, PAGE.width - PAGE.margin, this.y - 2, 0.5, MUTED);
    this.y -= 18;
  }

  /**
   * A label and its answer. A long answer (a business description) wraps within its column instead of
   * running into the next row. A question with no answer is no row: the PDF states only what was answered.
   */
  row(label: string, value: string) {
    if (!value.trim()) return;
    const lines = wrap(safe(value), this.regular, 10, PAGE.width - PAGE.margin - ANSWER_X);
    this.ensure(16 + 13 * (lines.length - 1));
    this.text(label, PAGE.margin, 9.5, this.regular, MUTED);
    lines.forEach((line, i) => {
      if (i > 0) this.y -= 13;
      this.text(line, ANSWER_X, 10, this.regular);
    });
    this.y -= 16;
  }

  /** Running text across the page's width. */
  paragraph(s: string) {
    for (const line of wrap(s, this.regular, 10, PAGE.width - 2 * PAGE.margin)) {
      this.ensure(14);
      this.text(line, PAGE.margin, 10, this.regular);
      this.y -= 14;
    }
  }

  /** A line to sign on, captioned with who signs, and a line for the date beside it. */
  /**
   * A signer's line: signature left, date right. `signer` is the signer's number in the sign request (1 the
   * applicant, 2 the co-owner): Box Sign tags (`[[s|n]]` signature, `[[d|n]]` date signed) in white over the
   * lines place each signer's fields there, so nobody signs where they like, nor on another's line. The
   * signature tag's size reserves the height of the signature.
   */
  signatureLine(caption: string, dateCaption: string, signer: number) {
    this.ensure(60);
    this.y -= 36;
    this.draw(`[[s|${signer}]]`, { x: PAGE.margin, y: this.y + 3, size: 18, color: PAPER }, this.regular);
    this.draw(`[[d|${signer}]]`, { x: PAGE.margin + 300, y: this.y + 3, size: 10, color: PAPER }, this.regular);
    this.line(PAGE.margin, PAGE.margin + 260, this.y, 0.8, INK);
    this.line(PAGE.margin + 300, PAGE.width - PAGE.margin, this.y, 0.8, INK);
    this.y -= 12;
    this.text(caption, PAGE.margin, 9, this.regular, MUTED);
    this.draw(dateCaption, { x: PAGE.margin + 300, y: this.y, size: 9, color: MUTED }, this.regular);
  }

  private ensure(height: number) {
    if (this.y - height > PAGE.margin) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.font = undefined;
    this.y = PAGE.height - PAGE.margin;
  }

  private text(s: string, x: number, size: number, font: PDFFont, color = INK) {
    this.draw(safe(s), { x, y: this.y, size, color, maxWidth: PAGE.width - x - PAGE.margin }, font);
  }

  /**
   * Text in `font`, set on the page only when it changes: drawText's own `font` option sets the page's font and
   * sets it back, and pdf-lib adds a new key to the page's font resources on every set (after reading all the
   * keys so far), so a page of rows carried two keys a line and each line cost more than the last.
   */
  private draw(s: string, options: Omit<PDFPageDrawTextOptions, 'font'>, font: PDFFont) {
    if (this.font !== font) {
      this.page.setFont(font);
      this.font = font;
    }
    this.page.drawText(s, options);
  }

  private line(from: number, to: number, y: number, thickness: number, color: typeof INK) {
    this.page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness, color });
  }
}

/** Words into lines no wider than `width` at this font and size. */
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
