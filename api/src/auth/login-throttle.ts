import { Injectable, UnauthorizedException } from '@nestjs/common';
import { ACCOUNT_CODES } from '@portal/libs';
import { RateLimiter, TooManyRequestsError, type Throttle } from '../common/rate-limit';
import type { Device } from './device-trust';

const WINDOW_SECONDS = 15 * 60;
const DAY_SECONDS = 24 * 3600;
/** NIST SP 800-63B: no more than 100 consecutive failed attempts on one account. */
const MAX_ACCOUNT_FAILURES_PER_DAY = 100;

const throttle = (key: string, free: number): Throttle => ({
  key,
  free,
  windowSeconds: WINDOW_SECONDS,
  baseDelaySeconds: 30,
  capSeconds: WINDOW_SECONDS,
});

/**
 * Every check of a password (login, and the code step of sign-up, which takes the password too) goes
 * through here, keyed by account and by client address:
 * - per address: 50 checks per 15 minutes, then one per 30 s, 60 s, 120 s … (up to 15 minutes);
 * - per account: 10 wrong passwords per 15 minutes, then the same growing delays; the 15 minutes slide
 *   with the failures' own times (a fixed window's turn hands out no fresh tries);
 * - an address that has not failed on the account still gets one try while the account is throttled by
 *   its failures, so an attack from elsewhere never locks the owner out (no lockout DoS); while the
 *   window's tries are still being checked, every further try waits a second;
 * - 100 wrong passwords on one account within a day stop all tries until a password reset, which clears
 *   the count;
 * - the owner's known browser (a device cookie a past sign-in on this account vouched for) passes both
 *   account-wide limits, which strangers can fill: it has its own 10 tries per 15 minutes instead, so
 *   guessing from a stolen cookie is throttled too (NIST SP 800-63B §5.2.2).
 * A correct password gives its slot back and clears its address's failures on that account.
 */
@Injectable()
export class LoginThrottle {
  constructor(private readonly limiter: RateLimiter) {}

  async check<T>(account: string, ip: string, device: Device, verify: () => Promise<T>): Promise<T> {
    const name = account.trim().toLowerCase();
    const known = device.id !== undefined && device.trustedFor(name);
    // A known browser's failures count on its own key: they neither fill nor read the account's.
    const acct = known ? `pw:dev:${name}:${device.id}` : accountKey(name);
    const addr = `pw:ip:${ip}`;
    const pair = `pw:pair:${name}:${ip}`;
    // The account's failures of the day and of the last window, from one read: the window's count makes
    // the account's limit slide.
    const [today, lately] = known
      ? [0, undefined]
      : await this.limiter.failureCounts(acct, [DAY_SECONDS, WINDOW_SECONDS]);
    if (today >= MAX_ACCOUNT_FAILURES_PER_DAY)
      throw new TooManyRequestsError(WINDOW_SECONDS, ACCOUNT_CODES.resetPasswordToContinue, 'password:locked');

    const byAddress = await this.limiter.throttle(throttle(addr, 50));
    if (!byAddress.go) throw new TooManyRequestsError(byAddress.wait, undefined, 'password:ip');
    const byAccount = await this.limiter.throttle(throttle(acct, 10), Date.now(), lately);
    // The slots a check gives back (a success, or a failure that is not a wrong password), in one write.
    const slots = [byAddress.slot, byAccount.go ? byAccount.slot : undefined];
    if (!byAccount.go) {
      // The window's tries are still being checked, not yet failures: no throttle by failures to pass yet,
      // and this address's first try would be an 11th check of a parallel burst.
      if (byAccount.checking) throw new TooManyRequestsError(byAccount.wait, undefined, 'password:account');
      const pairFailed = await this.limiter.failureCount(pair, WINDOW_SECONDS);
      if (pairFailed > 0 || !(await this.limiter.once(`${pair}:first`, WINDOW_SECONDS)))
        throw new TooManyRequestsError(byAccount.wait, undefined, 'password:account');
    }

    try {
      const answer = await verify();
      await Promise.all([this.limiter.releaseAll(slots), this.limiter.clearFailures(pair)]);
      return answer;
    } catch (e) {
      if (e instanceof UnauthorizedException) await this.limiter.recordFailure(acct, addr, pair);
      else await this.limiter.releaseAll(slots);
      throw e;
    }
  }

  /**
   * A completed password reset proves the owner: the day's count of strangers' guesses starts again, and
   * so does the window's (its slots, held by those guesses, would otherwise read as tries still being
   * checked).
   */
  async forgive(account: string): Promise<void> {
    const key = accountKey(account.trim().toLowerCase());
    await Promise.all([this.limiter.clearFailures(key), this.limiter.clearWindow(key, WINDOW_SECONDS)]);
  }
}

const accountKey = (name: string) => `pw:acct:${name}`;
