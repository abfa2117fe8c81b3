import { degrees, PDFDocument } from 'pdf-lib';

/**
 * Photos from a phone's camera become one PDF, one photo per page. Only JPEG and PNG, told
 * by their first bytes (never by a name or a declared type), each within PHOTO_LIMITS before any decoding:
 * a PNG of a few kilobytes can claim 100,000 × 100,000 pixels and inflate to gigabytes (a decompression
 * bomb), so its header's dimensions are judged before pdf-lib reads its data.
 */
export const PHOTO_LIMITS = {
  /** Photos in one sending. */
  count: 10,
  /** Bytes of one photo (a phone's camera writes 2-6 MB). */
  bytes: 10 * 1024 * 1024,
  /**
   * Pixels of one JPEG, and of one side (a 108 MP sensor is 12,000 × 9,000): a JPEG goes into the PDF as it
   * is, never decoded here, so its size costs no memory.
   */
  pixels: 110_000_000,
  side: 16_000,
  /**
   * A PNG is decoded to be embedded (4 bytes a pixel, then 3 + 1 again): 16 MP each and 32 MP in one sending
   * keep that under about 300 MB at worst. Cameras write JPEGs; a PNG is a screenshot.
   */
  pngPixels: 16_000_000,
  pngPixelsPerSending: 32_000_000,
} as const;

export type PhotoKind = 'jpeg' | 'png';
export type PhotoHeader = { kind: PhotoKind; width: number; height: number; orientation: number };

/** Why a photo is refused: not a JPEG or PNG, or past the limits. */
export class PhotoRefused extends Error {
  constructor(readonly reason: 'notAPhoto' | 'tooBig') {
    super(reason);
  }
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The photo's kind, size and EXIF orientation from its header; refused when it is neither JPEG nor PNG. */
export function photoHeader(bytes: Buffer): PhotoHeader {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_MAGIC) && bytes.toString('latin1', 12, 16) === 'IHDR')
    return checked({ kind: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), orientation: 1 });
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return checked(jpegHeader(bytes));
  throw new PhotoRefused('notAPhoto');
}

function checked(h: PhotoHeader): PhotoHeader {
  if (!h.width || !h.height) throw new PhotoRefused('notAPhoto');
  const pixels = h.width * h.height;
  if (h.width > PHOTO_LIMITS.side || h.height > PHOTO_LIMITS.side || pixels > PHOTO_LIMITS.pixels)
    throw new PhotoRefused('tooBig');
  if (h.kind === 'png' && pixels > PHOTO_LIMITS.pngPixels) throw new PhotoRefused('tooBig');
  return h;
}

/** Walks a JPEG's markers up to its frame header (SOF), noting the EXIF orientation on the way. */
function jpegHeader(b: Buffer): PhotoHeader {
  let at = 2;
  let orientation = 1;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) throw new PhotoRefused('notAPhoto');
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > b.length) throw new PhotoRefused('notAPhoto');
    const isSof = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isSof) {
      if (length < 7) throw new PhotoRefused('notAPhoto');
      return { kind: 'jpeg', height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7), orientation };
    }
    if (marker === 0xe1) orientation = exifOrientation(b.subarray(at + 4, at + 2 + length)) ?? orientation;
    if (marker === 0xda || marker === 0xd9) break;
    at += 2 + length;
  }
  throw new PhotoRefused('notAPhoto');
}

/** The Orientation tag (0x0112) of an APP1 EXIF segment, when it has one. */
function exifOrientation(seg: Buffer): number | undefined {
  if (seg.length < 14 || seg.toString('latin1', 0, 6) !== 'Exif\0\0') return undefined;
  const tiff = seg.subarray(6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  if (tiff.length < 8) return undefined;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const e = ifd + 2 + i * 12;
    if (e + 12 > tiff.length) return undefined;
    if (u16(e) === 0x0112) {
      const v = u16(e + 8);
      return v >= 1 && v <= 8 ? v : undefined;
    }
  }
  return undefined;
}

/** A US Letter page (points), with a margin around the photo. */
const PAGE = { width: 612, height: 792, margin: 24 };

/**
 * One PDF of the photos, in their order: each on its own Letter page, turned upright as the camera noted
 * (EXIF orientation 3, 6, 8), scaled down to fit within the margins and centered. The photos must have
 * passed `photoHeader`; a file whose data pdf-lib cannot read is refused as not a photo.
 */
export async function photosToPdf(photos: Buffer[]): Promise<Buffer> {
  const headers = photos.map(photoHeader);
  const pngPixels = headers.reduce((sum, h) => sum + (h.kind === 'png' ? h.width * h.height : 0), 0);
  if (pngPixels > PHOTO_LIMITS.pngPixelsPerSending) throw new PhotoRefused('tooBig');
  const pdf = await PDFDocument.create();
  pdf.setTitle('Photos');
  pdf.setProducer('Fundwise');
  for (const [i, bytes] of photos.entries()) {
    const header = headers[i]!;
    // A copy of its own: pdf-lib reads a JPEG through a DataView of the whole ArrayBuffer, which a Node Buffer
    // (a slice of a shared pool) does not start.
    const own = new Uint8Array(bytes);
    const image = await (header.kind === 'png' ? pdf.embedPng(own) : pdf.embedJpg(own)).catch(() => {
      throw new PhotoRefused('notAPhoto');
    });
    const turn = header.orientation === 6 ? 90 : header.orientation === 3 ? 180 : header.orientation === 8 ? 270 : 0;
    const sideways = turn === 90 || turn === 270;
    const shownW = sideways ? image.height : image.width;
    const shownH = sideways ? image.width : image.height;
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    const scale = Math.min((PAGE.width - 2 * PAGE.margin) / shownW, (PAGE.height - 2 * PAGE.margin) / shownH, 1);
    const w = shownW * scale;
    const h = shownH * scale;
    const left = (PAGE.width - w) / 2;
    const bottom = (PAGE.height - h) / 2;
    // pdf-lib rotates counter-clockwise about the image's lower-left corner: placed so the turned photo
    // covers [left, left + w] × [bottom, bottom + h].
    const iw = image.width * scale;
    const ih = image.height * scale;
    const at =
      turn === 90
        ? { x: left, y: bottom + h } // clockwise 90 shown = pdf rotate -90
        : turn === 180
          ? { x: left + w, y: bottom + h }
          : turn === 270
            ? { x: left + w, y: bottom }
            : { x: left, y: bottom };
    page.drawImage(image, { ...at, width: iw, height: ih, rotate: degrees(-turn) });
  }
  return Buffer.from(await pdf.save());
}
