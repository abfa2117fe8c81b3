// Deciding the destination: decide sees the fields that came first, its error is its own, and its put is
// armed on the streamed put with the bytes that came meanwhile.
import { describe, expect, it, vi } from 'vitest';
import { askDestination } from './destination';
import type { StreamedPut } from './streamed-put';

const streamedPut = () => ({ arm: vi.fn() }) as unknown as StreamedPut & { arm: ReturnType<typeof vi.fn> };

describe('askDestination', () => {
  it('gives decide a copy of the fields, and arms its put with the bytes received by then', async () => {
    const fields = { applicationId: 'abc' };
    const put = vi.fn();
    const decide = vi.fn(async (f: Record<string, string>) => ((f.seen = 'yes'), { key: 'k', put }));
    const streamed = streamedPut();
    let received = 10;
    const decided = askDestination(decide, fields, streamed, () => received, vi.fn());
    received = 500;
    expect(await decided).toEqual({ key: 'k', put });
    expect(fields).toEqual({ applicationId: 'abc' });
    await Promise.resolve();
    expect(streamed.arm).toHaveBeenCalledWith(put, 500);
  });

  it('reports decide’s own error, and arms nothing', async () => {
    const busy = new Error('the database is busy');
    const refused = vi.fn();
    const streamed = streamedPut();
    const decided = askDestination(
      () => Promise.reject(busy),
      {},
      streamed,
      () => 0,
      refused,
    );
    await expect(decided).rejects.toBe(busy);
    expect(refused).toHaveBeenCalledWith(busy);
    expect(streamed.arm).not.toHaveBeenCalled();
  });

  it('arms nothing when the file does not stream (no announced length)', async () => {
    const decided = askDestination(
      async () => ({ key: 'k' }),
      {},
      undefined,
      () => 0,
      vi.fn(),
    );
    expect(await decided).toEqual({ key: 'k' });
  });
});
