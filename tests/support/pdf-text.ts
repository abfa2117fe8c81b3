// The text a PDF made by pdf-lib shows, read back from its real bytes: each page's content streams are
// inflated and the strings of their text-showing operators decoded. pdf-lib draws each line of text as one
// hex string in WinAnsi encoding (`<48656C6C6F> Tj`); for our own renderer that is all there is to read.
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFObject } from 'pdf-lib';

const latin1 = new TextDecoder('latin1');

export async function pdfTextLines(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const contents: PDFObject | undefined = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const ops = latin1.decode(decodePDFRawStream(stream).decode());
      for (const [, hex] of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
        lines.push(latin1.decode(Uint8Array.from(hex!.match(/../g) ?? [], (h) => parseInt(h, 16))));
    }
  }
  return lines;
}
