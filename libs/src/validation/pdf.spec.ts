import { describe, expect, it } from 'vitest';
import { activePdfNames, decodePdfName, hasPdfTrailer, indexOfAscii, isSafeUploadName } from './pdf';

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

describe('PDF byte checks', () => {
  it('finds ASCII text in bytes', () => {
    expect(indexOfAscii(bytes('xx startxref 12'), 'startxref')).toBe(3);
    expect(indexOfAscii(bytes('startxre'), 'startxref')).toBe(-1);
    expect(indexOfAscii(bytes('sstartxref'), 'startxref')).toBe(1);
  });

  it('wants a trailer or startxref: a header followed by HTML is not a PDF', () => {
    expect(hasPdfTrailer(bytes('%PDF-1.7\n1 0 obj <<>> endobj\nstartxref\n9\n%%EOF\n'))).toBe(true);
    expect(hasPdfTrailer(bytes('%PDF-1.4\ntrailer << /Root 1 0 R >>\n%%EOF'))).toBe(true);
    expect(hasPdfTrailer(bytes('%PDF-1.7\n<html><script>alert(1)</script></html>'))).toBe(false);
  });

  it('decodes escaped names in either case of hex digit', () => {
    expect(decodePdfName('J#61vaScript')).toBe('JavaScript');
    expect(decodePdfName('#4aava#53cript')).toBe('JavaScript');
    expect(decodePdfName('#4Aava#53cript')).toBe('JavaScript');
    expect(decodePdfName('Plain')).toBe('Plain');
  });

  it('names the active content written in the bytes, escaped or not', () => {
    expect(activePdfNames(bytes('<< /S /JavaScript /JS (app.alert(1)) >>'))).toEqual(['JavaScript']);
    expect(activePdfNames(bytes('<</S/Launch/F(cmd.exe)>>'))).toEqual(['Launch']);
    expect(activePdfNames(bytes('<< /S /J#61vaScript >>'))).toEqual(['JavaScript']);
    expect(activePdfNames(bytes('/Names << /EmbeddedFiles 4 0 R >> /AcroForm << /XFA 5 0 R >>'))).toEqual([
      'EmbeddedFiles',
      'XFA',
    ]);
  });

  it('lets the names of ordinary statements through, /OpenAction included', () => {
    const statement = '<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /XYZ null null 1] /PageMode /UseNone >>';
    expect(activePdfNames(bytes(statement))).toEqual([]);
    // Longer names that merely start like an active one, and text that mentions it, are not names of it.
    expect(activePdfNames(bytes('/JavaScriptish /Launcher (JavaScript) /URI (https://bank.example)'))).toEqual([]);
  });

  it('finds a name written wholly in #xx escapes, the longest form any active name can take', () => {
    const escaped = [...'EmbeddedFiles'].map((c) => `#${c.charCodeAt(0).toString(16)}`).join('');
    expect(activePdfNames(bytes(`<< /${escaped} 4 0 R /#58FA 5 0 R >>`))).toEqual(['EmbeddedFiles', 'XFA']);
    expect(activePdfNames(bytes(`<< /${escaped}#73 4 0 R >>`))).toEqual([]);
  });

  it('leaves /JS to the parsed-object walk: two letters occur by chance in compressed data', () => {
    expect(activePdfNames(bytes('x\u00ff/JS]\u0001'))).toEqual([]);
  });

  it('refuses control characters in a filename, as a browser never sends them', () => {
    expect(isSafeUploadName('October statement (1).pdf')).toBe(true);
    expect(isSafeUploadName('relevé-octobre.pdf')).toBe(true);
    for (const name of ['a\r\nb.pdf', 'a\nb.pdf', 'a\rb.pdf', 'a\0b.pdf', 'a\u007fb.pdf', `${'a'.repeat(252)}.pdf`])
      expect(isSafeUploadName(name)).toBe(false);
  });
});
