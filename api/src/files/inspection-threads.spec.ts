import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareInspection, release, takeThread } from './inspection-threads';
import { runOnThread, type FromThread } from './thread-job';

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

  it("counts a file's budget from when its thread has loaded its modules, not from the thread's start", async () => {
    // The pool's threads all taken (above): the job's thread is started for it, its modules still loading
    // (over 100 ms on a quiet machine, seconds on a busy one), and a missing file is answered at once.
    let ranOut = false;
    const answer = await runOnThread<FromThread | undefined>(
      { path: join(tmpdir(), `no-such-statement-${Date.now()}.pdf`) },
      100,
      () => {
        let got: FromThread | undefined;
        return {
          onMessage: (m) => void (got ??= m),
          onError: () => undefined,
          onBudget: () => void (ranOut = true),
          answer: () => got,
        };
      },
    );
    expect(ranOut).toBe(false);
    expect(answer).toMatchObject({ ok: false });
  });
});
