import { pdfSaves, type FileTraces, type PageItem } from './statement-review';

/** A text item as pdf.js's getTextContent gives it (only what is read here). */
export type PdfTextItem = { str?: string; hasEOL?: boolean; transform?: number[]; fontName?: string };

/** A page's text runs with their fonts and places, for the statement review's layout checks. */
export const pageItems = (items: PdfTextItem[]): PageItem[] =>
  items.flatMap((t) =>
    typeof t.str === 'string' && t.transform
      ? [{ str: t.str, font: String(t.fontName ?? ''), x: t.transform[4] ?? 0, y: t.transform[5] ?? 0 }]
      : [],
  );

/** A page's text as lines: pdf.js's items joined, a new line where an item ends one or the baseline moves. */
export function pageLines(items: PdfTextItem[]): string {
  let text = '';
  let y: number | undefined;
  for (const item of items) {
    if (typeof item.str !== 'string') continue;
    const at = item.transform?.[5];
    if (y !== undefined && at !== undefined && Math.abs(at - y) > 1 && !text.endsWith('\n')) text += '\n';
    else if (text && !text.endsWith('\n')) text += ' ';
    text += item.str;
    if (item.hasEOL) text += '\n';
    if (at !== undefined) y = at;
  }
  return text + '\n';
}

/** What a parsed PDF says of how it was made (pdf-lib's PDFDocument has these). */
export type PdfInfo = {
  getProducer(): string | undefined;
  getCreator(): string | undefined;
  getCreationDate(): Date | undefined;
  getModificationDate(): Date | undefined;
};

/** How the file says it was made, for the statement's review: its saves and its Info dictionary's tools and dates. */
export function fileTraces(bytes: Uint8Array, doc: PdfInfo): FileTraces {
  // A damaged Info dictionary throws on reading: that entry is then unknown, not the file refused.
  const read = <T>(get: () => T): T | undefined => {
    try {
      return get();
    } catch {
      return undefined;
    }
  };
  const iso = (d: Date | undefined) => (d && Number.isFinite(d.getTime()) ? d.toISOString() : undefined);
  return {
    saves: pdfSaves(bytes),
    producer: read(() => doc.getProducer())?.slice(0, 200),
    creator: read(() => doc.getCreator())?.slice(0, 200),
    created: iso(read(() => doc.getCreationDate())),
    modified: iso(read(() => doc.getModificationDate())),
  };
}
