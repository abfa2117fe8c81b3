import { describe, expect, it } from 'vitest';
import { Kept } from './kept';

describe('values kept in memory', () => {
  it('answers a value until its time is up, from when it was put (use does not renew it)', () => {
    const kept = new Kept<string>(1_000, 10);
    kept.put('a', 'one', 0);
    expect(kept.get('a', 500)).toBe('one');
    expect(kept.get('a', 999)).toBe('one');
    expect(kept.get('a', 1_000)).toBeUndefined();
    expect(kept.get('a', 0)).toBeUndefined();
  });

  it('holds at most its bound: the oldest put goes first', () => {
    const kept = new Kept<number>(60_000, 2);
    kept.put('a', 1, 0);
    kept.put('b', 2, 0);
    kept.put('a', 3, 0);
    kept.put('c', 4, 0);
    expect([kept.get('a', 1), kept.get('b', 1), kept.get('c', 1)]).toEqual([3, undefined, 4]);
  });

  it('forgets a value on demand', () => {
    const kept = new Kept<number>(60_000, 2);
    kept.put('a', 1, 0);
    kept.forget('a');
    expect(kept.get('a', 1)).toBeUndefined();
  });
});
