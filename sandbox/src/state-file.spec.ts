import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stateFile } from './state-file';

describe("a stand-in's state file", () => {
  const dir = mkdtempSync(join(tmpdir(), 'state-file-'));
  afterEach(() => vi.useRealTimers());

  it('writes within 250 ms while small, and waits 50 times a costly write before the next', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const file = join(dir, 'state.json');
    let n = 0;
    let costMs = 0;
    const stored = stateFile(file, () => {
      const until = performance.now() + costMs;
      while (performance.now() < until); // a state as costly to write as a large one
      return { n };
    });
    const written = () => (JSON.parse(readFileSync(file, 'utf8')) as { n: number }).n;
    n = 1;
    stored.save();
    vi.advanceTimersByTime(250);
    expect(written()).toBe(1);

    costMs = 20;
    n = 2;
    stored.save();
    vi.advanceTimersByTime(250);
    expect(written()).toBe(2); // the wait was set by the cheap write before
    n = 3;
    stored.save();
    vi.advanceTimersByTime(900); // 50 × 20 ms
    expect(written()).toBe(2);
    vi.advanceTimersByTime(2000); // the write's own time on a busy machine stretches the wait a little
    expect(written()).toBe(3);
    rmSync(dir, { recursive: true, force: true });
  });
});
