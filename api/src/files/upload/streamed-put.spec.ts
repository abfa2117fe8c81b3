// The streamed put: started only once enough of the file came, never complete before the form ended well,
// abandoned short of its length when the upload fails or the file is another length.
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { STREAMED_PUTS, StreamedPut } from './streamed-put';

type Seen = { got: number; aborted: boolean; done: Promise<void> };

/** A put that reads its body as S3 would: complete only with exactly `size` bytes. */
function recording(seen: Seen[]) {
  return (body: Readable, size: number, signal: AbortSignal) => {
    const put: Seen = { got: 0, aborted: false, done: Promise.resolve() };
    seen.push(put);
    put.done = new Promise<void>((resolve, reject) => {
      signal.addEventListener('abort', () => ((put.aborted = true), reject(new Error('aborted'))));
      body.on('error', reject).on('data', (c: Buffer) => (put.got += c.length) === size && resolve());
    });
    return put.done;
  };
}

const SIZE = STREAMED_PUTS.flowingBytes + 1000;
const chunk = (n: number) => Buffer.alloc(n, 1);

describe('StreamedPut', () => {
  it('starts once flowingBytes came, and has every byte only once finish() lets the last chunk go', async () => {
    const seen: Seen[] = [];
    const streamed = new StreamedPut(SIZE, () => false);
    streamed.arm(recording(seen), 0);
    streamed.gate.write(chunk(STREAMED_PUTS.flowingBytes - 1));
    streamed.offer(STREAMED_PUTS.flowingBytes - 1);
    expect(seen).toHaveLength(0);
    streamed.gate.write(chunk(1001));
    streamed.offer(SIZE);
    expect(seen).toHaveLength(1);
    await new Promise((r) => setImmediate(r));
    expect(seen[0]!.got).toBe(STREAMED_PUTS.flowingBytes - 1); // the last chunk held back
    expect(await streamed.finish()).toBe(true);
    expect(seen[0]!.got).toBe(SIZE);
  });

  it('starts a small file’s put only once the whole file came', () => {
    const seen: Seen[] = [];
    const streamed = new StreamedPut(1000, () => false);
    streamed.arm(recording(seen), 999);
    expect(seen).toHaveLength(0);
    streamed.offer(1000);
    expect(seen).toHaveLength(1);
  });

  it('is abandoned, aborted short of its length, when the upload fails or the file is longer', async () => {
    for (const fault of ['stop', 'longer'] as const) {
      const seen: Seen[] = [];
      const streamed = new StreamedPut(SIZE, () => false);
      streamed.arm(recording(seen), SIZE);
      if (fault === 'stop') streamed.stop();
      else streamed.gate.write(chunk(SIZE + 1));
      expect(await streamed.outcome, fault).toBe(false);
      expect(seen[0]).toMatchObject({ aborted: true });
    }
  });

  it('never starts without a put, once the upload settled, or past maxStreaming', async () => {
    const seen: Seen[] = [];
    const none = new StreamedPut(SIZE, () => false);
    none.arm(undefined, SIZE);
    const settled = new StreamedPut(SIZE, () => true);
    settled.arm(recording(seen), SIZE);
    const saved = STREAMED_PUTS.maxStreaming;
    STREAMED_PUTS.maxStreaming = 0;
    const crowded = new StreamedPut(SIZE, () => false);
    crowded.arm(recording(seen), SIZE);
    STREAMED_PUTS.maxStreaming = saved;
    for (const streamed of [none, settled, crowded]) {
      expect(streamed.gate.destroyed).toBe(true);
      expect(await streamed.finish()).toBe(false);
    }
    expect(seen).toEqual([]);
  });
});
