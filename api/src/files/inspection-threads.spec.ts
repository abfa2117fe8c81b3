import { afterAll, describe, expect, it } from 'vitest';
import type { Worker } from 'node:worker_threads';
import { prepareInspection, release, takeThread } from './inspection-threads';

describe('the upload inspection threads', () => {
  const taken: Worker[] = [];
  const take = () => {
    const t = takeThread();
    taken.push(t);
    return t;
  };
  afterAll(async () => {
    await Promise.all(taken.map((t) => t.terminate()));
  });

  it('hand out the thread that read a file last, the spare staying fresh while two keep up', () => {
    prepareInspection();
    const first = take();
    release(first, true);
    // Fresh threads wait in the pool, but the one that has read a file goes again.
    expect(take()).toBe(first);
    // Two at once: the second is a fresh one.
    const second = take();
    expect(second).not.toBe(first);
    release(second, true);
    release(first, true);
    // The one given back last, then the other that has read a file, and only then the spare.
    expect(take()).toBe(first);
    expect(take()).toBe(second);
    const spare = take();
    expect([first, second]).not.toContain(spare);
  });
});
