// Password checks take turns: a flood of strangers' checks is refused 429 past a few waiting places and
// two from one address, while a browser known to the account has a lane of its own.
import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../common/rate-limit';
import { inPasswordTurn, PASSWORD_TURNS } from './password-hashing';

/** A check that lasts until `done` is called. */
function held() {
  let done = () => {};
  const gate = new Promise<void>((resolve) => (done = resolve));
  return { done, work: () => gate };
}

describe('password turns', () => {
  it('refuse strangers past their waiting places and past two from one address, never a known browser', async () => {
    const checks = Array.from({ length: PASSWORD_TURNS.concurrent + PASSWORD_TURNS.waiting }, () => held());
    const flood = checks.map((c, i) => inPasswordTurn({ address: `10.0.0.${i}`, known: false }, c.work));
    // Every place taken: the next stranger is refused at once, with a Retry-After.
    const refused = await inPasswordTurn({ address: '10.0.1.1', known: false }, async () => 'ran').catch((e) => e);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).retryAfter).toBe(PASSWORD_TURNS.retryAfterSeconds);
    // The owner's known browser is not behind them.
    let ran = false;
    await inPasswordTurn({ address: '10.0.1.2', known: true }, async () => {
      ran = true;
    });
    expect(ran).toBe(true);
    checks.forEach((c) => c.done());
    await Promise.all(flood);
  });

  it('let one address hold two places at most, and give them back', async () => {
    const [a, b] = [held(), held()];
    const who = { address: '10.0.2.1', known: false };
    const two = [inPasswordTurn(who, a.work), inPasswordTurn(who, b.work)];
    await expect(inPasswordTurn(who, async () => undefined)).rejects.toBeInstanceOf(TooManyRequestsError);
    // Another address waits its turn (both turns are held), and gets it.
    const another = inPasswordTurn({ address: '10.0.2.2', known: false }, async () => 'another address');
    a.done();
    b.done();
    expect(await another).toBe('another address');
    await Promise.all(two);
    expect(await inPasswordTurn(who, async () => 'again')).toBe('again');
  });
});
