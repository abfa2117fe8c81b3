// The tee: counts the file, refuses it past MAX_FILE_BYTES, and goes at the pace of the streamed put.
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { FILE_CODES, MAX_FILE_BYTES } from '@portal/libs';
import type { StreamedPut } from './streamed-put';
import { Tee } from './tee';

const sink = () => new Writable({ write: (_c, _e, next) => next() });

describe('Tee', () => {
  it('counts every byte and offers each new count to the streamed put, after writing to its gate', async () => {
    const gate = new PassThrough();
    const gateBytes: number[] = [];
    gate.on('data', (c: Buffer) => gateBytes.push(c.length));
    const offered: number[] = [];
    const streamed = { gate, offer: (n: number) => offered.push(n) } as unknown as StreamedPut;
    const tee = new Tee(streamed);
    await pipeline(Readable.from([Buffer.alloc(10), Buffer.alloc(20)]), tee, sink());
    expect(tee.received).toBe(30);
    expect(offered).toEqual([10, 30]);
    expect(gateBytes).toEqual([10, 20]);
  });

  it('refuses the file past MAX_FILE_BYTES', async () => {
    const tee = new Tee();
    await expect(pipeline(Readable.from([Buffer.alloc(MAX_FILE_BYTES + 1)]), tee, sink())).rejects.toThrow(
      FILE_CODES.tooLarge,
    );
  });

  it('waits for a full gate to drain, and goes on alone once the gate is closed', async () => {
    const gate = new PassThrough({ highWaterMark: 1 }); // nobody reads it: full after one write
    const tee = new Tee({ gate, offer: () => undefined } as unknown as StreamedPut);
    const passed: number[] = [];
    tee.on('data', (c: Buffer) => passed.push(c.length));
    tee.write(Buffer.alloc(5));
    await new Promise((r) => setImmediate(r));
    expect(passed).toEqual([]);
    gate.destroy();
    await new Promise((r) => setImmediate(r));
    expect(passed).toEqual([5]);
    tee.write(Buffer.alloc(7));
    await new Promise((r) => setImmediate(r));
    expect(passed).toEqual([5, 7]);
  });
});
