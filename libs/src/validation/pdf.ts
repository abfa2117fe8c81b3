// What the server asks of an uploaded PDF beyond its header, since a file can pass for a PDF and carry
// script or actions: pure checks over its bytes. The api
// also parses the document (pdf-lib) and walks its objects with the same list of names.

/**
 * Names that make a PDF run code or carry other files: a JavaScript action (/S /JavaScript with its /JS)
 * and the document-level /JavaScript name tree; a /Launch action (starts a program); attached files
 * (/EmbeddedFile, /EmbeddedFiles: nothing an applicant sends us needs one, and an attachment is what a
 * reader offers to open); /RichMedia (Flash, 3D with scripts); /XFA forms (their scripts are JavaScript in
 * XML, with no /JS name).
 *
 * /OpenAction and /AA are deliberately not here: they are hooks, and many legitimate bank statements use
 * /OpenAction to open on page 1 at some zoom. What a hook points at is judged instead: a JavaScript or
 * Launch action carries one of these names wherever it hangs (OpenAction, AA, a link, the name tree).
 */
export const PDF_ACTIVE_NAMES = ['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA'];

/**
 * Looked for in the raw bytes: all but /JS. Two letters after a slash occur by chance in compressed data
 * (about once in ten 37 MB files), which would refuse real statements; a JavaScript action also carries
 * /S /JavaScript, and the parsed-object walk sees /JS wherever it is.
 */
const RAW_ACTIVE_NAMES = new Set(PDF_ACTIVE_NAMES.filter((n) => n !== 'JS'));

// PDF syntax (ISO 32000-1, 7.2.2): white-space and delimiter characters end a name.
const ENDS_NAME = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32, ...'()<>[]{}/%'.split('').map((ch) => ch.charCodeAt(0))]) ENDS_NAME[c] = 1;
const SLASH = 0x2f;
/**
 * A name can only decode to one of RAW_ACTIVE_NAMES if it starts with that name's first letter or an escape,
 * and is at most three raw bytes (#xx) per decoded letter long: every other name is skipped unread. In a
 * 35 MB scan about one byte in 256 is a slash, and decoding each of them was most of the scan's time.
 */
const MAY_START_ACTIVE = new Uint8Array(256);
for (const n of [...RAW_ACTIVE_NAMES, '#']) MAY_START_ACTIVE[n.charCodeAt(0)] = 1;
const MAX_ACTIVE_RAW = 3 * Math.max(...[...RAW_ACTIVE_NAMES].map((n) => n.length));

/** Where the ASCII text `needle` first occurs in `bytes` at or after `from`, or -1. */
export function indexOfAscii(bytes: Uint8Array, needle: string, from = 0): number {
  const first = needle.charCodeAt(0);
  outer: for (let i = bytes.indexOf(first, from); i !== -1; i = bytes.indexOf(first, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

/** A PDF ends with a pointer to its cross-reference data: 'startxref' (or at least a 'trailer'). */
export const hasPdfTrailer = (bytes: Uint8Array): boolean =>
  indexOfAscii(bytes, 'startxref') !== -1 || indexOfAscii(bytes, 'trailer') !== -1;

/** A name's #xx escapes decoded, in either case of hex digit, as readers decode them (/J#61vaScript). */
export const decodePdfName = (name: string): string =>
  name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The active-content names (see PDF_ACTIVE_NAMES) written in the file's uncompressed bytes. */
export function activePdfNames(bytes: Uint8Array): string[] {
  const found = new Set<string>();
  for (let i = bytes.indexOf(SLASH); i !== -1; i = bytes.indexOf(SLASH, i + 1)) {
    if (!MAY_START_ACTIVE[bytes[i + 1] ?? 0]) continue;
    let end = i + 1;
    while (end < bytes.length && end - i <= MAX_ACTIVE_RAW + 1 && !ENDS_NAME[bytes[end]!]) end++;
    const length = end - i - 1;
    if (length < 2 || length > MAX_ACTIVE_RAW) continue;
    const name = decodePdfName(String.fromCharCode(...bytes.subarray(i + 1, end)));
    if (RAW_ACTIVE_NAMES.has(name)) found.add(name);
  }
  return [...found];
}

/**
 * A filename as a browser sends it: no control characters (CR and LF would split a header line, NUL ends a
 * C string) and at most 255 characters. Stored documents are renamed anyway (documentFileName).
 */
// eslint-disable-next-line no-control-regex
export const isSafeUploadName = (name: string): boolean => name.length <= 255 && !/[\x00-\x1f\x7f]/.test(name);
