// Small photos made in code, for the phone link's tests (unit, e2e and security).
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';

/** A 32 × 24 baseline JPEG (a colour gradient), as a camera would send one, made once with an encoder. */
const JPEG_32x24 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk8BDg4OExETJhUVJk81LTVPT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT//AABEIABgAIAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AOLitPavblUMaVUuRWntWMqh6VKqXIrT2rGVQ9KlVLcVp7VjKoenSqkMVp7Vcqh+a0qpcitPasZVD0qVUtxWntWMqh6VKqXIrT2rGVQ9KlVIYrT2q5VD81pVS5Fae1YyqHp0qpbitPasZVD0qVUuRWntWEqh6VKqf//Z';

export const smallJpeg = (): Buffer => Buffer.from(JPEG_32x24, 'base64');

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/**
 * A PNG (8-bit RGB) of `width` × `height`: a real, decodable one by default; with `claim`, its header says
 * another size than its data holds (a decompression bomb's header on a few bytes of data).
 */
export function smallPng(width = 24, height = 32, claim?: { width: number; height: number }): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(claim?.width ?? width, 0);
  header.writeUInt32BE(claim?.height ?? height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rows.set([x * 10, 200 - y * 5, 90], y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A PNG whose header says `width` × `height` and whose image data is `megabytes` MB of deflate that inflates
 * to about a thousand times that (zeros): the decompression bomb a 1 × 1 header hides, as an attacker sent
 * it (10 MB of it inflated to about 10 GB). Made of one flushed segment repeated, so it costs the test
 * nothing to build.
 */
export function pngBomb(megabytes: number, width = 1, height = 1): Buffer {
  const segment = deflateRawSync(Buffer.alloc(16 * 1024 * 1024), { finishFlush: constants.Z_FULL_FLUSH });
  const count = Math.max(1, Math.round((megabytes * 1024 * 1024) / segment.length));
  // zlib's header, the segments, a last empty block, and an adler-32 that no decoder reaching it could match.
  const data = Buffer.concat([
    Buffer.from([0x78, 0x9c]),
    ...Array<Buffer>(count).fill(segment),
    Buffer.from([3, 0, 0, 0, 0, 1]),
  ]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A file that starts like a PDF and holds an HTML page (a polyglot), named and typed as a photo. */
export const pdfHtmlPolyglot = (): Buffer =>
  Buffer.from('%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n%%EOF\n', 'latin1');

/** JPEG's first bytes, then HTML: passes a magic-byte sniff, is no image. */
export const jpegMagicHtml = (): Buffer =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>')]);
