// The phone link's token (single-purpose, bound to its application and link, 15 minutes)
// and the photos' conversion to one PDF (JPEG and PNG only, by their bytes, within the pixel limits).
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { jpegMagicHtml, pdfHtmlPolyglot, pngBomb, smallJpeg, smallPng } from '../../../tests/support/photo-fixtures';
import {
  PHONE_LINK_MINUTES,
  phoneLinkKey,
  signLinkKey,
  signPhoneLink,
  signStatusLink,
  statusLinkKey,
  verifyPhoneLink,
  verifySignLink,
  verifyStatusLink,
} from '../status/status-link';
import { judgePng, PHOTO_LIMITS, pngDataBytes, PhotoRefused, photoHeader, photosToPdf } from './photos-to-pdf';

const secret = Buffer.from('a session secret of enough bytes for the test');
const key = phoneLinkKey(secret);
const claims = {
  applicationId: 'a'.repeat(24),
  linkId: 'b'.repeat(24),
  expiresAt: Date.parse('2026-11-20T10:15:00Z'),
};
const made = Date.parse('2026-11-20T10:00:00Z');

describe('phone link tokens', () => {
  it('work for 15 minutes from when they are made, and not a millisecond after', () => {
    expect(PHONE_LINK_MINUTES).toBe(15);
    const token = signPhoneLink(key, claims);
    expect(verifyPhoneLink(key, token, made)).toEqual(claims);
    expect(verifyPhoneLink(key, token, made + 15 * 60_000 - 1)).toEqual(claims);
    expect(verifyPhoneLink(key, token, made + 15 * 60_000)).toBeUndefined();
  });

  it('are refused when tampered with, signed by another key, or of another kind (and the reverse)', () => {
    const token = signPhoneLink(key, claims);
    const [payload, signature] = token.split('.') as [string, string];
    const otherApp = Buffer.from(JSON.stringify(['phone', 'c'.repeat(24), claims.linkId, claims.expiresAt])).toString(
      'base64url',
    );
    expect(verifyPhoneLink(key, `${otherApp}.${signature}`, made)).toBeUndefined();
    expect(verifyPhoneLink(key, `${payload}.${signature.slice(1)}A`, made)).toBeUndefined();
    expect(verifyPhoneLink(phoneLinkKey(Buffer.from('another secret')), token, made)).toBeUndefined();
    // A status or signing link never opens the phone page, and a phone link opens neither of them.
    const status = signStatusLink(statusLinkKey(secret), { ...claims, signRequestId: 'r' });
    expect(verifyPhoneLink(key, status, made)).toBeUndefined();
    expect(verifyStatusLink(statusLinkKey(secret), token, made)).toBeUndefined();
    expect(verifySignLink(signLinkKey(secret), token, made)).toBeUndefined();
    for (const junk of ['', 'a.b', 'a.b.c', 'x'.repeat(500), undefined, 42])
      expect(verifyPhoneLink(key, junk)).toBeUndefined();
  });
});

describe('photos to one PDF', () => {
  it('makes a JPEG and a PNG into a two-page PDF, one photo a page', async () => {
    const pdf = await photosToPdf([smallJpeg(), smallPng()]);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  });

  it('refuses what is not a JPEG or PNG by its bytes, and dimensions past the limits before decoding', async () => {
    expect(photoHeader(smallJpeg())).toMatchObject({ kind: 'jpeg', width: 32, height: 24 });
    expect(photoHeader(smallPng())).toMatchObject({ kind: 'png', width: 24, height: 32 });
    for (const bad of [pdfHtmlPolyglot(), jpegMagicHtml(), Buffer.from('GIF89a'), Buffer.alloc(0)])
      expect(() => photoHeader(bad)).toThrow(new PhotoRefused('notAPhoto'));
    const bomb = smallPng(4, 4, { width: 100_000, height: 100_000 });
    expect(() => photoHeader(bomb)).toThrow(new PhotoRefused('tooBig'));
    expect(() => photoHeader(smallPng(4, 4, { width: 5000, height: 5000 }))).toThrow(new PhotoRefused('tooBig'));
    // Two PNGs each within its own limit, past the limit of one sending together.
    const big = smallPng(4, 4, { width: 4000, height: 4000 });
    expect(PHOTO_LIMITS.pngPixelsPerSending).toBeLessThan(3 * 16_000_000);
    await expect(photosToPdf([big, big, big])).rejects.toThrow(new PhotoRefused('tooBig'));
    // A JPEG-looking file whose data pdf-lib cannot read is refused as no photo, not a 500.
    await expect(photosToPdf([Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x02, 0xff, 0xd9])])).rejects.toBeInstanceOf(
      PhotoRefused,
    );
  });
});

/** `png` with the chunk `type` (of `data`) put in before its IEND. */
function withChunk(png: Buffer, type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const added = Buffer.alloc(12 + data.length);
  added.writeUInt32BE(data.length, 0);
  body.copy(added, 4);
  added.writeUInt32BE(crc32(body), 8 + data.length);
  return Buffer.concat([png.subarray(0, png.length - 12), added, png.subarray(png.length - 12)]);
}

describe('a PNG judged by its data before it is decoded', () => {
  it('passes an honest PNG, and a header past its data (the decoder fills what is missing)', () => {
    expect(() => judgePng(smallPng())).not.toThrow();
    expect(() => judgePng(smallPng(4, 4, { width: 4000, height: 4000 }))).not.toThrow();
    expect(() => judgePng(smallJpeg())).not.toThrow();
  });

  it('refuses a 1 × 1 PNG with megabytes of data as too big, at once, never inflating it', () => {
    const bomb = pngBomb(10);
    expect(bomb.length).toBeGreaterThan(9 * 1024 * 1024);
    const started = performance.now();
    expect(() => judgePng(bomb)).toThrow(new PhotoRefused('tooBig'));
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses data that fits its header compressed but inflates past it, stopping at the first byte past', () => {
    // 100 × 100 RGB needs 30,100 bytes: one 16 KB segment of deflate within that, inflating to 16 MB.
    const bomb = pngBomb(0.01, 100, 100);
    expect(bomb.length).toBeLessThan(pngDataBytes(100, 100, 24, false));
    expect(() => judgePng(bomb)).toThrow(new PhotoRefused('tooBig'));
  });

  it('counts rows and Adam7 passes as a decoder does', () => {
    expect(pngDataBytes(1, 1, 24, false)).toBe(4);
    expect(pngDataBytes(24, 32, 24, false)).toBe(32 * (1 + 72));
    expect(pngDataBytes(3, 1, 1, false)).toBe(2);
    // 8 × 8 interlaced, 8 bits a pixel: passes of 1×1, 1×1, 2×1, 2×2, 4×2, 4×4, 8×4 pixels.
    expect(pngDataBytes(8, 8, 8, true)).toBe(2 + 2 + 3 + 2 * 3 + 2 * 5 + 4 * 5 + 4 * 9);
  });

  it('refuses an animated PNG, a second header, a chunk cut short or a bit depth PNG has not as no photo', () => {
    const png = smallPng();
    const notAPhoto = new PhotoRefused('notAPhoto');
    expect(() => judgePng(withChunk(png, 'acTL', Buffer.alloc(8)))).toThrow(notAPhoto);
    expect(() => judgePng(withChunk(png, 'fdAT', Buffer.alloc(64)))).toThrow(notAPhoto);
    expect(() => judgePng(withChunk(png, 'IHDR', png.subarray(16, 29)))).toThrow(notAPhoto);
    expect(() => judgePng(png.subarray(0, png.length - 20))).toThrow(notAPhoto);
    const depth = Buffer.from(png);
    depth[24] = 7;
    expect(() => judgePng(depth)).toThrow(notAPhoto);
  });

  it('photosToPdf refuses the bomb before pdf-lib sees it', async () => {
    const started = performance.now();
    await expect(photosToPdf([smallJpeg(), pngBomb(3)])).rejects.toThrow(new PhotoRefused('tooBig'));
    // The refusal is the judge's; the bound only catches a decode slipping through (500 ms was outrun by the
    // judging alone on a slow, busy machine).
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
