// The queue's fairness mark: an address is made to yield (its later inspections cut after `yieldAfterMs`
// while another address waits, where the file is kept anyway) only once one of its inspections ran out its
// budget, never because an inspection took long on the clock (a good file on a busy machine, a phone's photos).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, slot, type Requester, type Turn } from './inspection-queue';

/** A job held in its slot until `finish`, its turn and whether it was asked to hurry exposed. */
function held(who: Requester) {
  let finish!: () => void;
  let turn!: Turn;
  const hurried = vi.fn();
  const done = slot(who, (t) => {
    turn = t;
    t.onContention(hurried);
    return new Promise<void>((resolve) => (finish = resolve));
  });
  return { done, hurried, finish: () => finish(), turn: () => turn };
}

/** `first` ran for longer than a budget on the clock, saying `budgetSpent` or not; then the address's next file. */
async function nextFileAfter(address: string, spent: boolean) {
  const first = held({ applicant: `${address}-1`, address });
  await vi.advanceTimersByTimeAsync(LIMITS.budgetMs * 2);
  if (spent) first.turn().budgetSpent();
  first.finish();
  await first.done;
  // The address's next file takes a thread, another address the other, and a third address waits.
  const next = held({ applicant: `${address}-2`, address });
  const other = held({ applicant: `${address}-other`, address: `${address}-elsewhere` });
  const waiter = held({ applicant: `${address}-waiter`, address: `${address}-waiting` });
  await vi.advanceTimersByTimeAsync(LIMITS.yieldAfterMs * 4);
  const hurried = next.hurried.mock.calls.length > 0;
  for (const job of [next, other, waiter]) {
    job.finish();
    await vi.advanceTimersByTimeAsync(0);
  }
  await Promise.all([next.done, other.done, waiter.done]);
  return hurried;
}

describe('the inspection queue’s slow addresses', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are not made by a long time on the clock: the next file keeps its whole budget while others wait', async () => {
    expect(await nextFileAfter('198.51.100.7', false)).toBe(false);
  });

  it('are made by a budget run out: the next file is cut short while another address waits', async () => {
    expect(await nextFileAfter('198.51.100.8', true)).toBe(true);
  });
});
