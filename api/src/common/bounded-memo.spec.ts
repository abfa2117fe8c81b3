import { describe, expect, it } from 'vitest';
import { BoundedMemo } from './bounded-memo';

describe('BoundedMemo', () => {
  it('makes each answer once while it is remembered', () => {
    const memo = new BoundedMemo(10, 60_000);
    let made = 0;
    const make = () => `made ${++made}`;
    expect(memo.of('a', make)).toBe('made 1');
    expect(memo.of('a', make)).toBe('made 1');
    expect(memo.of('b', make)).toBe('made 2');
    expect(made).toBe(2);
  });

  it('forgets the oldest answer past its size', () => {
    const memo = new BoundedMemo(2, 60_000);
    memo.of('a', () => 'A');
    memo.of('b', () => 'B');
    memo.of('c', () => 'C');
    expect(memo.size).toBe(2);
    expect(memo.of('a', () => 'A again')).toBe('A again');
    expect(memo.of('c', () => 'C again')).toBe('C');
  });

  it('forgets answers older than its lifetime at the next call, whatever is asked', () => {
    let now = 0;
    const memo = new BoundedMemo(10, 1000, () => now);
    memo.of('a', () => 'A');
    now = 500;
    memo.of('b', () => 'B');
    now = 1000;
    memo.of('z', () => 'Z');
    // 'a' is gone without being asked for again; 'b' is still remembered.
    expect(memo.size).toBe(2);
    expect(memo.of('b', () => 'B again')).toBe('B');
    expect(memo.of('a', () => 'A again')).toBe('A again');
  });
});
