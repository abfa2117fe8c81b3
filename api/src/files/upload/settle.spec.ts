// Settling: which errors stand and which are the body's fault, and where the stored file comes from.
import { NotFoundException } from '@nestjs/common';
import { describe, expect, it, vi } from 'vitest';
import { FILE_CODES } from '@portal/libs';
import { UploadRefused } from './refusals';
import { refusalOf, storedFrom } from './settle';
import type { StreamedPut } from './streamed-put';

describe('refusalOf', () => {
  it('keeps refusals, HTTP answers, local disk failures and whatever decide answered', () => {
    const refused = new UploadRefused(FILE_CODES.tooLarge);
    const missing = new NotFoundException();
    const disk = Object.assign(new Error('ENOSPC'), { syscall: 'write' });
    const busy = new Error('connection pool was cleared');
    for (const e of [refused, missing, disk]) expect(refusalOf(e, false)).toBe(e);
    expect(refusalOf(busy, true)).toBe(busy);
  });

  it('answers anything else from the body as “only PDF files”', () => {
    const e = refusalOf(new Error('Unexpected end of form'), false);
    expect(e).toBeInstanceOf(UploadRefused);
    expect((e as Error).message).toBe(FILE_CODES.pdfOnly);
  });
});

describe('storedFrom', () => {
  const streamed = (outcome: boolean) => ({ finish: () => Promise.resolve(outcome) }) as unknown as StreamedPut;

  it('is the streamed put when it stored the file', async () => {
    const fromSpool = vi.fn(async () => undefined);
    await storedFrom(streamed(true), fromSpool);
    expect(fromSpool).not.toHaveBeenCalled();
  });

  it('puts from the spool when the put never streamed or was given up, and gives S3’s answer', async () => {
    const fromSpool = vi.fn(async () => undefined);
    await storedFrom(undefined, fromSpool);
    await storedFrom(streamed(false), fromSpool);
    expect(fromSpool).toHaveBeenCalledTimes(2);
    await expect(storedFrom(undefined, () => Promise.reject(new Error('S3 went away')))).rejects.toThrow(
      'S3 went away',
    );
  });
});
