import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { slowTextPdf } from '../../../tests/support/pdf-fixtures';
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

  it("counts a file's budget in its thread's CPU: the time it waits for a core is not the file's", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'budget-'));
    const path = join(dir, 'slow.pdf');
    await writeFile(path, slowTextPdf());
    // Three threads spinning on the two cores: the job's thread gets about half a core, and a budget of
    // 300 ms of its CPU takes about twice that on the clock (it ended at 300 ms when the budget was the clock's).
    const spinners = Array.from(
      { length: 3 },
      () => new Worker('const end = Date.now() + 30_000; while (Date.now() < end);', { eval: true }),
    );
    try {
      let ranOutAt = 0;
      const started = Date.now();
      await runOnThread({ path, statementMonth: 'October 2026' }, 300, () => ({
        onMessage: () => undefined,
        onError: () => undefined,
        onBudget: () => void (ranOutAt = Date.now()),
        answer: () => undefined,
      }));
      expect(ranOutAt).toBeGreaterThan(0);
      expect(ranOutAt - started).toBeGreaterThan(390);
    } finally {
      await Promise.all(spinners.map((w) => w.terminate()));
      await rm(dir, { recursive: true, force: true });
    }
  });
});
