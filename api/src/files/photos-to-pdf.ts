import { degrees, PDFDocument } from 'pdf-lib';
import { inflateSync } from 'node:zlib';

/**
 * Photos from a phone's camera become one PDF, one photo per page. Only JPEG and PNG, told
 * by their first bytes (never by a name or a declared type), each within PHOTO_LIMITS before any decoding:
 * a PNG of a few kilobytes can claim 100,000 × 100,000 pixels and inflate to gigabytes (a decompression
 * bomb), so its header's dimensions are judged before pdf-lib reads its data; and since pdf-lib inflates all
 * of a PNG's data, not only what its header needs (a 1 × 1 PNG of 10 MB inflated to about 10 GB), its data
 * is judged against its header too (`judgePng`).
 * This module runs in the inspection threads (pdf-inspection.worker.mts loads it; photo-conversion.ts sends
 * the work), never on the api's thread: it imports no module of ours, so Node can load it there from its
 * sources under the tests.
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
  readonly reason: 'notAPhoto' | 'tooBig';
  constructor(reason: 'notAPhoto' | 'tooBig') {
    super(reason);
    this.reason = reason;
  }
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Whether a file's first bytes (8 of them, or all of a shorter file) are a PNG's or a JPEG's. */
export const startsLikePhoto = (head: Buffer): boolean =>
  head.subarray(0, 8).equals(PNG_MAGIC) ||
  (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff);

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

/** Samples per pixel of each PNG colour type, and the bit depths it may have. */
const PNG_COLOURS: Partial<Record<number, { channels: number; depths: number[] }>> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};
/** Adam7's seven passes: the first pixel of each and the steps between its pixels (x0, y0, dx, dy). */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;
/** Chunks of an animated PNG: pdf-lib decodes every frame (each of any size its fcTL says) before refusing it. */
const APNG_CHUNKS = new Set(['acTL', 'fcTL', 'fdAT']);

/** What a PNG's image data inflates to, exactly, by its header: each row's filter byte, then its samples. */
export function pngDataBytes(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce(
    (sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)),
    0,
  );
}

/**
 * The most an honest encoder's deflate data takes for `n` bytes: deflate at worst stores them (5 bytes a
 * block of up to 65,535, a 0.008 % growth) inside zlib's 6-byte wrapper; 0.1 % and 64 bytes leave room.
 */
export const deflateBound = (n: number) => n + Math.ceil(n / 1000) + 64;

/**
 * A PNG's data judged against its header before pdf-lib decodes it. Its chunks must be whole, its IHDR
 * the first and only one, with a colour type, bit depth and methods PNG has, and no animation; its image
 * data (the IDAT chunks up to IEND) must take at most what deflate needs for the bytes its header says,
 * then inflate to no more than those bytes: the inflation stops at the first byte past them (a 1 × 1 PNG
 * needs 4 bytes). Data for more than its header is refused as too big, a malformed PNG as no photo.
 * A JPEG passes: it is embedded as it is, never decoded.
 */
export function judgePng(bytes: Buffer): void {
  const header = photoHeader(bytes);
  if (header.kind !== 'png') return;
  const notAPhoto = () => new PhotoRefused('notAPhoto');
  const [depth, colourType, compression, filter, interlace] = bytes.subarray(24, 29);
  const colour = PNG_COLOURS[colourType ?? -1];
  if (bytes.readUInt32BE(8) !== 13 || !colour || !colour.depths.includes(depth ?? 0)) throw notAPhoto();
  if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) throw notAPhoto();
  const need = pngDataBytes(header.width, header.height, colour.channels * depth!, interlace === 1);
  const data: Buffer[] = [];
  let compressed = 0;
  for (let at = 8, type = ''; type !== 'IEND';) {
    if (at + 12 > bytes.length) throw notAPhoto();
    const length = bytes.readUInt32BE(at);
    type = bytes.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > bytes.length || (type === 'IHDR' && at !== 8) || APNG_CHUNKS.has(type)) throw notAPhoto();
    if (type === 'IDAT') {
      compressed += length;
      if (compressed > deflateBound(need)) throw new PhotoRefused('tooBig');
      data.push(bytes.subarray(at + 8, at + 8 + length));
    }
    at += 12 + length;
  }
  if (!compressed) throw notAPhoto();
  try {
    // On the thread that converts (zlib's asynchronous inflate would take a thread of libuv's shared pool).
    inflateSync(Buffer.concat(data), { maxOutputLength: Math.max(need, 1) });
  } catch (e) {
    throw (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? new PhotoRefused('tooBig') : notAPhoto();
  }
}

/** A US Letter page (points), with a margin around the photo. */
const PAGE = { width: 612, height: 792, margin: 24 };

/**
 * One PDF of the photos, in their order: each on its own Letter page, turned upright as the camera noted
 * (EXIF orientation 3, 6, 8), scaled down to fit within the margins and centered. Each photo is judged by
 * its header and a PNG by its data first; a file whose data pdf-lib cannot read is refused as not a photo.
 */
export async function photosToPdf(photos: Buffer[]): Promise<Buffer> {
  const headers = photos.map(photoHeader);
  photos.forEach(judgePng);
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
