// throwIfSuperseded guards the creates that have no idempotency key of their own (a Lead, a ContentVersion,
// a sign request, the offer email's record): an attempt the worker has cancelled (its timeout passed, its
// retry began) must stop before it writes. Temporal's own activity environment, our function unchanged.
import { Context } from '@temporalio/activity';
import { CancelledFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { describe, expect, it } from 'vitest';
import { throwIfSuperseded } from './superseded';

describe('throwIfSuperseded', () => {
  it('lets a running attempt go on', async () => {
    const env = new MockActivityEnvironment();
    await expect(env.run(async () => (throwIfSuperseded(), 'wrote'))).resolves.toBe('wrote');
  });

  it('stops an attempt the worker cancelled, before its write', async () => {
    const env = new MockActivityEnvironment();
    let wrote = false;
    const attempt = env.run(async () => {
      // The worker's cancel arrives while the attempt is still working.
      await Context.current().cancelled.catch(() => undefined);
      throwIfSuperseded();
      wrote = true;
    });
    env.cancel('TIMED_OUT');
    await expect(attempt).rejects.toBeInstanceOf(CancelledFailure);
    expect(wrote).toBe(false);
  });

  it('outside an activity (a test calling the function) does nothing', () => {
    expect(() => throwIfSuperseded()).not.toThrow();
  });
});
