import { describe, expect, it } from 'vitest';
import { gate } from './copy-gate';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('gate', () => {
  it('runs at most its size at once, the others in the order they came', async () => {
    const through = gate(2);
    const calls = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const done = calls.map((d, i) =>
      through(async () => {
        started.push(i);
        await d.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    calls[1]!.resolve();
    await expect(done[1]).resolves.toBe(1);
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    calls[0]!.resolve();
    calls[2]!.resolve();
    calls[3]!.resolve();
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('gives the slot back when a call fails', async () => {
    const through = gate(1);
    await expect(through(() => Promise.reject(new Error('CRM down')))).rejects.toThrow('CRM down');
    await expect(through(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
